import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader';

/** Stand-in for a section another part of the project delivers. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('shell');
  return (
    <div className="page">
      <PageHeader title={t(titleKey)} subtitle={t('placeholder.text')} />
    </div>
  );
}
