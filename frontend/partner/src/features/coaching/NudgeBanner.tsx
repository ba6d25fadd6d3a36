import Alert from 'antd/es/alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { coachingQuery } from './coachingApi';

/** /foundation: the sponsor's nudge of the last days, with their note. */
export function NudgeBanner() {
  const { t } = useTranslation('foundation');
  const { data } = useQuery(coachingQuery);
  const nudge = data?.latestNudge;
  if (!nudge) return null;
  return (
    <Alert
      className="fd-nudge"
      type="info"
      showIcon
      message={t('nudge.title', { name: nudge.sponsorName })}
      description={nudge.note ? `“${nudge.note}”` : t('nudge.noNote')}
    />
  );
}
