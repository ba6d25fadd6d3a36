export function Spinner({ small, label }: { small?: boolean; label?: string }) {
  return (
    <span
      className={small ? 'spinner spinner-sm' : 'spinner'}
      role="status"
      aria-label={label ?? 'Loading'}
    />
  );
}

/** A spinner in the middle of the page area. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="center-stage">
      <Spinner label={label} />
    </div>
  );
}
