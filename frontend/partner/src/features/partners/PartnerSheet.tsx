import Button from 'antd/es/button';
import Collapse from 'antd/es/collapse';
import Drawer from 'antd/es/drawer';
import Progress from 'antd/es/progress';
import {
  CheckCircleFilled,
  CheckOutlined,
  ClockCircleOutlined,
  CopyOutlined,
  LockOutlined,
  MailOutlined,
} from '@ant-design/icons';
import { WHY_ANSWER_FIELDS } from '@portal/contracts/onboarding/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@portal/contracts/core/numbers';
import { Spinner } from '../../components/Spinner';
import { currentStepOf, initialsOf, longDate, startDateText } from './partnersModel';
import {
  partnerDetailsQuery,
  refreshPartnersList,
  type PartnerDetails,
  type PartnerItem,
} from './partnersQueries';
import { currentLanguage } from '../../lib/i18n';
import { StatusBadge, useLastLoginText } from './PartnerCard';

/** How long 'Copied!' stays (spec: copy confirmation 2 seconds). */
const COPY_CONFIRM_MS = 2000;

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // fall through to the selection-based copy (no permission, insecure origin)
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="sheet-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Answers({ rows }: { rows: [string, string | null | undefined][] }) {
  const shown = rows.filter(([, v]) => v != null && v !== '');
  return (
    <dl className="sheet-answers">
      {shown.map(([label, value]) => (
        <Field key={label} label={label}>
          {value}
        </Field>
      ))}
    </dl>
  );
}

function NameList({ title, items }: { title: string; items: PartnerDetails['progress']['customerList'] }) {
  const { t } = useTranslation('partners');
  return (
    <div className="sheet-list">
      <h4>{title}</h4>
      {items.length === 0 ? (
        <p className="sheet-muted">{t('sheet.step3.empty')}</p>
      ) : (
        <ol>
          {items.map((item) => (
            <li key={item.id}>
              <span className="sheet-list-name">{item.name}</span>
              {item.note && <span className="sheet-list-note">{item.note}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function StepBody({ step, progress }: { step: number; progress: PartnerDetails['progress'] }) {
  const { t, i18n } = useTranslation('partners');
  switch (step) {
    case 1:
      return <p>{progress.step1Completed ? t('sheet.step1.done') : t('sheet.step1.pending')}</p>;
    case 2:
      return progress.feelGreatLink ? (
        <dl className="sheet-answers">
          <Field label={t('sheet.step2.link')}>
            <a href={progress.feelGreatLink} target="_blank" rel="noopener noreferrer">
              {progress.feelGreatLink}
            </a>
          </Field>
        </dl>
      ) : (
        <p className="sheet-muted">{t('sheet.step2.none')}</p>
      );
    case 3:
      return (
        <div className="sheet-lists">
          <NameList
            title={t('sheet.step3.customers', { count: progress.customerList.length })}
            items={progress.customerList}
          />
          <NameList
            title={t('sheet.step3.partners', { count: progress.partnerList.length })}
            items={progress.partnerList}
          />
        </div>
      );
    case 4: {
      const pe = progress.productExperience;
      if (!pe) return <p className="sheet-muted">{t('sheet.step4.none')}</p>;
      if (pe.isSkipped) return <p className="sheet-muted">{t('sheet.step4.skipped')}</p>;
      const started = pe.startDate ? startDateText(pe.startDate, i18n.language) : null;
      return (
        <Answers
          rows={[
            [t('sheet.step4.startDate'), started],
            [t('sheet.step4.positiveChanges'), pe.positiveChanges],
            [
              t('sheet.step4.confidence'),
              pe.confidenceLevel
                ? pe.confidenceLevel === 'confident'
                  ? t('sheet.step4.confident')
                  : t('sheet.step4.needHelp')
                : null,
            ],
            [t('sheet.step4.challenges'), pe.challenges],
          ]}
        />
      );
    }
    default: {
      const why = progress.whyAnswers;
      if (!why) return <p className="sheet-muted">{t('sheet.step5.none')}</p>;
      if (!why.shareWithSponsor)
        return (
          <p className="sheet-private" data-testid="step5-private">
            <LockOutlined aria-hidden="true" /> {t('sheet.step5.notShared')}
          </p>
        );
      return <Answers rows={WHY_ANSWER_FIELDS.map((f) => [t(`sheet.step5.${f}`), why[f]])} />;
    }
  }
}

function SheetBody({ partner, details }: { partner: PartnerItem; details: PartnerDetails }) {
  const { t, i18n } = useTranslation('partners');
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const p = details.progress;
  const done = [p.step1Completed, p.step2Completed, p.step3Completed, p.step4Completed, p.step5Completed];
  const copy = () => {
    copyText(partner.uid).then(
      () => setCopied('ok'),
      () => setCopied('failed'),
    );
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(null), COPY_CONFIRM_MS);
  };
  return (
    <>
      <section className="sheet-section" aria-labelledby="sheet-account">
        <h3 id="sheet-account">{t('sheet.account')}</h3>
        <dl className="sheet-grid">
          <Field label={t('sheet.userId')}>
            <code>{partner.uid}</code>
          </Field>
          <Field label={t('sheet.memberSince')}>{longDate(partner.createdAt, i18n.language)}</Field>
          {/* once all five are done there is no step to be on: "Step 5 of 5" read as still on the last one */}
          <Field label={t('sheet.currentStep')}>
            {p.trainingCompleted ? t('sheet.allStepsDone') : t('stepOf', { step: currentStepOf(p) })}
          </Field>
          {partner.level > 1 && partner.sponsorName && (
            <Field label={t('sheet.sponsor')}>
              {partner.sponsorName} · {t('level', { level: partner.level })}
            </Field>
          )}
        </dl>
      </section>
      <section className="sheet-section" aria-labelledby="sheet-steps">
        <h3 id="sheet-steps">{t('sheet.steps')}</h3>
        <Collapse
          accordion
          className="sheet-steps"
          items={[1, 2, 3, 4, 5].map((step) => ({
            key: String(step),
            label: (
              <span className="sheet-step-label">
                {/* the state alone: the title names the step ("Step 2: …"), a number here said it twice */}
                <span
                  className={done[step - 1] ? 'sheet-tick sheet-tick-done' : 'sheet-tick'}
                  aria-hidden="true"
                >
                  {done[step - 1] && <CheckCircleFilled />}
                </span>
                <span>{t('sheet.stepTitle', { step, title: t(`onboarding:titles.${step}`) })}</span>
                <span className="visually-hidden">
                  {' '}
                  ({done[step - 1] ? t('sheet.completed') : t('sheet.notCompleted')})
                </span>
              </span>
            ),
            children: <StepBody step={step} progress={p} />,
          }))}
        />
      </section>
      <section className="sheet-section" aria-labelledby="sheet-actions">
        <h3 id="sheet-actions">{t('sheet.actions.title')}</h3>
        <div className="sheet-actions">
          <Button type="primary" icon={<MailOutlined />} href={`mailto:${partner.email}`}>
            {t('sheet.actions.email')}
          </Button>
          <Button
            icon={copied === 'ok' ? <CheckOutlined /> : <CopyOutlined />}
            onClick={copy}
            aria-live="polite"
          >
            {copied === 'ok'
              ? t('sheet.actions.copied')
              : copied === 'failed'
                ? t('sheet.actions.copyFailed')
                : t('sheet.actions.copyId')}
          </Button>
        </div>
      </section>
    </>
  );
}

/** The sheet's width: 520 px, or the whole screen on a phone. */
function useSheetWidth(preferred: number) {
  const [width, setWidth] = useState(() => Math.min(preferred, window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(Math.min(preferred, window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [preferred]);
  return width;
}

/** Right-side sheet with one partner's progress; details are fetched when it opens. */
export function PartnerSheet({
  partner: listed,
  onClose,
}: {
  partner: PartnerItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('partners');
  const lastLogin = useLastLoginText();
  const width = useSheetWidth(520);
  const queryClient = useQueryClient();
  const details = useQuery({ ...partnerDetailsQuery(listed?.id ?? ''), enabled: !!listed });
  // the details are read as the sheet opens, the list may be minutes old: the header says what the
  // steps below say (it said "40% complete" above three ticked steps), and the card and the figures
  // behind the sheet are read again
  const fresh = details.data?.partner;
  const partner = listed && (fresh ?? listed);
  const moved =
    !!listed &&
    !!fresh &&
    (fresh.progress.percent !== listed.progress.percent || fresh.status !== listed.status);
  useEffect(() => {
    if (moved) void refreshPartnersList(queryClient);
  }, [moved, queryClient]);
  const name = partner ? `${partner.firstName} ${partner.lastName}`.trim() : '';
  return (
    <Drawer
      open={!!partner}
      onClose={onClose}
      placement="right"
      size={width}
      className="partner-sheet"
      destroyOnHidden
      title={
        partner && (
          <div className="sheet-header">
            <span className="avatar avatar-lg partner-avatar" aria-hidden="true">
              {initialsOf(partner.firstName, partner.lastName)}
            </span>
            <div className="sheet-header-text">
              <h2 className="sheet-name">{name}</h2>
              <a
                className="sheet-mail"
                href={`mailto:${partner.email}`}
                title={t('sheet.sendEmailTo', { email: partner.email })}
              >
                <MailOutlined aria-hidden="true" />
                <span className="sheet-mail-address">{partner.email}</span>
              </a>
              <span className="sheet-login">
                <ClockCircleOutlined aria-hidden="true" />{' '}
                {t('lastLogin.at', { when: lastLogin(partner.lastLoginAt) })}
              </span>
            </div>
            {/* a finished partner's badge says so once ("100% complete" and "Complete" said it twice) */}
            <div className="sheet-header-progress">
              <span className="sheet-percent-badge">
                {partner.status === 'complete'
                  ? t('status.complete')
                  : t('percent', { percent: formatPercent(currentLanguage(), partner.progress.percent) })}
              </span>
              {partner.status !== 'complete' && <StatusBadge status={partner.status} />}
            </div>
          </div>
        )
      }
    >
      {partner && (
        <>
          <Progress
            percent={partner.progress.percent}
            showInfo={false}
            className="sheet-progress"
            aria-label={t('percent', { percent: formatPercent(currentLanguage(), partner.progress.percent) })}
          />
          {details.isPending ? (
            <div className="sheet-loading">
              <Spinner />
            </div>
          ) : details.isError || !details.data ? (
            <p className="sheet-error" role="alert">
              {t('sheet.error')}
            </p>
          ) : (
            <SheetBody partner={details.data.partner} details={details.data} />
          )}
        </>
      )}
    </Drawer>
  );
}
