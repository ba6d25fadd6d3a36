import Button from 'antd/es/button';
import { CompassOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { StatusCard } from '../../components/StatusCard';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <StatusCard
      icon={<CompassOutlined />}
      title={t('notFound.title')}
      actions={
        <Button type="primary" size="large" onClick={() => void navigate({ to: '/' })}>
          {t('notFound.home')}
        </Button>
      }
    >
      <p>{t('notFound.text')}</p>
    </StatusCard>
  );
}
