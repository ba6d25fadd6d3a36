import Button from 'antd/es/button';
import {
  BellOutlined,
  CalendarOutlined,
  CheckOutlined,
  LinkOutlined,
  ClockCircleOutlined,
  CrownOutlined,
  ExperimentOutlined,
  GoogleOutlined,
  InfoCircleOutlined,
  LockOutlined,
  TeamOutlined,
  UserOutlined,
  VideoCameraOutlined,
  YahooOutlined,
} from '@ant-design/icons';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveCall } from '@portal/contracts/academy/schemas';
import {
  callPhase,
  callStartText,
  countdownParts,
  googleCalendarUrl,
  nextOccurrence,
  parseTime,
  yahooCalendarUrl,
} from '@portal/contracts/academy/schedule';
import { DemoBadge } from '../../components/DemoBadge';
import { PageHeader } from '../../components/PageHeader';
import { StatusCard } from '../../components/StatusCard';
import { currentLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import './liveCalls.css';
import { liveCallsQuery } from './queries';

/** The clock ticks every second (spec section 9). */
const TICK_MS = 1000;
/** Copy confirmation (spec section 4). */
const COPIED_MS = 2000;

const ICONS: Record<string, ReactNode> = {
  team: <TeamOutlined />,
  experiment: <ExperimentOutlined />,
  crown: <CrownOutlined />,
};

function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The countdown's units as a screen reader says them ("1 day 2 hours …"); days only when there are any, as on screen. */
const SPOKEN_UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

function Countdown({ ms }: { ms: number }) {
  const { t } = useTranslation('liveCalls');
  if (ms <= 0) {
    return (
      <span className="call-live">
        <span className="call-live-dot" aria-hidden="true" />
        {t('inProgress')}
      </span>
    );
  }
  const c = countdownParts(ms);
  const spoken = SPOKEN_UNITS.filter((unit) => unit !== 'days' || c.days > 0)
    .map((unit) => t(`countdownLabel.${unit}`, { count: c[unit] }))
    .join(' ');
  return (
    <span className="call-countdown" aria-label={spoken}>
      {c.days > 0 && (
        <span>
          <strong>{c.days}</strong>
          {t('units.d')}
        </span>
      )}
      <span>
        <strong>{pad(c.hours)}</strong>
        {t('units.h')}
      </span>
      <span>
        <strong>{pad(c.minutes)}</strong>
        {t('units.m')}
      </span>
      <span>
        <strong>{pad(c.seconds)}</strong>
        {t('units.s')}
      </span>
    </span>
  );
}

/** Copies the https address of the feed (for calendars that subscribe "from URL"); "Copied!" for 2 s. */
function CopyFeedLink({ url }: { url: string }) {
  const { t } = useTranslation('liveCalls');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(id);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      toast.error(t('subscribe.copyFailedTitle'), t('subscribe.copyFailedText'));
    }
  };
  return (
    <Button type="link" icon={copied ? <CheckOutlined /> : <LinkOutlined />} onClick={() => void copy()}>
      {copied ? t('subscribe.copied') : t('subscribe.copy')}
    </Button>
  );
}

/** "Every Tuesday at 8:00 PM ET" / "Third Monday of the month at 9:00 PM ET", in the interface language. */
function useScheduleText() {
  const { t, i18n } = useTranslation('liveCalls');
  return (call: LiveCall) => {
    const lang = i18n.resolvedLanguage ?? 'en';
    const { hour, minute } = parseTime(call.time);
    const time = new Intl.DateTimeFormat(lang, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(2026, 0, 1, hour, minute)));
    // 2026-01-04 is a Sunday: add dayOfWeek days for the weekday's name
    const day = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2026, 0, 4 + call.dayOfWeek)),
    );
    return call.weekOfMonth
      ? t('schedule.monthly', { ordinal: t(`ordinal.${call.weekOfMonth}`), day, time })
      : t('schedule.weekly', { day, time });
  };
}

function CallCard({ call, now, scheduleText }: { call: LiveCall; now: number; scheduleText: string }) {
  const { t, i18n } = useTranslation('liveCalls');
  const lang = currentLanguage();
  const start = nextOccurrence(call, now);
  const { msUntil, phase } = callPhase(start, now);
  const local = callStartText(start.getTime(), i18n.resolvedLanguage ?? 'en');
  const details = [
    call.description[lang],
    '',
    // without a join link yet, neither link nor passcode (as the calendar feed)
    ...(call.zoomLink
      ? [`${t('join')}: ${call.zoomLink}`, ...(call.passcode ? [`${t('passcode')}: ${call.passcode}`] : [])]
      : []),
    ...(call.host ? [`${t('host')}: ${call.host}`] : []),
  ].join('\n');
  const text = { title: call.name[lang], details, location: call.zoomLink ?? undefined };
  return (
    <article
      className={`call-card call-${call.colorTheme}${phase !== 'later' ? ' call-card-soon' : ''}`}
      data-call={call.id}
    >
      <header className="call-head">
        <span className="call-icon" aria-hidden="true">
          {ICONS[call.icon] ?? <VideoCameraOutlined />}
        </span>
        <div>
          <h2>{call.name[lang]}</h2>
          <p className="call-schedule">
            <CalendarOutlined /> {scheduleText}
          </p>
          {call.host && (
            <p className="call-host">
              <UserOutlined /> {t('hostedBy', { host: call.host })}
            </p>
          )}
        </div>
      </header>

      <div className="call-when">
        <div className="call-when-label">{phase === 'in-progress' ? t('now') : t('startsIn')}</div>
        <Countdown ms={msUntil} />
        <div className="call-local">
          <ClockCircleOutlined /> {local}
        </div>
      </div>

      <p className="call-description">{call.description[lang]}</p>
      {call.focusAreas.length > 0 && (
        <div className="call-focus">
          <h3>{t('focusAreas')}</h3>
          <ul>
            {call.focusAreas.map((f) => (
              <li key={f.en}>{f[lang]}</li>
            ))}
          </ul>
        </div>
      )}

      <div className="call-actions">
        {call.zoomLink ? (
          <Button
            type="primary"
            size="large"
            block
            className="call-join"
            icon={<VideoCameraOutlined aria-hidden="true" />}
            href={call.zoomLink}
            target="_blank"
            rel="noopener noreferrer"
          >
            {/* named by its visible text, passcode included (no aria-label: WCAG 2.5.3, label in name) */}
            <span className="call-join-text">
              {t('join')}
              {call.passcode && <small>{t('passcodeIs', { passcode: call.passcode })}</small>}
            </span>
          </Button>
        ) : (
          // no join link set yet (an admin adds it in the console): a plain note instead of the button
          <p className="call-link-later">
            <InfoCircleOutlined aria-hidden="true" /> {t('linkLater')}
          </p>
        )}
        <div className="call-calendars">
          <Button
            icon={<GoogleOutlined />}
            href={googleCalendarUrl(call, start, text)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('googleCalendar')}
          </Button>
          <Button
            icon={<YahooOutlined />}
            href={yahooCalendarUrl(start, text)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('yahooCalendar')}
          </Button>
        </div>
      </div>
    </article>
  );
}

/** /live-calls: the three recurring calls with countdowns, local times, join and calendar links. */
export function LiveCallsPage() {
  const { t } = useTranslation('liveCalls');
  const { user } = useSession();
  const query = useSuspenseQuery(liveCallsQuery);
  const now = useNow(TICK_MS);
  const scheduleOf = useScheduleText();
  const soon = useMemo(
    () =>
      (query.data?.calls ?? [])
        .map((call) => ({ call, ...callPhase(nextOccurrence(call, now), now) }))
        .filter((c) => c.phase === 'soon'),
    [query.data, now],
  );
  const lang = currentLanguage();

  if (!user) {
    return (
      <StatusCard icon={<LockOutlined />} tone="warn" title={t('restrictedTitle')}>
        <p>{t('restrictedText')}</p>
      </StatusCard>
    );
  }

  const feed = `${window.location.host}${query.data.calendarUrl}`;
  return (
    <div className="page live-calls">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <DemoBadge source="liveCalls" />

      {soon.map(({ call, msUntil }) => (
        <section className="call-banner" key={call.id} role="status" aria-live="polite">
          <BellOutlined className="call-banner-icon" aria-hidden="true" />
          <div className="call-banner-text">
            <strong>{t('soon.title', { name: call.name[lang] })}</strong>
            <span>
              {t('soon.startsIn')} <Countdown ms={msUntil} />
              {call.passcode && (
                <span className="call-banner-passcode">{t('passcodeIs', { passcode: call.passcode })}</span>
              )}
            </span>
          </div>
          {call.zoomLink ? (
            <Button
              type="primary"
              size="large"
              href={call.zoomLink}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('soon.joinNow')}
            </Button>
          ) : (
            <span className="call-banner-later">{t('linkLater')}</span>
          )}
        </section>
      ))}

      <div className="call-grid">
        {query.data.calls.map((call) => (
          <CallCard key={call.id} call={call} now={now} scheduleText={scheduleOf(call)} />
        ))}
      </div>

      <section className="call-subscribe">
        <CalendarOutlined aria-hidden="true" />
        <div>
          <strong>{t('subscribe.title')}</strong>
          <p>{t('subscribe.text')}</p>
        </div>
        <Button href={`webcal://${feed}`}>{t('subscribe.button')}</Button>
        <CopyFeedLink url={`${window.location.protocol}//${feed}`} />
      </section>

      <p className="call-footer">{t('footer')}</p>
    </div>
  );
}
