import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import {
  CheckOutlined,
  FacebookFilled,
  FilterOutlined,
  LinkOutlined,
  LockOutlined,
  PlayCircleFilled,
  StarFilled,
  WhatsAppOutlined,
  XOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TESTIMONIAL_CATEGORIES, type TestimonialCategory } from '@portal/contracts/academy/endpoints';
import type { Testimonial } from '@portal/contracts/academy/schemas';
import { StatusCard } from '../../components/StatusCard';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import './vault.css';
import { DemoBadge } from '../../components/DemoBadge';
import { testimonialsQuery } from './queries';

/** Spec section 9: at most 3 badges per card, 600x400 share popups, 2 s copy confirmation. */
const MAX_BADGES = 3;
const SHARE_FEATURES = 'width=600,height=400,noopener,noreferrer';
const COPIED_MS = 2000;

type Filter = TestimonialCategory | 'all';

const CATEGORY_SET = new Set<string>(TESTIMONIAL_CATEGORIES);
/** The selected category is kept in the address (`?category=weight-loss`): shareable, and Back works. */
const filterOf = (value: unknown): Filter =>
  typeof value === 'string' && CATEGORY_SET.has(value) ? (value as TestimonialCategory) : 'all';

/** A thumbnail that falls back along the testimonial's list (high quality, standard, default), then to a drawing. */
function Thumb({ urls }: { urls: string[] }) {
  const [index, setIndex] = useState(0);
  if (index >= urls.length) {
    return <div className="vault-thumb-fallback" aria-hidden="true" />;
  }
  return <img src={urls[index]} alt="" loading="lazy" onError={() => setIndex((i) => i + 1)} />;
}

/** "Inflammation/Douleur" may wrap after its slash when the card or the sidebar is narrow. */
const breakAfterSlashes = (label: string) =>
  label.split('/').map((part, i, all) => (
    <Fragment key={i}>
      {part}
      {i < all.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));

function Badges({ categories }: { categories: TestimonialCategory[] }) {
  const { t } = useTranslation('vault');
  const shown = categories.slice(0, MAX_BADGES);
  const more = categories.length - shown.length;
  return (
    <div className="vault-badges">
      {shown.map((c) => (
        <span key={c} className="vault-badge">
          {breakAfterSlashes(t(`categories.${c}.name`))}
        </span>
      ))}
      {more > 0 && <span className="vault-badge vault-badge-more">{t('more', { count: more })}</span>}
    </div>
  );
}

function CategoryList({
  counts,
  total,
  value,
  onChange,
}: {
  counts: Map<TestimonialCategory, number>;
  total: number;
  value: Filter;
  onChange: (f: Filter) => void;
}) {
  const { t } = useTranslation('vault');
  const item = (key: Filter, label: string, count: number) => (
    <li key={key}>
      <button
        type="button"
        className={value === key ? 'vault-cat vault-cat-active' : 'vault-cat'}
        aria-pressed={value === key}
        onClick={() => onChange(key)}
        data-category={key}
      >
        <span className="vault-cat-name">{breakAfterSlashes(label)}</span>
        <span className="vault-cat-count">{count}</span>
      </button>
    </li>
  );
  return (
    <ul className="vault-cats" aria-label={t('categoriesLabel')}>
      {item('all', t('all'), total)}
      {TESTIMONIAL_CATEGORIES.map((c) => item(c, t(`categories.${c}.name`), counts.get(c) ?? 0))}
    </ul>
  );
}

function CopyLinkButton({ link }: { link: string }) {
  const { t } = useTranslation('vault');
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success(t('copySuccessTitle'), t('copySuccessText'));
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast.error(t('copyFailedTitle'), t('copyFailedText'));
    }
  };
  return (
    <Button
      icon={copied ? <CheckOutlined /> : <LinkOutlined />}
      onClick={() => void copy()}
      className={copied ? 'vault-copied' : undefined}
    >
      {copied ? t('copied') : t('copyLink')}
    </Button>
  );
}

function share(network: 'facebook' | 'x' | 'whatsapp', text: string, link: string) {
  const url =
    network === 'facebook'
      ? `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}&quote=${encodeURIComponent(text)}`
      : network === 'x'
        ? `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(link)}`
        : `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`;
  window.open(url, `share-${network}`, SHARE_FEATURES);
}

function PlayerDialog({ item, onClose }: { item: Testimonial | null; onClose: () => void }) {
  const { t } = useTranslation('vault');
  // "Check out this testimonial: <name>" (spec), followed by the link
  const text = item ? t('shareText', { name: item.name }) : '';
  return (
    <Modal
      open={!!item}
      onCancel={onClose}
      footer={null}
      width={860}
      centered
      destroyOnHidden
      title={item?.name}
      className="vault-modal"
    >
      {item && (
        <>
          <div className="video-frame">
            <iframe
              src={item.embedUrl}
              title={item.name}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            />
          </div>
          <Badges categories={item.categories as TestimonialCategory[]} />
          <div className="vault-share">
            <span>{t('share')}</span>
            <Button
              icon={<FacebookFilled />}
              onClick={() => share('facebook', text, item.link)}
              aria-label={t('shareOn', { network: 'Facebook' })}
            >
              Facebook
            </Button>
            <Button
              icon={<XOutlined />}
              onClick={() => share('x', text, item.link)}
              aria-label={t('shareOn', { network: 'X (Twitter)' })}
            >
              X
            </Button>
            <Button
              icon={<WhatsAppOutlined />}
              onClick={() => share('whatsapp', text, item.link)}
              aria-label={t('shareOn', { network: 'WhatsApp' })}
            >
              WhatsApp
            </Button>
            <CopyLinkButton link={item.link} />
          </div>
        </>
      )}
    </Modal>
  );
}

/** /vault: success-story videos filtered by health topic. */
export function VaultPage() {
  const { t } = useTranslation('vault');
  const { user } = useSession();
  const query = useQuery({ ...testimonialsQuery, enabled: !!user });
  const navigate = useNavigate();
  const params = useSearch({ strict: false }) as { category?: unknown };
  const filter = filterOf(params.category);
  const setFilter = (f: Filter) =>
    void navigate({ to: '/vault', search: (f === 'all' ? {} : { category: f }) as never });
  const [drawer, setDrawer] = useState(false);
  const [open, setOpen] = useState<Testimonial | null>(null);

  const all = useMemo(() => query.data?.testimonials ?? [], [query.data]);
  const counts = useMemo(() => {
    const m = new Map<TestimonialCategory, number>();
    for (const item of all)
      for (const c of item.categories as TestimonialCategory[]) m.set(c, (m.get(c) ?? 0) + 1);
    return m;
  }, [all]);
  const shown = filter === 'all' ? all : all.filter((i) => (i.categories as string[]).includes(filter));

  if (!user) {
    return (
      <StatusCard icon={<LockOutlined />} tone="warn" title={t('restrictedTitle')}>
        <p>{t('restrictedText')}</p>
      </StatusCard>
    );
  }

  const choose = (f: Filter) => {
    setFilter(f);
    setDrawer(false);
  };

  return (
    <div className="page vault">
      <section className="vault-banner">
        <div>
          <span className="vault-banner-kicker">
            <StarFilled /> {t('banner.kicker')}
          </span>
          <h1>{t('banner.title')}</h1>
          <p>{t('banner.text')}</p>
        </div>
        <svg className="vault-banner-art" viewBox="0 0 200 140" aria-hidden="true">
          <circle cx="70" cy="70" r="56" fill="rgba(255,255,255,0.12)" />
          <circle cx="138" cy="58" r="38" fill="rgba(255,255,255,0.16)" />
          <path d="M60 44 L104 70 L60 96 Z" fill="#fff" opacity="0.92" />
          <path
            d="M150 98 l6 12 13 2 -9.5 9 2.3 13 -11.8 -6.2 -11.8 6.2 2.3 -13 -9.5 -9 13 -2z"
            fill="#ffd666"
          />
        </svg>
      </section>
      <DemoBadge source="vault" />

      <Button className="vault-filter-toggle" icon={<FilterOutlined />} onClick={() => setDrawer(true)}>
        {t('filterButton', { name: filter === 'all' ? t('all') : t(`categories.${filter}.name`) })}
      </Button>

      <div className="vault-layout">
        <aside className="vault-sidebar">
          <h2>{t('categoriesLabel')}</h2>
          <CategoryList counts={counts} total={all.length} value={filter} onChange={choose} />
        </aside>

        <section className="vault-main">
          {filter !== 'all' && (
            <div className="vault-explain" role="status">
              <h2>{t(`categories.${filter}.name`)}</h2>
              <p>{t(`categories.${filter}.description`)}</p>
              <span className="vault-explain-count">{t('videoCount', { count: shown.length })}</span>
            </div>
          )}
          {query.isPending ? (
            <div className="vault-grid">
              {Array.from({ length: 8 }, (_, i) => (
                <div className="vault-card" key={i}>
                  <Skeleton.Node active style={{ width: '100%', height: 150 }} />
                  <Skeleton active title paragraph={{ rows: 1 }} style={{ padding: 12 }} />
                </div>
              ))}
            </div>
          ) : shown.length === 0 ? (
            <p className="vault-empty">{t('empty')}</p>
          ) : (
            <div className="vault-grid">
              {shown.map((item) => (
                <button
                  type="button"
                  className="vault-card"
                  key={item.id}
                  onClick={() => setOpen(item)}
                  data-testimonial={item.id}
                >
                  <span className="vault-thumb">
                    <Thumb urls={item.thumbnails} />
                    <span className="vault-play" aria-hidden="true">
                      <PlayCircleFilled />
                    </span>
                  </span>
                  <span className="vault-card-body">
                    <strong>{item.name}</strong>
                    <Badges categories={item.categories as TestimonialCategory[]} />
                  </span>
                </button>
              ))}
            </div>
          )}
        </section>
      </div>

      <Drawer
        open={drawer}
        onClose={() => setDrawer(false)}
        placement="left"
        title={t('categoriesLabel')}
        width={300}
      >
        <CategoryList counts={counts} total={all.length} value={filter} onChange={choose} />
      </Drawer>
      <PlayerDialog item={open} onClose={() => setOpen(null)} />
    </div>
  );
}
