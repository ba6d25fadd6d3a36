/** The response-time and traffic charts over the stored history (overview and database tabs). */
import { Area, Bar, ComposedChart, Line, LineChart, ReferenceLine } from 'recharts';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { RESPONSE_TIME_GOOD_MS, RESPONSE_TIME_WARNING_MS } from '@portal/contracts/admin/endpoints';
import { LEVEL_COLOR } from '../lib/format';
import { useAxes, ChartBox, TIME_CHART_MARGIN, timeAxes, NoData, type HistoryProps } from './parts';

/**
 * A response-time threshold (the health levels' limits), named on the chart: drawn in the same
 * colours as P95 and P99, unnamed dashed lines read as two more series. The warning's name at
 * the right, the critical one's at the left: over a slow spike's scale (seconds) the two lines
 * run a few pixels apart, and their names, both at the left, were written over each other.
 */
function threshold(t: TranslateFunction, ms: number, level: 'warning' | 'critical') {
  const color = LEVEL_COLOR[level];
  const value = t('app.performance.threshold', { level: t(`app.performance.level.${level}`), ms });
  return (
    <ReferenceLine
      key={level}
      y={ms}
      stroke={color}
      strokeDasharray="4 4"
      label={{
        value,
        position: level === 'warning' ? 'insideTopRight' : 'insideTopLeft',
        fill: color,
        fontSize: 11,
      }}
    />
  );
}

export function ResponseChart({ history, range }: HistoryProps) {
  const t = useTranslate();
  const axes = useAxes(range, 'ms');
  if (!history) return <NoData />;
  return (
    <ChartBox
      testId="chart-response"
      label={t('app.performance.responseChart')}
      summary={axes.summary(history.points, [
        { name: t('app.performance.average'), key: 'avgMs' },
        { name: 'P95', key: 'p95Ms' },
        { name: 'P99', key: 'p99Ms' },
      ])}
    >
      <LineChart data={history.points} margin={TIME_CHART_MARGIN}>
        {timeAxes(axes, history.points)}
        {threshold(t, RESPONSE_TIME_GOOD_MS, 'warning')}
        {threshold(t, RESPONSE_TIME_WARNING_MS, 'critical')}
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

export function TrafficChart({ history, range }: HistoryProps) {
  const t = useTranslate();
  const axes = useAxes(range);
  if (!history) return <NoData />;
  return (
    <ChartBox
      testId="chart-traffic"
      label={t('app.performance.trafficChart')}
      summary={axes.summary(history.points, [
        { name: t('app.performance.requests'), key: 'requests' },
        { name: t('app.performance.errors'), key: 'errors' },
      ])}
    >
      <ComposedChart data={history.points} margin={TIME_CHART_MARGIN}>
        {timeAxes(axes, history.points)}
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
