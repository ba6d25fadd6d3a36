import { DisconnectOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusCard } from '../../components/StatusCard';

/**
 * Said instead of going to the console again when this server did not send it
 * (`consoleMissing`), with the way on (`action`) the admin has from here.
 */
export function ConsoleMissing({ action }: { action: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <StatusCard icon={<DisconnectOutlined />} tone="warn" title={t('admin.missingTitle')} actions={action}>
      <p>{t('admin.missingText')}</p>
    </StatusCard>
  );
}
