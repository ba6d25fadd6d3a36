import Button from 'antd/es/button';
import {
  ArrowRightOutlined,
  BookOutlined,
  CheckCircleFilled,
  ClockCircleOutlined,
  CompassOutlined,
  ExportOutlined,
  FolderOpenOutlined,
  LockOutlined,
  PlayCircleOutlined,
  RiseOutlined,
  ShoppingOutlined,
  StarOutlined,
  TeamOutlined,
  TrophyOutlined,
  UnlockOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type CSSProperties, type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@portal/contracts/core/numbers';
import { PageSpinner } from '../../components/Spinner';
import { academyLinksQuery } from '../../lib/academyLinks';
import {
  STEP_COUNT,
  foundationComplete,
  foundationPercent,
  progressQuery,
  stepsDone as stepsDoneOf,
} from '../../lib/progress';
import { currentLanguage } from '../../lib/i18n';
import { useSessionPart } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useModule } from '../../../../shared/useModule';
import { recordTourCompleted, recordTourSkipped, shouldPrompt, tutorialQuery } from './tutorial';
import { TourOffer } from './TourOffer';
import './academy.css';

// react-joyride's code loads only when the tour starts
const loadAcademyTour = () => import('./AcademyTour');

type CardKey = 'liveCalls' | 'replays' | 'vault' | 'resources' | 'partners' | 'foundation';

interface HubCard {
  key: CardKey;
  to: '/live-calls' | '/replays' | '/vault' | '/resources' | '/partners' | '/foundation';
  tour?: string;
  icon: ReactNode;
  tone: string;
}

const CARDS: HubCard[] = [
  { key: 'liveCalls', to: '/live-calls', tour: 'live-calls', icon: <VideoCameraOutlined />, tone: 'blue' },
  { key: 'replays', to: '/replays', tour: 'replays', icon: <PlayCircleOutlined />, tone: 'violet' },
  { key: 'vault', to: '/vault', tour: 'success-stories', icon: <StarOutlined />, tone: 'amber' },
  { key: 'resources', to: '/resources', tour: 'resources', icon: <FolderOpenOutlined />, tone: 'teal' },
  { key: 'partners', to: '/partners', tour: 'partners', icon: <TeamOutlined />, tone: 'rose' },
  { key: 'foundation', to: '/foundation', icon: <BookOutlined />, tone: 'green' },
];

/** One card of the hub; `stepsDone` words the foundation card while the hub is locked. */
function Card({ card, locked, stepsDone }: { card: HubCard; locked: boolean; stepsDone: number }) {
  const { t } = useTranslation('academy');
  const navigate = useNavigate();
  const isFoundation = card.key === 'foundation';
  const disabled = locked && !isFoundation;
  // the foundation card reviews a finished foundation, and starts or continues an unfinished one
  const action = !isFoundation ? 'explore' : !locked ? 'review' : stepsDone === 0 ? 'start' : 'continue';
  const open = () => {
    if (!disabled) void navigate({ to: card.to });
  };
  return (
    <article
      className={`hub-card hub-tone-${card.tone}${disabled ? ' hub-card-locked' : ''}`}
      data-tour={card.tour}
      data-card={card.key}
      aria-disabled={disabled || undefined}
      onClick={open}
    >
      <div className="hub-card-top">
        <span className="hub-card-icon" aria-hidden="true">
          {card.icon}
        </span>
        {disabled ? (
          <span className="hub-badge hub-badge-locked">
            <LockOutlined /> {t('cards.locked')}
          </span>
        ) : locked && isFoundation ? (
          <span className="hub-badge hub-badge-available">{t('cards.available')}</span>
        ) : null}
      </div>
      <h3>{t(`cards.${card.key}.title`)}</h3>
      <p>{locked && isFoundation ? t('cards.foundation.lockedText') : t(`cards.${card.key}.text`)}</p>
      {/* six buttons said "Explore": the name carries the card's title, as the foundation page's
          "Review: Get Connected" */}
      <Button
        type={isFoundation ? 'default' : 'primary'}
        block
        disabled={disabled}
        aria-label={`${t(`cards.${action}`)}: ${t(`cards.${card.key}.title`)}`}
        icon={disabled ? <LockOutlined aria-hidden="true" /> : undefined}
        onClick={(e) => {
          e.stopPropagation();
          open();
        }}
      >
        {t(`cards.${action}`)}
        {!disabled && <ArrowRightOutlined aria-hidden="true" />}
      </Button>
    </article>
  );
}

/** The static success rate of the stat cards (spec 001: 50+, 1000+, 95%). */
const SUCCESS_RATE_PERCENT = 95;

/** /academy: the hub once the foundation is done, the locked hub before. */
export function AcademyPage() {
  const { t } = useTranslation('academy');
  // not useSession(): the hub renders again only when what it shows of the user changes
  const user = useSessionPart((u) => ({ firstName: u.firstName, mustChangePassword: u.mustChangePassword }));
  const progressState = useQuery(progressQuery);
  const unlocked = foundationComplete(progressState.data?.progress);
  const tutorial = useQuery({ ...tutorialQuery, enabled: !!user && !user.mustChangePassword });
  const links = useQuery({ ...academyLinksQuery, enabled: !!user && !user.mustChangePassword });
  const [touring, setTouring] = useState(false);
  // once the tour has started (from the prompt or the button), the prompt is not offered again
  const [tourStarted, setTourStarted] = useState(false);
  const AcademyTour = useModule(loadAcademyTour, touring);

  const startTour = useCallback(() => {
    setTourStarted(true);
    setTouring(true);
  }, []);

  // the tour's tooltips and the prompt go away with the focus in them: it comes back to the
  // button that starts the tour again, not to the page's body (a keyboard user would start over
  // from the top bar)
  const startButton = useRef<HTMLButtonElement>(null);

  const onFinished = useCallback(async () => {
    setTouring(false);
    window.scrollTo({ top: 0, behavior: 'smooth' });
    startButton.current?.focus({ preventScroll: true });
    await recordTourCompleted();
    toast.success(t('tour.doneTitle'), t('tour.doneText'));
  }, [t]);

  const onSkipped = useCallback(async () => {
    setTouring(false);
    startButton.current?.focus();
    await recordTourSkipped();
  }, []);

  if (!user || progressState.isPending || (!progressState.data && !progressState.isError)) {
    return <PageSpinner label={t('loading')} />;
  }

  const locked = !unlocked;
  const stepsDone = stepsDoneOf(progressState.data?.progress);
  const lockedPercent = foundationPercent(progressState.data?.progress);
  return (
    <div className={`page academy${locked ? ' academy-locked' : ''}`}>
      <section className="academy-hero">
        <div className="academy-hero-text">
          {locked ? (
            <span className="hub-pill hub-pill-warn">
              <LockOutlined /> {t('hero.foundationRequired')}
            </span>
          ) : (
            <span className="hub-pill">
              <CheckCircleFilled /> {t('hero.foundationComplete')}
            </span>
          )}
          <h1>{locked ? t('hero.lockedTitle') : t('hero.title', { name: user.firstName })}</h1>
          <p>{locked ? t('hero.lockedText') : t('hero.text')}</p>
        </div>
        <div className="academy-hero-actions">
          {locked ? (
            <Link to="/foundation" className="ant-btn-link-reset">
              <Button type="primary" size="large" icon={<ArrowRightOutlined />} iconPosition="end">
                {t('hero.continueFoundation')}
              </Button>
            </Link>
          ) : (
            <Button
              ref={startButton}
              size="large"
              icon={<CompassOutlined />}
              onClick={startTour}
              data-testid="start-tour"
            >
              {t('hero.startTour')}
            </Button>
          )}
        </div>
      </section>

      <div className="academy-layout">
        {/* the cards' h3 titles sit under this h2, so headings never skip a level after the h1 */}
        <section className="hub-grid" aria-labelledby="academy-cards-title">
          <h2 id="academy-cards-title" className="visually-hidden">
            {t('cards.label')}
          </h2>
          {CARDS.map((card) => (
            <Card key={card.key} card={card} locked={locked} stepsDone={stepsDone} />
          ))}
        </section>

        <aside className="academy-side">
          <section className="progress-card" data-tour="progress">
            <header>
              <TrophyOutlined aria-hidden="true" />
              <h2>{t('progress.title')}</h2>
            </header>
            {locked ? (
              <>
                <div
                  className="progress-ring"
                  style={{ '--percent': `${lockedPercent}%` } as CSSProperties}
                  role="img"
                  aria-label={t('progress.percent', {
                    percent: formatPercent(currentLanguage(), lockedPercent),
                  })}
                >
                  <span>{formatPercent(currentLanguage(), lockedPercent)}</span>
                  <small>{t('progress.complete')}</small>
                </div>
                <ul className="progress-facts">
                  {/* not done yet: a pending mark, not the tick of the finished foundation */}
                  <li className="progress-fact-pending">
                    <ClockCircleOutlined /> {t('progress.steps', { done: stepsDone, total: STEP_COUNT })}
                  </li>
                </ul>
                <p className="progress-note">{t('progress.lockedText')}</p>
              </>
            ) : (
              <>
                <div
                  className="progress-ring"
                  style={{ '--percent': '100%' } as CSSProperties}
                  role="img"
                  aria-label={t('progress.percent', { percent: formatPercent(currentLanguage(), 100) })}
                >
                  <span>{formatPercent(currentLanguage(), 100)}</span>
                  <small>{t('progress.complete')}</small>
                </div>
                <ul className="progress-facts">
                  <li>
                    <CheckCircleFilled /> {t('progress.steps', { done: STEP_COUNT, total: STEP_COUNT })}
                  </li>
                  <li>
                    <UnlockOutlined /> {t('progress.unlocked')}
                  </li>
                  <li>
                    <RiseOutlined /> {t('progress.growth')}
                  </li>
                </ul>
              </>
            )}
          </section>

          {!locked && links.data?.advancedAcademyUrl && (
            <section className="advanced-card">
              <h2>{t('advanced.title')}</h2>
              <p>{t('advanced.text')}</p>
              <Button
                type="primary"
                block
                icon={<ExportOutlined />}
                href={links.data.advancedAcademyUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('advanced.open')}
              </Button>
              {links.data.coursePurchaseUrl && (
                <Button
                  type="link"
                  block
                  icon={<ShoppingOutlined />}
                  href={links.data.coursePurchaseUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('advanced.courses')}
                </Button>
              )}
            </section>
          )}
        </aside>
      </div>

      <section className="academy-stats" aria-label={t('stats.label')}>
        {(['sessions', 'partners', 'success'] as const).map((k) => (
          <div className="academy-stat" key={k}>
            {/* the success rate is a number each language writes its own way (95% / 95 %) */}
            <strong>
              {t(`stats.${k}.value`, { percent: formatPercent(currentLanguage(), SUCCESS_RATE_PERCENT) })}
            </strong>
            <span>{t(`stats.${k}.label`)}</span>
          </div>
        ))}
      </section>

      <TourOffer
        armed={unlocked && !tourStarted && shouldPrompt(tutorial.data)}
        onStart={startTour}
        onSkip={onSkipped}
      />
      {touring && AcademyTour && <AcademyTour onFinished={onFinished} onSkipped={onSkipped} />}
    </div>
  );
}
