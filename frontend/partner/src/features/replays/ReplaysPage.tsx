import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import {
  CalendarOutlined,
  ClearOutlined,
  LockOutlined,
  PlayCircleFilled,
  SearchOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplayVideo } from '@portal/contracts/academy/schemas';
import {
  REPLAY_CATEGORIES,
  REPLAY_DATE_FILTERS,
  type ReplayCategory,
  type ReplayDateFilter,
  filterReplays,
  replayCategory,
} from '@portal/contracts/academy/replays';
import { DemoBadge } from '../../components/DemoBadge';
import { PageHeader } from '../../components/PageHeader';
import { StatusCard } from '../../components/StatusCard';
import { useSession } from '../../lib/session';
import { radioGroup } from '../../lib/radioGroup';
import './replays.css';
import { playlistQuery } from './queries';
import { clearSearch } from '../../components/clearSearch';

/** Skeleton cards while the playlist loads (spec section 9). */
const SKELETONS = 6;

function Thumbnail({ video }: { video: ReplayVideo }) {
  const [failed, setFailed] = useState(false);
  if (!video.thumbnail || failed) {
    return <div className="replay-thumb-fallback" aria-hidden="true" />;
  }
  return <img src={video.thumbnail} alt="" loading="lazy" onError={() => setFailed(true)} />;
}

function ReplayCard({ video, onWatch }: { video: ReplayVideo; onWatch: () => void }) {
  const { t, i18n } = useTranslation('replays');
  const category = replayCategory(video.title, video.description);
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' }).format(
    new Date(video.publishedAt),
  );
  return (
    <article className="replay-card" data-video={video.id}>
      {/* The thumbnail's button is named "Watch <title>"; the duration and category badges lie on
          the picture but outside the button, as a name must contain the button's visible text. */}
      <div className="replay-thumb-wrap">
        <button
          type="button"
          className="replay-thumb"
          onClick={onWatch}
          aria-label={t('watchTitle', { title: video.title })}
        >
          <Thumbnail video={video} />
          <span className="replay-play" aria-hidden="true">
            <PlayCircleFilled />
          </span>
        </button>
        {video.duration && <span className="replay-duration">{video.duration}</span>}
        <span className={`replay-category replay-cat-${category}`}>{t(`categories.${category}`)}</span>
      </div>
      <div className="replay-body">
        <h3>{video.title}</h3>
        <p className="replay-date">
          <CalendarOutlined /> {date}
        </p>
        <p className="replay-description">{video.description}</p>
        <Button type="primary" icon={<PlayCircleFilled />} onClick={onWatch}>
          {t('watch')}
        </Button>
      </div>
    </article>
  );
}

const CATEGORY_CHOICES = ['all', ...REPLAY_CATEGORIES] as const;

/** /replays: the training playlist with search, category and date filters and a modal player. */
export function ReplaysPage() {
  const { t } = useTranslation('replays');
  const { user } = useSession();
  const query = useQuery({ ...playlistQuery, enabled: !!user });
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<ReplayCategory | 'all'>('all');
  const [date, setDate] = useState<ReplayDateFilter>('all');
  const [playing, setPlaying] = useState<ReplayVideo | null>(null);

  const videos = useMemo(
    () => filterReplays(query.data?.videos ?? [], { search, category, date }, new Date()),
    [query.data, search, category, date],
  );

  if (!user) {
    return (
      <StatusCard icon={<LockOutlined />} tone="warn" title={t('restrictedTitle')}>
        <p>{t('restrictedText')}</p>
      </StatusCard>
    );
  }

  const loading = query.isPending;
  const categoryRadios = radioGroup(CATEGORY_CHOICES, category, setCategory);
  return (
    <div className="page replays">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <DemoBadge source="youtube" />
      <div className="replays-layout">
        <aside className="replays-sidebar" aria-label={t('filters')}>
          <label className="replays-field">
            <span>{t('search')}</span>
            <Input
              allowClear={clearSearch(t)}
              prefix={<SearchOutlined />}
              placeholder={t('searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              aria-label={t('search')}
            />
          </label>
          <div className="replays-field" {...categoryRadios.group} aria-label={t('category')}>
            <span>{t('category')}</span>
            <div className="replays-categories">
              {CATEGORY_CHOICES.map((c) => (
                <button
                  key={c}
                  type="button"
                  {...categoryRadios.radio(c)}
                  className={category === c ? 'replays-chip replays-chip-active' : 'replays-chip'}
                >
                  {t(c === 'all' ? 'all' : `categories.${c}`)}
                </button>
              ))}
            </div>
          </div>
          <label className="replays-field">
            <span>{t('date')}</span>
            <Select<ReplayDateFilter>
              value={date}
              onChange={setDate}
              aria-label={t('date')}
              options={REPLAY_DATE_FILTERS.map((d) => ({ value: d, label: t(`dates.${d}`) }))}
            />
          </label>
          <p className="replays-count" aria-live="polite">
            {loading ? '\u00a0' : t('found', { count: videos.length })}
          </p>
        </aside>

        <section className="replays-main" aria-busy={loading}>
          {loading ? (
            <div className="replays-grid">
              {Array.from({ length: SKELETONS }, (_, i) => (
                <div className="replay-card replay-skeleton" key={i} data-testid="replay-skeleton">
                  <Skeleton.Node active style={{ width: '100%', height: 170 }} />
                  <Skeleton active paragraph={{ rows: 2 }} />
                </div>
              ))}
            </div>
          ) : videos.length === 0 ? (
            <div className="empty-state replays-empty">
              <VideoCameraOutlined aria-hidden="true" />
              <h2>{t('emptyTitle')}</h2>
              <p>{t('emptyText')}</p>
              <Button icon={<ClearOutlined />} onClick={() => setCategory('all')}>
                {t('clearFilters')}
              </Button>
            </div>
          ) : (
            <div className="replays-grid">
              {videos.map((v) => (
                <ReplayCard key={v.id} video={v} onWatch={() => setPlaying(v)} />
              ))}
            </div>
          )}
        </section>
      </div>

      <Modal
        open={!!playing}
        onCancel={() => setPlaying(null)}
        footer={null}
        width={880}
        centered
        destroyOnHidden
        title={playing?.title}
        className="replay-modal"
      >
        {playing && (
          <>
            <div className="video-frame">
              <iframe
                src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(playing.id)}?autoplay=1&rel=0`}
                title={playing.title}
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              />
            </div>
            <p className="replay-modal-description">{playing.description}</p>
          </>
        )}
      </Modal>
    </div>
  );
}
