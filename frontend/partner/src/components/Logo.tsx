export function LogoMark({ className = 'logo-mark' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14a086" />
          <stop offset="1" stopColor="#0b5f52" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#logo-g)" />
      <path
        d="M45 17C30 17 19 26 19 40c0 3 1 6 2 8 3-9 9-15 18-19-7 5-12 11-14 20 2 1 4 1 6 1 13 0 19-11 19-24 0-3-1-6-5-9z"
        fill="#fff"
      />
    </svg>
  );
}
