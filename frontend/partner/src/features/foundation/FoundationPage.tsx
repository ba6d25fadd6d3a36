import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { ArrowRightOutlined, CheckCircleFilled, LockOutlined, TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { STEPS, type StepNumber } from '@portal/contracts/onboarding/endpoints';
import { formatPercent } from '@portal/contracts/core/numbers';
import { LoadFailedCard } from '../../components/LoadFailedCard';
import { PageSpinner } from '../../components/Spinner';
import {
  STEP_COUNT,
  completedSteps,
  foundationPercent,
  foundationComplete,
  isTrue,
  progressQuery,
  stepsDone,
  type ProgressFlags,
} from '../../lib/progress';
import { currentLanguage } from '../../lib/i18n';
import { useSessionPart } from '../../lib/session';
import { toast } from '../../lib/toast';
import { NudgeBanner } from '../coaching/NudgeBanner';
import './foundation.css';

const flagOf = (p: ProgressFlags, n: StepNumber) => isTrue(p[`step${n}Completed`]);
/** Step 4 may be skipped (productExperience.isSkipped); the shell's flags type does not name it. */
const isSkipped = (p: ProgressFlags | null) =>
  (p as { productExperience?: { isSkipped?: boolean } | null } | null)?.productExperience?.isSkipped === true;

/** /foundation: greeting, overall progress, the five steps and the Academy card. */
export function FoundationPage() {
  const { t } = useTranslation('foundation');
  // not useSession(): the page renders again only when the name it shows changes
  const firstName = useSessionPart((u) => u.firstName);
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { completed?: boolean };
  const query = useQuery(progressQuery);
  const progress = query.data?.progress ?? null;
  const congratulated = useRef(false);

  const allDone = foundationComplete(progress);
  // ?completed=true: one congratulation when the foundation is done, and the value leaves the address
  useEffect(() => {
    if (!search.completed || query.isPending) return;
    if (allDone && !congratulated.current) {
      congratulated.current = true;
      toast.success(t('congratsTitle'), t('congratsText'));
    }
    void navigate({ to: '/foundation', search: {}, replace: true });
  }, [search.completed, allDone, query.isPending, navigate, t]);

  if (query.isPending) return <PageSpinner label={t('loading')} />;
  if (query.isError || !query.data) {
    return (
      <LoadFailedCard
        title={t('loadFailedTitle')}
        text={t('loadFailedText')}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const count = completedSteps(progress);
  const percent = foundationPercent(progress);
  const current = typeof progress?.currentStep === 'number' ? progress.currentStep : 1;

  return (
    <div className="page fd-page">
      <NudgeBanner />
      <section className="fd-hero">
        <div className="fd-hero-text">
          <h1>{firstName !== null ? t('greeting', { name: firstName }) : t('greetingNoName')}</h1>
          <p>
            {count === 0
              ? t('introNew')
              : allDone
                ? count < STEP_COUNT
                  ? t('introDoneOpen')
                  : t('introDone')
                : t('introProgress', { count })}
          </p>
          {!allDone && (
            <Button
              type="primary"
              size="large"
              onClick={() => void navigate({ to: '/onboarding', search: { step: current } })}
            >
              {count === 0 ? t('start') : t('resume', { n: current })} <ArrowRightOutlined />
            </Button>
          )}
        </div>
        <div className="fd-hero-progress">
          <Progress
            type="circle"
            percent={percent}
            // the figure once, with its word under it inside the ring, as the Academy's ring
            format={(p) => (
              <>
                {formatPercent(currentLanguage(), p ?? 0)}
                <small className="fd-progress-caption">{t('overall')}</small>
              </>
            )}
            size={128}
            strokeColor="#0d7d67"
            aria-label={t('progressLabel')}
          />
        </div>
      </section>

      <h2 className="fd-section-title">{t('stepsTitle')}</h2>
      <ol className="fd-steps">
        {STEPS.map((n) => {
          const done = !!progress && flagOf(progress, n);
          const skipped = n === 4 && !done && isSkipped(progress);
          const isCurrent = !done && n === current;
          return (
            <li
              key={n}
              className={['fd-step', done && 'is-done', isCurrent && 'is-current'].filter(Boolean).join(' ')}
            >
              {/* the state alone: the kicker names the step ("Step 2"), a number here said it twice */}
              <div className="fd-step-num" aria-hidden="true">
                {done && <CheckCircleFilled />}
              </div>
              <div className="fd-step-body">
                <span className="fd-step-kicker">{t('stepN', { n })}</span>
                <h3>{t(`steps.${n}.title`)}</h3>
                <p>{t(`steps.${n}.text`)}</p>
              </div>
              <div className="fd-step-side">
                <span
                  className={done ? 'fd-tag fd-tag-done' : isCurrent ? 'fd-tag fd-tag-current' : 'fd-tag'}
                >
                  {done
                    ? t('state.done')
                    : isCurrent
                      ? t('state.current')
                      : skipped
                        ? t('state.skipped')
                        : t('state.todo')}
                </span>
                <Link
                  to="/onboarding"
                  search={{ step: n }}
                  className={done ? 'fd-btn' : 'fd-btn fd-btn-primary'}
                  aria-label={`${done ? t('review') : t('continue')}: ${t(`steps.${n}.title`)}`}
                >
                  {done ? t('review') : t('continue')}
                </Link>
              </div>
            </li>
          );
        })}
      </ol>

      <section className={allDone ? 'fd-academy is-open' : 'fd-academy'} aria-labelledby="fd-academy-title">
        <div className="fd-academy-icon" aria-hidden="true">
          {allDone ? <TrophyOutlined /> : <LockOutlined />}
        </div>
        <div className="fd-academy-body">
          <h2 id="fd-academy-title">{t('academy.title')}</h2>
          <p>
            {allDone ? t('academy.open') : t('academy.locked', { count: STEP_COUNT - stepsDone(progress) })}
          </p>
        </div>
        {allDone ? (
          <Link to="/academy" className="fd-btn fd-btn-primary fd-btn-lg">
            {t('academy.enter')} <ArrowRightOutlined />
          </Link>
        ) : (
          <span className="fd-academy-lock">{t('academy.lockedTag')}</span>
        )}
      </section>
    </div>
  );
}
