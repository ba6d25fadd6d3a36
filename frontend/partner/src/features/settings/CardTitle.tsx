import type { ReactNode } from 'react';

/** A settings card's title: its icon, then its words. */
export function CardTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="settings-card-title">
      {icon}
      {children}
    </span>
  );
}
