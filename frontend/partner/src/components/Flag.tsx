import type { LanguageCode } from '../lib/languages';

/**
 * Small flag drawings: emoji flags do not render on Windows or on many Linux desktops, so the
 * language switcher draws its own (the emoji stays in the language data for text contexts).
 */
export function Flag({ code }: { code: LanguageCode }) {
  return (
    <svg className="flag" viewBox="0 0 24 16" aria-hidden="true" focusable="false">
      {code === 'fr' && (
        <>
          <rect width="8" height="16" fill="#1f3f99" />
          <rect x="8" width="8" height="16" fill="#fff" />
          <rect x="16" width="8" height="16" fill="#e1343f" />
        </>
      )}
      {code === 'es' && (
        <>
          <rect width="24" height="16" fill="#c60b1e" />
          <rect y="4" width="24" height="8" fill="#ffc400" />
        </>
      )}
      {code === 'en' && (
        <>
          <rect width="24" height="16" fill="#fff" />
          {[0, 2, 4, 6, 8, 10, 12].map((i) => (
            <rect key={i} y={(i * 16) / 13} width="24" height={16 / 13} fill="#c8102e" />
          ))}
          <rect width="10.4" height={(7 * 16) / 13} fill="#0a3161" />
          {[1.6, 4.4, 7.2].map((x) =>
            [1.8, 4.6, 7.4].map((y) => (
              <circle key={`${x}-${y}`} cx={x + 0.4} cy={y - 0.2} r="0.55" fill="#fff" />
            )),
          )}
        </>
      )}
    </svg>
  );
}
