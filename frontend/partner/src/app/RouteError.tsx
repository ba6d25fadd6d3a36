import Button from 'antd/es/button';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { StatusCard } from '../components/StatusCard';

export function RouteError() {
  const { t } = useTranslation('shell');
  return (
    <StatusCard
      icon={<WarningOutlined />}
      tone="danger"
      title={t('error.title')}
      actions={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      }
    >
      <p>{t('error.text')}</p>
    </StatusCard>
  );
}
