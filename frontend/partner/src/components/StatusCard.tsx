import type { ReactNode } from 'react';

export interface StatusCardProps {
  icon: ReactNode;
  tone?: 'brand' | 'warn' | 'danger';
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A centred card with an icon, a title, a text and actions: guard cards, 404, access denied. */
export function StatusCard({ icon, tone = 'brand', title, children, actions }: StatusCardProps) {
  return (
    <div className="center-stage">
      <section className="status-card" role="region" aria-labelledby="status-card-title">
        <div
          className={tone === 'brand' ? 'status-icon' : `status-icon status-icon-${tone}`}
          aria-hidden="true"
        >
          {icon}
        </div>
        <h1 id="status-card-title">{title}</h1>
        {children}
        {actions && <div className="status-actions">{actions}</div>}
      </section>
    </div>
  );
}
