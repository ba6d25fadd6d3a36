import { ExperimentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ContentSource } from '@portal/contracts/academy/endpoints';
import { useTranslation } from 'react-i18next';
import { academyLinksQuery } from '../lib/academyLinks';

/**
 * For admins only: says that a page shows the bundled demo content (the server sends the demo
 * sources to admins alone), so nobody takes the samples for the real library.
 */
export function DemoBadge({ source }: { source: ContentSource }) {
  const { t } = useTranslation('common');
  const { data } = useQuery(academyLinksQuery);
  if (!data?.demoContent.includes(source)) return null;
  return (
    <p className="demo-badge" role="note" data-testid="demo-badge">
      <span className="demo-badge-label">
        <ExperimentOutlined aria-hidden="true" /> {t('demo.badge')}
      </span>
      <span className="demo-badge-hint">{t(`demo.hint.${source}`)}</span>
    </p>
  );
}
