import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import { GlobalOutlined, SlidersOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageList } from '../../components/LanguageSwitcher';
import { PageHeader } from '../../components/PageHeader';
import { useSession } from '../../lib/session';
import { CalendarLinkCard } from './CalendarLinkCard';
import { CardTitle } from './CardTitle';
import { ProfileCard } from './ProfileCard';
import { NudgesCard } from '../coaching/NudgesCard';
import { SecondFactorCard } from './SecondFactorCard';
import './settings.css';

function ComingSoonCard({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Card
      className="settings-card settings-soon"
      title={<CardTitle icon={icon}>{title}</CardTitle>}
      extra={<Tag>{t('comingSoon')}</Tag>}
    >
      <p className="settings-card-text">{text}</p>
    </Card>
  );
}

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="page settings">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="settings-layout">
        <div className="settings-main">
          <ProfileCard user={user} />
        </div>
        <div className="settings-side">
          <Card
            className="settings-card"
            title={<CardTitle icon={<GlobalOutlined />}>{t('language.title')}</CardTitle>}
          >
            <p className="settings-card-text">{t('language.text')}</p>
            <LanguageList />
          </Card>
          <SecondFactorCard user={user} />
          <CalendarLinkCard />
          <ComingSoonCard
            icon={<SlidersOutlined />}
            title={t('preferences.title')}
            text={t('preferences.text')}
          />
          <NudgesCard />
        </div>
      </div>
    </div>
  );
}
