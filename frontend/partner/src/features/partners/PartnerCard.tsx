import Progress from 'antd/es/progress';
import { MailOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@portal/contracts/core/numbers';
import type { PartnerItem } from './partnersQueries';
import { currentLanguage } from '../../lib/i18n';
import { currentStepOf, initialsOf, lastLoginLabel } from './partnersModel';

const STATUS_KEY = {
  complete: 'complete',
  'in-progress': 'inProgress',
  'not-started': 'notStarted',
} as const;

export function StatusBadge({ status }: { status: PartnerItem['status'] }) {
  const { t } = useTranslation('partners');
  return (
    <span className={`partner-status partner-status-${status}`}>{t(`status.${STATUS_KEY[status]}`)}</span>
  );
}

/**
 * "Never", "Today", "3 days ago", "2 weeks ago": always after "Last login:" (lastLogin.at), so Spanish and French
 * write them in lowercase ("Último acceso: hace 3 días").
 */
export function useLastLoginText() {
  const { t } = useTranslation('partners');
  return (lastLoginAt: string | null) => {
    const label = lastLoginLabel(lastLoginAt);
    return 'count' in label ? t(label.key, { count: label.count }) : t(label.key);
  };
}

/** One partner: initials, name, e-mail, uid, status, last login, progress; the name opens the detail sheet. */
export function PartnerCard({
  partner,
  showLevel,
  onOpen,
}: {
  partner: PartnerItem;
  showLevel: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('partners');
  const lastLogin = useLastLoginText();
  const name = `${partner.firstName} ${partner.lastName}`.trim();
  const { percent } = partner.progress;
  return (
    // The whole card is clickable, but only the name is the button (its ::after covers the card):
    // a screen reader hears "Priya Sharma, button" and reads the rest of the card as text, and the
    // button's name is its visible text (WCAG 2.5.3).
    <li className="partner-card" data-testid="partner-card">
      <span className="partner-card-head">
        <span className="avatar partner-avatar" aria-hidden="true">
          {initialsOf(partner.firstName, partner.lastName)}
        </span>
        <span className="partner-card-id">
          <button
            type="button"
            className="partner-name partner-card-open"
            onClick={onOpen}
            aria-haspopup="dialog"
          >
            {name}
          </button>
          <span className="partner-uid">{partner.uid}</span>
        </span>
        <StatusBadge status={partner.status} />
      </span>
      <span className="partner-email">
        <MailOutlined aria-hidden="true" /> {partner.email}
      </span>
      {showLevel && (
        <span className="partner-level-row">
          <span className={`partner-level partner-level-${Math.min(partner.level, 4)}`}>
            {t('level', { level: partner.level })}
          </span>
          {partner.level > 1 && partner.sponsorName && (
            <span className="partner-sponsor">{t('sponsoredBy', { name: partner.sponsorName })}</span>
          )}
        </span>
      )}
      <span className="partner-login">
        <ClockCircleOutlined aria-hidden="true" />{' '}
        {t('lastLogin.at', { when: lastLogin(partner.lastLoginAt) })}
      </span>
      <span className="partner-progress">
        <Progress
          percent={percent}
          showInfo={false}
          size="small"
          strokeColor={partner.status === 'complete' ? 'var(--brand)' : undefined}
          aria-label={t('percent', { percent: formatPercent(currentLanguage(), percent) })}
        />
        <span className="partner-progress-text">
          <span>{t('stepOf', { step: currentStepOf(partner.progress) })}</span>
          <span>{formatPercent(currentLanguage(), percent)}</span>
        </span>
      </span>
    </li>
  );
}
