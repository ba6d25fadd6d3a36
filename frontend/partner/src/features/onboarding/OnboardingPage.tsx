import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { ArrowLeftOutlined, ArrowRightOutlined, CheckOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { STEP_COUNT, STEPS, type StepNumber } from '@portal/contracts/onboarding/endpoints';
import { useCallback, useEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@portal/contracts/core/numbers';
import { LoadFailedCard } from '../../components/LoadFailedCard';
import { PageSpinner } from '../../components/Spinner';
import { currentLanguage } from '../../lib/i18n';
import { foundationPercent, stepsDone } from '../../lib/progress';
import { fullProgressQuery, type Progress as ProgressData } from './api';
import { Step1Newsletter } from './steps/Step1Newsletter';
import { Step2Link } from './steps/Step2Link';
import { Step3Lists } from './steps/Step3Lists';
import { Step4Experience } from './steps/Step4Experience';
import { Step5Why } from './steps/Step5Why';
import type { StepProps } from './steps/types';
import './onboarding.css';

const STEP_VIEWS: Record<StepNumber, ComponentType<StepProps>> = {
  1: Step1Newsletter,
  2: Step2Link,
  3: Step3Lists,
  4: Step4Experience,
  5: Step5Why,
};

const isStep = (v: unknown): v is StepNumber => (STEPS as readonly unknown[]).includes(v);
const stepDone = (p: ProgressData, n: StepNumber) => p[`step${n}Completed`];

/** The step in the address, read from the page itself (used on focus, when another tab or tool may have changed it). */
function stepInAddress(): StepNumber | null {
  const n = Number(new URLSearchParams(window.location.search).get('step'));
  return isStep(n) ? n : null;
}

function StepIndicator({
  progress,
  current,
  onSelect,
}: {
  progress: ProgressData;
  current: StepNumber;
  onSelect: (n: StepNumber) => void;
}) {
  const { t } = useTranslation('onboarding');
  return (
    <nav className="ob-steps" aria-label={t('indicatorLabel')}>
      <ol>
        {STEPS.map((n) => {
          const done = stepDone(progress, n);
          const skipped = n === 4 && !done && progress.productExperience?.isSkipped;
          const cls = [
            'ob-steps-item',
            done && 'is-done',
            n === current && 'is-current',
            skipped && 'is-skipped',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li key={n} className={cls}>
              <button
                type="button"
                onClick={() => onSelect(n)}
                aria-current={n === current ? 'step' : undefined}
              >
                <span className="ob-steps-dot" aria-hidden="true">
                  {done ? <CheckOutlined /> : n}
                </span>
                <span className="ob-steps-text">
                  <span className="ob-steps-title">{t(`titles.${n}`)}</span>
                  <span className="ob-steps-state">
                    {done
                      ? t('state.done')
                      : skipped
                        ? t('state.skipped')
                        : n === progress.currentStep
                          ? t('state.current')
                          : t('state.todo')}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** /onboarding?step={1..5}: the five-step foundation wizard. */
export function OnboardingPage() {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { step?: number };
  const query = useQuery(fullProgressQuery);
  const progress = query.data?.progress;
  const step: StepNumber = isStep(search.step)
    ? search.step
    : isStep(progress?.currentStep)
      ? progress.currentStep
      : 1;

  const goTo = useCallback(
    (n: StepNumber) => void navigate({ to: '/onboarding', search: { step: n } }),
    [navigate],
  );

  // every step change starts at the top of the page, and (not on the page's first step) the
  // focus goes to the new step's title: the control that moved on (Next step, a step's own
  // button after its save) is left behind or gone, and a screen reader hears the new step
  const stepTitle = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<StepNumber | null>(null);
  const shown = !!progress;
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [step]);
  useEffect(() => {
    if (!shown) return;
    if (shownStep.current !== null && shownStep.current !== step)
      stepTitle.current?.focus({ preventScroll: true });
    shownStep.current = step;
  }, [step, shown]);

  // back on the tab: follow the address (history moves are followed by the router itself)
  useEffect(() => {
    const onFocus = () => {
      const inAddress = stepInAddress();
      if (inAddress && inAddress !== search.step)
        void navigate({ to: '/onboarding', search: { step: inAddress }, replace: true });
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [navigate, search.step]);

  if (query.isPending) return <PageSpinner label={t('loading')} />;
  if (!progress) {
    return (
      <LoadFailedCard
        title={t('loadFailedTitle')}
        text={t('loadFailedText')}
        retryLabel={t('step1.retry')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const count = stepsDone(progress);
  const View = STEP_VIEWS[step];
  return (
    <div className="page ob-page">
      <div className="ob-top">
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate({ to: '/dashboard' })}>
          {t('backToDashboard')}
        </Button>
        <span
          className={count === STEP_COUNT ? 'ob-badge ob-badge-done' : 'ob-badge'}
          data-testid="complete-badge"
        >
          {t('badge', { count })}
        </span>
      </div>
      <header className="ob-head">
        <h1>{t('title')}</h1>
        <Progress
          percent={foundationPercent(progress)}
          format={(p) => formatPercent(currentLanguage(), p ?? 0)}
          aria-label={t('progressLabel')}
          strokeColor="#0d7d67"
        />
      </header>
      <StepIndicator progress={progress} current={step} onSelect={goTo} />
      <section className="ob-card" aria-labelledby="ob-step-title">
        <div className="ob-card-head">
          <span className="ob-kicker">{t('stepOf', { n: step })}</span>
          <h2 id="ob-step-title" ref={stepTitle} tabIndex={-1}>
            {t(`titles.${step}`)}
          </h2>
        </div>
        {/* keyed by step: each step starts from the saved state */}
        <View key={step} progress={progress} goTo={goTo} />
      </section>
      <div className="ob-pager">
        {step > 1 ? (
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => goTo((step - 1) as StepNumber)}>
            {t('nav.previous')}
          </Button>
        ) : (
          <span />
        )}
        {step < STEP_COUNT && (
          <Button type="text" onClick={() => goTo((step + 1) as StepNumber)}>
            {t('nav.next')} <ArrowRightOutlined />
          </Button>
        )}
      </div>
    </div>
  );
}
