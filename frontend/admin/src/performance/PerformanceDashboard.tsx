import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import {
  errorRateLevel,
  type HistoryRange,
  HISTORY_RANGES,
  PERFORMANCE_HISTORY_REFRESH_MS,
  REALTIME_BUFFER,
  REALTIME_SAMPLE_MS,
  REALTIME_SHOWN,
  RESPONSE_TIME_GOOD_MS,
  RESPONSE_TIME_WARNING_MS,
  responseTimeLevel,
  SYSTEM_METRICS_REFRESH_MS,
} from '@portal/contracts/admin/endpoints';
import type { DashboardResponse, PerformanceHistory } from '@portal/contracts/admin/schemas';
import type { AdminDataProvider } from '../dataProvider';
import { LEVEL_COLOR, LevelChip, useDateFormat } from '../lib/format';
import { usePoll } from '../lib/usePoll';

type Sample = {
  timestamp: string;
  responseTime: number;
  activeUsers: number;
  dbQueries: number;
  errorCount: number;
  requests: number;
};

const CHART_HEIGHT = 240;

function StatCard({
  title,
  value,
  sub,
  color,
  testId,
}: {
  title: string;
  value: string;
  sub: string;
  color?: string;
  testId?: string;
}) {
  return (
    <Card sx={{ flex: '1 1 220px' }} data-testid={testId}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h4" sx={{ color, fontWeight: 600, my: 0.5 }}>
          {value}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {sub}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Panel({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Card sx={{ flex: '1 1 420px', minWidth: 0 }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function useTick(range: HistoryRange) {
  const { time, date } = useDateFormat();
  return (t: string) => (range === '7d' ? `${date(t)} ${time(t).slice(0, 5)}` : time(t).slice(0, 5));
}

/** The frame of every chart: the chart's height, the panel's width. */
function ChartBox({ testId, children }: { testId: string; children: React.ReactElement }) {
  return (
    <Box sx={{ height: CHART_HEIGHT }} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </Box>
  );
}

const TIME_CHART_MARGIN = { top: 8, right: 16, left: 0, bottom: 0 };

/**
 * Grid, time axis, value axis, tooltip and (optionally) legend of a chart over the history. An
 * array of elements rather than a component: recharts reads its axes from the chart's children.
 */
function timeAxes(
  tick: (t: string) => string,
  { legend = true, ...yAxis }: { legend?: boolean; width?: number; allowDecimals?: boolean } = {},
) {
  return [
    <CartesianGrid key="grid" strokeDasharray="3 3" />,
    <XAxis key="x" dataKey="t" tickFormatter={tick} minTickGap={32} fontSize={11} />,
    <YAxis key="y" fontSize={11} width={48} {...yAxis} />,
    <Tooltip key="tooltip" labelFormatter={(l) => tick(String(l))} />,
    ...(legend ? [<Legend key="legend" />] : []),
  ];
}

function Health({ checks }: { checks: DashboardResponse['health'] }) {
  const t = useTranslate();
  return (
    <Stack spacing={1.5} data-testid="health-panel">
      {checks.map((c) => (
        <Stack
          key={c.key}
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', borderBottom: '1px solid', borderColor: 'divider', pb: 1 }}
        >
          <Box
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: LEVEL_COLOR[c.status], flex: 'none' }}
          />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t(`app.performance.checks.${c.key}`)}{' '}
              {c.demo && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('app.performance.demoAdapter')}
                  sx={{ ml: 1 }}
                />
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`app.performance.checkText.${c.key}.${c.status}`)}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              title={c.detail}
            >
              {c.latencyMs === null
                ? t('app.performance.facts.failed', { error: c.detail })
                : c.demo
                  ? t(`app.performance.facts.demo.${c.key}`)
                  : t(`app.performance.facts.${c.key}`, c.facts ?? {})}
              {c.latencyMs !== null ? ` · ${c.latencyMs} ms` : ''}
            </Typography>
            {c.key === 'api' && c.facts?.reason && (
              <>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('app.performance.facts.apiPasswords', c.facts)}
                </Typography>
                <Typography variant="caption" sx={{ display: 'block' }} data-testid="api-health-reason">
                  {t(`app.performance.reason.${c.facts.reason}`)}
                </Typography>
              </>
            )}
          </Box>
          <LevelChip level={c.status} label={t(`app.performance.level.${c.status}`)} />
        </Stack>
      ))}
    </Stack>
  );
}

function NoData() {
  const t = useTranslate();
  return (
    <Box sx={{ height: CHART_HEIGHT, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{t('app.performance.noData')}</Typography>
    </Box>
  );
}

function ResponseChart({ history, range }: { history: PerformanceHistory | null; range: HistoryRange }) {
  const t = useTranslate();
  const tick = useTick(range);
  if (!history) return <NoData />;
  return (
    <ChartBox testId="chart-response">
      <LineChart data={history.points} margin={TIME_CHART_MARGIN}>
        {timeAxes(tick)}
        <ReferenceLine y={RESPONSE_TIME_GOOD_MS} stroke={LEVEL_COLOR.warning} strokeDasharray="4 4" />
        <ReferenceLine y={RESPONSE_TIME_WARNING_MS} stroke={LEVEL_COLOR.critical} strokeDasharray="4 4" />
        <Line
          type="monotone"
          dataKey="avgMs"
          name={t('app.performance.average')}
          stroke="#0d7d67"
          dot={false}
          strokeWidth={2}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="p95Ms"
          name="P95"
          stroke="#ed6c02"
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="p99Ms"
          name="P99"
          stroke="#d32f2f"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartBox>
  );
}

function TrafficChart({ history, range }: { history: PerformanceHistory | null; range: HistoryRange }) {
  const t = useTranslate();
  const tick = useTick(range);
  if (!history) return <NoData />;
  return (
    <ChartBox testId="chart-traffic">
      <ComposedChart data={history.points} margin={TIME_CHART_MARGIN}>
        {timeAxes(tick)}
        <Area
          type="monotone"
          dataKey="requests"
          name={t('app.performance.requests')}
          stroke="#0d7d67"
          fill="#0d7d6733"
          isAnimationActive={false}
        />
        <Bar
          dataKey="errors"
          name={t('app.performance.errors')}
          fill={LEVEL_COLOR.critical}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartBox>
  );
}

function Overview({
  data,
  history,
  range,
}: {
  data: DashboardResponse;
  history: PerformanceHistory | null;
  range: HistoryRange;
}) {
  const t = useTranslate();
  const m = data.metrics;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <StatCard
          testId="card-response"
          title={t('app.performance.avgResponse')}
          value={`${m.responseTime.average} ms`}
          color={LEVEL_COLOR[responseTimeLevel(m.responseTime.average)]}
          sub={t('app.performance.p95p99', { p95: m.responseTime.p95, p99: m.responseTime.p99 })}
        />
        <StatCard
          title={t('app.performance.activeUsers')}
          value={String(m.activeUsers.current)}
          sub={t('app.performance.activeUsersSub', {
            peak: m.activeUsers.peak24h,
            sessions: m.activeUsers.totalSessions,
          })}
        />
        <StatCard
          title={t('app.performance.dbQueries')}
          value={m.databaseQueries.total.toLocaleString()}
          sub={t('app.performance.dbQueriesSub', {
            slow: m.databaseQueries.slow,
            avg: m.databaseQueries.avgExecutionTime,
          })}
        />
        <StatCard
          title={t('app.performance.errorRate')}
          value={`${m.errorRate.percentage}%`}
          color={LEVEL_COLOR[errorRateLevel(m.errorRate.percentage)]}
          sub={t('app.performance.errorRateSub', { count: m.errorRate.last24h })}
        />
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Panel title={t('app.performance.health')}>
          <Health checks={data.health} />
        </Panel>
        <Panel title={t('app.performance.responseChart')}>
          <ResponseChart history={history} range={range} />
        </Panel>
      </Stack>
      <Panel title={t('app.performance.trafficChart')}>
        <TrafficChart history={history} range={range} />
      </Panel>
    </Stack>
  );
}

function Realtime({ samples }: { samples: Sample[] }) {
  const t = useTranslate();
  const { time } = useDateFormat();
  const current = samples[samples.length - 1];
  const shown = samples.slice(-REALTIME_SHOWN).reverse();
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <StatCard
          title={t('app.performance.currentResponse')}
          value={current ? `${current.responseTime} ms` : '—'}
          color={current ? LEVEL_COLOR[responseTimeLevel(current.responseTime)] : undefined}
          sub={current ? time(current.timestamp) : ''}
        />
        <StatCard
          title={t('app.performance.currentUsers')}
          value={current ? String(current.activeUsers) : '—'}
          sub=""
        />
        <StatCard
          title={t('app.performance.dbPerMinute')}
          value={current ? String(current.dbQueries) : '—'}
          sub=""
        />
        <StatCard
          title={t('app.performance.errorsPerMinute')}
          value={current ? String(current.errorCount) : '—'}
          sub=""
        />
      </Stack>
      <Panel title={t('app.performance.last20')} testId="realtime-trend">
        {shown.length === 0 ? (
          <Typography color="text.secondary">{t('app.performance.collecting')}</Typography>
        ) : (
          <Stack spacing={1}>
            {shown.map((s) => (
              <Stack sx={{ alignItems: 'center' }} key={s.timestamp} direction="row" spacing={2}>
                <Typography variant="caption" sx={{ width: 72, flex: 'none' }}>
                  {time(s.timestamp)}
                </Typography>
                <Box sx={{ flex: 1, bgcolor: 'action.hover', borderRadius: 1, height: 12 }}>
                  <Box
                    sx={{
                      width: `${Math.min(100, s.responseTime / 10)}%`,
                      height: '100%',
                      borderRadius: 1,
                      bgcolor: LEVEL_COLOR[responseTimeLevel(s.responseTime)],
                    }}
                  />
                </Box>
                <Typography variant="caption" sx={{ width: 64, textAlign: 'right', flex: 'none' }}>
                  {s.responseTime} ms
                </Typography>
              </Stack>
            ))}
          </Stack>
        )}
      </Panel>
    </Stack>
  );
}

function Database({
  data,
  history,
  range,
}: {
  data: DashboardResponse;
  history: PerformanceHistory | null;
  range: HistoryRange;
}) {
  const t = useTranslate();
  const tick = useTick(range);
  const d = data.database;
  const row = (label: string, value: React.ReactNode) => (
    <Stack
      direction="row"
      sx={{ justifyContent: 'space-between', py: 0.75, borderBottom: '1px solid', borderColor: 'divider' }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {value}
      </Typography>
    </Stack>
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Panel title={t('app.performance.queryPerformance')}>
          {row(t('app.performance.totalQueries'), d.totalQueries24h.toLocaleString())}
          {row(t('app.performance.slowQueries'), d.slowQueries24h.toLocaleString())}
          {row(t('app.performance.avgExecution'), `${d.avgExecutionTime} ms`)}
          {row(
            t('app.performance.pool'),
            <Stack sx={{ alignItems: 'center' }} direction="row" spacing={1}>
              <Typography variant="caption">{t('app.performance.poolDetail', d.pool)}</Typography>
              <LevelChip level={d.pool.status} label={t(`app.performance.level.${d.pool.status}`)} />
            </Stack>,
          )}
        </Panel>
        <Panel title={t('app.performance.topQueryTypes')}>
          {d.topQueryTypes.length === 0 ? (
            <NoData />
          ) : (
            <ChartBox testId="chart-query-types">
              <BarChart data={d.topQueryTypes} layout="vertical" margin={{ left: 16, right: 24 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" unit="%" fontSize={11} />
                <YAxis type="category" dataKey="kind" fontSize={12} width={70} />
                <Tooltip />
                <Bar dataKey="percent" name="%" fill="#0d7d67" isAnimationActive={false} />
              </BarChart>
            </ChartBox>
          )}
        </Panel>
      </Stack>
      <Panel title={t('app.performance.dbChart')}>
        {history ? (
          <ChartBox testId="chart-db">
            <BarChart data={history.points} margin={TIME_CHART_MARGIN}>
              {timeAxes(tick)}
              <Bar
                dataKey="dbQueries"
                name={t('app.performance.queries')}
                fill="#1976d2"
                isAnimationActive={false}
              />
              <Bar
                dataKey="dbSlow"
                name={t('app.performance.slow')}
                fill={LEVEL_COLOR.critical}
                isAnimationActive={false}
              />
            </BarChart>
          </ChartBox>
        ) : (
          <NoData />
        )}
      </Panel>
    </Stack>
  );
}

function Users({
  data,
  history,
  range,
}: {
  data: DashboardResponse;
  history: PerformanceHistory | null;
  range: HistoryRange;
}) {
  const t = useTranslate();
  const tick = useTick(range);
  const u = data.users;
  const figure = (label: string, value: string) => (
    <Box sx={{ flex: '1 1 140px' }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5">{value}</Typography>
    </Box>
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Panel title={t('app.performance.userActivity')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            {figure(t('app.performance.online'), String(u.currentlyOnline))}
            {figure(t('app.performance.peakToday'), String(u.peakToday))}
            {figure(t('app.performance.totalSessions'), String(u.totalSessions))}
            {figure(
              t('app.performance.avgSession'),
              u.avgSessionMinutes === null
                ? '—'
                : t('app.performance.minutes', { count: u.avgSessionMinutes }),
            )}
          </Stack>
        </Panel>
        <Panel title={t('app.performance.growth')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            {figure(t('app.performance.newUsers'), String(u.growth.newUsersToday))}
            {figure(t('app.performance.completedTraining'), String(u.growth.completedTrainingToday))}
            {figure(t('app.performance.newsletterSignups'), String(u.growth.newsletterSignupsToday))}
            {figure(t('app.performance.adminActions'), String(u.growth.adminActionsToday))}
          </Stack>
        </Panel>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Panel title={t('app.performance.trainingProgress')} testId="training-progress">
          <Stack spacing={1.5}>
            {u.stepCompletion.map((s) => (
              <Box key={s.step}>
                <Stack sx={{ justifyContent: 'space-between' }} direction="row">
                  <Typography variant="body2">{t('app.performance.step', { step: s.step })}</Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {s.percent}%
                  </Typography>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={s.percent}
                  aria-label={t('app.performance.step', { step: s.step })}
                  sx={{ height: 8, borderRadius: 4 }}
                />
                <Typography variant="caption" color="text.secondary">
                  {t('app.performance.ofUsers', { completed: s.completed, total: u.totalUsers })}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Panel>
        <Panel title={t('app.performance.usersChart')}>
          {history ? (
            <ChartBox testId="chart-users">
              <AreaChart data={history.points} margin={TIME_CHART_MARGIN}>
                {timeAxes(tick, { width: 40, allowDecimals: false, legend: false })}
                <Area
                  type="stepAfter"
                  dataKey="activeUsers"
                  name={t('app.performance.currentUsers')}
                  stroke="#7b1fa2"
                  fill="#7b1fa233"
                  isAnimationActive={false}
                />
              </AreaChart>
            </ChartBox>
          ) : (
            <NoData />
          )}
        </Panel>
      </Stack>
    </Stack>
  );
}

const TABS = ['overview', 'realtime', 'database', 'users'] as const;

/** Performance Dashboard (spec): four tabs, real figures, charts over the stored history. */
export function PerformanceDashboard() {
  const t = useTranslate();
  const { time } = useDateFormat();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [tab, setTab] = useState<(typeof TABS)[number]>('overview');
  const [range, setRange] = useState<HistoryRange>('1h');
  const { data, error } = usePoll<DashboardResponse>('/performance-dashboard', SYSTEM_METRICS_REFRESH_MS);
  const { data: history } = usePoll<PerformanceHistory>(
    `/performance-history?range=${range}`,
    PERFORMANCE_HISTORY_REFRESH_MS,
  );
  const [samples, setSamples] = useState<Sample[]>([]);
  useEffect(() => {
    let alive = true;
    const take = () =>
      dataProvider.getJson<Sample>('/realtime-sample').then(
        (s) => alive && setSamples((prev) => [...prev, s].slice(-REALTIME_BUFFER)),
        () => undefined,
      );
    void take();
    const id = window.setInterval(() => void take(), REALTIME_SAMPLE_MS);
    return () => {
      alive = false;
      window.clearInterval(id);
    };
  }, [dataProvider]);

  return (
    <Box sx={{ py: 2 }}>
      <Title title={t('app.performance.title')} />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' }, mb: 2 }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {t('app.performance.title')}
          </Typography>
          <Typography color="text.secondary">{t('app.performance.subtitle')}</Typography>
          {data && (
            <Typography variant="caption" color="text.secondary">
              {t('app.performance.updatedAt', { time: time(data.generatedAt) })}
            </Typography>
          )}
        </Box>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={range}
          onChange={(_e, v: HistoryRange | null) => v && setRange(v)}
        >
          {HISTORY_RANGES.map((r) => (
            <ToggleButton key={r} value={r}>
              {t(`app.performance.range.${r}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_e, v) => setTab(v)}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((k) => (
          <Tab key={k} value={k} label={t(`app.performance.tabs.${k}`)} />
        ))}
      </Tabs>
      {error && !data && <Alert severity="error">{error.message}</Alert>}
      {!data ? (
        !error && <LinearProgress aria-label={t('ra.page.loading')} />
      ) : tab === 'overview' ? (
        <Overview data={data} history={history} range={range} />
      ) : tab === 'realtime' ? (
        <Realtime samples={samples} />
      ) : tab === 'database' ? (
        <Database data={data} history={history} range={range} />
      ) : (
        <Users data={data} history={history} range={range} />
      )}
    </Box>
  );
}
