/** Database tab: queries, pool and query types. */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslate } from 'react-admin';
import { LEVEL_COLOR, LevelChip, useFormat } from '../lib/format';
import { useAxes, ChartBox, TIME_CHART_MARGIN, timeAxes, NoData, type TabProps } from './parts';
import { Panel, PanelRow } from '../lib/panels';

const SQL_VERBS = ['select', 'insert', 'update', 'delete'];

export function Database({ data, history, range }: TabProps) {
  const t = useTranslate();
  const axes = useAxes(range);
  const { number, percent, ms, figures } = useFormat();
  const d = data.database;
  // the kinds by name: SQL's verbs as SQL writes them, the rest in the reader's language (the
  // server's "other" and "prepared" showed as such in French and Spanish)
  const queryTypes = d.topQueryTypes.map((q) => ({
    ...q,
    kind: SQL_VERBS.includes(q.kind)
      ? q.kind.toUpperCase()
      : t(`app.performance.queryKinds.${q.kind}`, { _: q.kind }),
  }));
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
      <PanelRow>
        <Panel title={t('app.performance.queryPerformance')}>
          {row(t('app.performance.totalQueries'), number(d.totalQueries24h))}
          {row(t('app.performance.slowQueries'), number(d.slowQueries24h))}
          {row(t('app.performance.avgExecution'), ms(d.avgExecutionTime))}
          {row(
            t('app.performance.pool'),
            <Stack sx={{ alignItems: 'center' }} direction="row" spacing={1}>
              <Typography variant="caption">{t('app.performance.poolDetail', figures(d.pool))}</Typography>
              <LevelChip level={d.pool.status} label={t(`app.performance.level.${d.pool.status}`)} />
            </Stack>,
          )}
        </Panel>
        <Panel title={t('app.performance.topQueryTypes')}>
          {queryTypes.length === 0 ? (
            <NoData />
          ) : (
            <ChartBox
              testId="chart-query-types"
              label={t('app.performance.topQueryTypes')}
              summary={queryTypes
                .map((q) => t('app.labelled', { label: q.kind, text: percent(q.percent) }))
                .join(', ')}
            >
              <BarChart data={queryTypes} layout="vertical" margin={{ left: 16, right: 24 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" tickFormatter={(v: number) => percent(v, 0)} fontSize={11} />
                <YAxis type="category" dataKey="kind" fontSize={12} width={80} />
                <Tooltip formatter={(v) => (typeof v === 'number' ? percent(v) : v)} />
                <Bar dataKey="percent" name="%" fill="#0d7d67" isAnimationActive={false} />
              </BarChart>
            </ChartBox>
          )}
        </Panel>
      </PanelRow>
      <Panel title={t('app.performance.dbChart')}>
        {history ? (
          <ChartBox
            testId="chart-db"
            label={t('app.performance.dbChart')}
            summary={axes.summary(history.points, [
              { name: t('app.performance.queries'), key: 'dbQueries' },
              { name: t('app.performance.slow'), key: 'dbSlow' },
            ])}
          >
            <BarChart data={history.points} margin={TIME_CHART_MARGIN}>
              {timeAxes(axes, history.points)}
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
