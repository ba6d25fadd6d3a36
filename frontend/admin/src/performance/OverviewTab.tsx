/** Overview tab: headline figures, the health panel and the history charts. */
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import { errorRateLevel, responseTimeLevel } from '@portal/contracts/admin/endpoints';
import { LEVEL_COLOR, useFormat } from '../lib/format';
import { Health } from './Health';
import { ResponseChart, TrafficChart } from './charts';
import { StatCard, StatCards, type TabProps } from './parts';
import { Panel, PanelRow } from '../lib/panels';

export function Overview({ data, history, range }: TabProps) {
  const t = useTranslate();
  const { number, percent, ms, figures } = useFormat();
  const m = data.metrics;
  // before any request is counted (the first seconds after a start) there is no time or rate to
  // give: "0 ms" in green read as an impossibly fast API, as the health lines' zeros did
  const counted = m.requests24h > 0;
  const none = t('app.performance.noRequestsYet');
  return (
    <Stack spacing={2}>
      <StatCards>
        <StatCard
          testId="card-response"
          title={t('app.performance.avgResponse')}
          value={counted ? ms(m.responseTime.average) : '—'}
          color={counted ? LEVEL_COLOR[responseTimeLevel(m.responseTime.average)] : undefined}
          sub={
            counted
              ? t('app.performance.p95p99', figures({ p95: m.responseTime.p95, p99: m.responseTime.p99 }))
              : none
          }
        />
        <StatCard
          title={t('app.performance.activeUsers')}
          value={number(m.activeUsers.current)}
          sub={t(
            'app.performance.activeUsersSub',
            figures({ peak: m.activeUsers.peak24h, smart_count: m.activeUsers.totalSessions }),
          )}
        />
        <StatCard
          title={t('app.performance.dbQueries')}
          value={number(m.databaseQueries.total)}
          sub={t('app.performance.dbQueriesSub', {
            ...figures({ slow: m.databaseQueries.slow, avg: m.databaseQueries.avgExecutionTime }),
            smart_count: m.databaseQueries.slow,
          })}
        />
        <StatCard
          testId="card-errors"
          title={t('app.performance.errorRate')}
          value={counted ? percent(m.errorRate.percentage) : '—'}
          color={counted ? LEVEL_COLOR[errorRateLevel(m.errorRate.percentage)] : undefined}
          sub={
            counted
              ? t(
                  'app.performance.errorRateSub',
                  figures({ count: m.errorRate.last24h, smart_count: m.errorRate.last24h }),
                )
              : none
          }
        />
      </StatCards>
      {/* the health list is about as tall as the two charts: they go beside it, one above the other */}
      <PanelRow>
        <Panel title={t('app.performance.health')}>
          <Health checks={data.health} />
        </Panel>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Panel title={t('app.performance.responseChart')}>
            <ResponseChart history={history} range={range} />
          </Panel>
          <Panel title={t('app.performance.trafficChart')}>
            <TrafficChart history={history} range={range} />
          </Panel>
        </Stack>
      </PanelRow>
    </Stack>
  );
}
