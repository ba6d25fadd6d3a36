/** Shared pieces of the performance dashboard: stat cards, panels, chart frames and time axes. */
import { cloneElement } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslate } from 'react-admin';
import type { HistoryRange } from '@portal/contracts/admin/endpoints';
import type { DashboardResponse, PerformanceHistory } from '@portal/contracts/admin/schemas';
import { useFormat } from '../lib/format';
import { inDrawingOrder } from '../lib/chartOrder';
import { seriesSummary, type ChartSeries } from '../lib/chartText';

const CHART_HEIGHT = 240;

/**
 * A tab's four headline cards, evenly: four across on a wide screen, two by two from a tablet's
 * (at 1024 px, beside the menu, they wrapped three and one, the last alone on a full-width row),
 * one a row on a phone.
 */
export function StatCards({ children }: { children: React.ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

export function StatCard({
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
    <Card data-testid={testId}>
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

/** How a chart over the history writes its times and its values, in the reader's language. */
export interface Axes {
  /** the time axis' label of a tick */
  tick: (t: string) => string;
  /** the points of `points` that get a tick (their `t`) */
  ticks: (points: readonly { t: string }[]) => string[];
  /** a point's time in the tooltip and the text alternative, whole: with the day (and the year on 7 days) */
  when: (t: string) => string;
  value: (n: number) => string;
  /** a value in the tooltip and the text alternative: with the chart's unit ("8 ms"), if it has one */
  reading: (n: number) => string;
  /** the chart's text alternative: its span, then each series' latest and highest value */
  summary: (points: readonly object[], series: ChartSeries[]) => string;
}

const DAY_MINUTES = 24 * 60;
/**
 * The time axis of each range ticks where a period of the reader's clock begins: every 10 min
 * over the hour (6 ticks), every 3 h over the day (8), every day over the week (7). A point
 * starts a period when its period differs from the point before it (the first point never
 * does: a tick at its start would crowd the next one), so a time zone whose offset is not a
 * whole number of the buckets (India's, +5:30) still gets one tick a period, at its first point.
 */
const PERIOD_MINUTES: Record<HistoryRange, number> = { '1h': 10, '24h': 180, '7d': DAY_MINUTES };

/** A time's local day and minute of the day (the browser's time zone, as the labels' Intl). */
const local = (t: string) => {
  const d = new Date(t);
  return {
    day: d.getFullYear() * 10_000 + d.getMonth() * 100 + d.getDate(),
    minute: d.getHours() * 60 + d.getMinutes(),
  };
};

/** The ticks over `points`: the first point of each of the range's periods (see PERIOD_MINUTES). */
function periodTicks(range: HistoryRange, points: readonly { t: string }[]): string[] {
  const period = PERIOD_MINUTES[range];
  const key = (t: string) => {
    const { day, minute } = local(t);
    return `${day} ${Math.floor(minute / period)}`;
  };
  return points.filter((p, i) => i > 0 && key(p.t) !== key(points[i - 1]!.t)).map((p) => p.t);
}

/**
 * `unit`: the unit of the chart's values, which its title names ("Response time (ms)"); the
 * value axis leaves it out, the tooltip and the text alternative write it after each value.
 *
 * Ticks: the clock over the hour and the day ("2:10 PM", "14:10"), where a day begins its day
 * and month ("Nov 25", "25 nov."); the week's ticks are its days. The year on the week's
 * ticks was the same on each ("24 nov. 2026, 25 nov. 2026, ..."): it is in the tooltip only.
 */
export function useAxes(range: HistoryRange, unit?: 'ms'): Axes {
  const t = useTranslate();
  const { clock, dayMonth, dayClock, dayClockYear, number, ms } = useFormat();
  const tick = (at: string) =>
    range === '7d' || local(at).minute < PERIOD_MINUTES[range] ? dayMonth(at) : clock(at);
  const when = range === '1h' ? clock : range === '24h' ? dayClock : dayClockYear;
  const value = (n: number) => number(n, 1);
  const reading = unit === 'ms' ? ms : value;
  return {
    tick,
    ticks: (points) => periodTicks(range, points),
    when,
    value,
    reading,
    summary: (points, series) => seriesSummary(t, points, series, when, reading),
  };
}

/** The frame of every chart: the chart's height, the panel's width. */
export function ChartBox({
  testId,
  label,
  summary,
  children,
}: {
  testId: string;
  /** the chart's name for screen readers (its panel's title) */
  label: string;
  /** what it shows, in words (`lib/chartText.ts`) */
  summary: string;
  children: React.ReactElement<{ title?: string; desc?: string }>;
}) {
  return (
    <Box sx={{ height: CHART_HEIGHT }} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        {cloneElement(children, { title: label, desc: summary })}
      </ResponsiveContainer>
    </Box>
  );
}

export const TIME_CHART_MARGIN = { top: 8, right: 16, left: 0, bottom: 0 };

/**
 * Grid, time axis, value axis, tooltip and (optionally) legend of a chart over the history. An
 * array of elements rather than a component: recharts reads its axes from the chart's children.
 */
export function timeAxes(
  { tick, ticks, when, value, reading }: Axes,
  points: readonly { t: string }[],
  { legend = true, ...yAxis }: { legend?: boolean; width?: number; allowDecimals?: boolean } = {},
) {
  return [
    <CartesianGrid key="grid" strokeDasharray="3 3" />,
    // the periods' ticks; one that would touch its neighbour (a narrow chart) is left out
    <XAxis
      key="x"
      dataKey="t"
      ticks={ticks(points)}
      interval="preserveStart"
      tickFormatter={tick}
      minTickGap={12}
      fontSize={11}
    />,
    <YAxis key="y" fontSize={11} width={48} tickFormatter={value} {...yAxis} />,
    <Tooltip
      key="tooltip"
      itemSorter={inDrawingOrder}
      labelFormatter={(l) => when(String(l))}
      formatter={(v) => (typeof v === 'number' ? reading(v) : v)}
    />,
    ...(legend ? [<Legend key="legend" itemSorter={null} />] : []),
  ];
}
export function NoData() {
  const t = useTranslate();
  return (
    <Box sx={{ height: CHART_HEIGHT, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{t('app.performance.noData')}</Typography>
    </Box>
  );
}

/** What the history charts take: the stored history (null while loading) and its range. */
export interface HistoryProps {
  history: PerformanceHistory | null;
  range: HistoryRange;
}

/** What each tab over the dashboard's figures takes. */
export interface TabProps extends HistoryProps {
  data: DashboardResponse;
}
