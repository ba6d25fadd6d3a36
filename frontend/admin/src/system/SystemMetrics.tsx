import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { SYSTEM_METRICS_REFRESH_MS } from '@portal/contracts/admin/endpoints';
import type { SystemMetrics as Metrics } from '@portal/contracts/admin/schemas';
import { useFormat } from '../lib/format';
import { uptime } from './uptime';
import { usePoll } from '../lib/usePoll';
import { LoadFailed } from '../lib/LoadFailed';
import { Panel, PanelRow } from '../lib/panels';
import { NamedRows, type Figure } from './NamedRows';

function Row({ label, value }: { label: React.ReactNode; value: React.ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ justifyContent: 'space-between', py: 0.75, borderBottom: '1px solid', borderColor: 'divider' }}
    >
      <Typography variant="body2" component="div" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ textAlign: 'right' }}>
        {value}
      </Typography>
    </Stack>
  );
}

const QUEUE_COUNTS = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/** System metrics (admin only): process, database, Redis, queues, projections; refreshed every 30 s. */
export function SystemMetrics() {
  const t = useTranslate();
  const { time } = useFormat();
  const { data, error, reload } = usePoll<Metrics>('/system-metrics', SYSTEM_METRICS_REFRESH_MS);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={t('app.system.title')} />
      <Typography variant="h4" component="h1">
        {t('app.system.title')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {data ? t('app.system.refresh', { time: time(data.generatedAt) }) : ''}
      </Typography>
      {error && !data && <LoadFailed error={error} onRetry={() => void reload()} />}
      {!data ? (
        !error && <LinearProgress aria-label={t('ra.page.loading')} sx={{ mt: 2 }} />
      ) : (
        <SystemFigures data={data} />
      )}
    </Box>
  );
}

/** The page's panels for one answer of `/system-metrics`. */
export function SystemFigures({ data }: { data: Metrics }) {
  const t = useTranslate();
  const { number, percent, ms, bytes } = useFormat();
  const na = t('app.system.unavailable');
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <PanelRow min={320}>
        <Panel title={t('app.system.process')}>
          <Row label={t('app.system.memory')} value={bytes(data.process.rssBytes)} />
          <Row
            label={t('app.system.heap')}
            value={`${bytes(data.process.heapUsedBytes)} / ${bytes(data.process.heapTotalBytes)}`}
          />
          <Row label={t('app.system.cpu')} value={percent(data.process.cpuPercent)} />
          <Row
            label={t('app.system.eventLoop')}
            value={t('app.system.lagFigures', {
              mean: ms(data.process.eventLoopLagMs.mean),
              p99: ms(data.process.eventLoopLagMs.p99),
              max: ms(data.process.eventLoopLagMs.max),
            })}
          />
          <Row label={t('app.system.uptime')} value={uptime(t, data.process.uptimeSeconds)} />
          <Row label={t('app.system.node')} value={`${data.process.node} · pid ${data.process.pid}`} />
          <Row label={t('app.system.sessions')} value={data.sessions} />
        </Panel>
        <Panel title={t('app.system.database')}>
          <Row
            label={t('app.system.pool')}
            value={t('app.system.poolFigures', {
              used: number(data.database.pool.used),
              max: number(data.database.pool.max),
              pending: number(data.database.pool.pending),
            })}
          />
          <Row label={t('app.system.connections')} value={data.database.connections ?? na} />
          <Row label={t('app.system.dbSize')} value={bytes(data.database.sizeBytes)} />
          <Row
            label={t('app.system.latency')}
            value={data.database.latencyMs === null ? na : ms(data.database.latencyMs)}
          />
          <Row label={t('app.system.eventStore')} value={data.eventStore.kind} />
          <Row
            label={t('app.system.events')}
            value={data.eventStore.events === null ? '—' : number(data.eventStore.events)}
          />
        </Panel>
        <Panel title={t('app.system.redis')}>
          <Row
            label={t('app.system.latency')}
            value={
              data.redis.ok && data.redis.latencyMs !== null ? (
                ms(data.redis.latencyMs)
              ) : (
                <Chip size="small" color="error" label={na} />
              )
            }
          />
          <Row label={t('app.system.redisMemory')} value={bytes(data.redis.usedMemoryBytes)} />
          <Row label={t('app.system.clients')} value={data.redis.connectedClients ?? '—'} />
          <Row label={t('app.system.version')} value={data.redis.version ?? '—'} />
        </Panel>
      </PanelRow>
      <Panel title={t('app.system.queues')}>
        <NamedRows
          kind="queueNames"
          nameHeader={t('app.system.queue')}
          rows={data.queues}
          figures={QUEUE_COUNTS.map((k): Figure<Metrics['queues'][number]> => ({
            key: k,
            header: t(`app.system.${k}`),
            cell: (q) => number(q[k]),
            alarm: k === 'failed' ? (q) => q.failed > 0 : undefined,
          }))}
          testId="system-queues"
        />
      </Panel>
      <Panel title={t('app.system.projections')}>
        <NamedRows
          kind="projectionNames"
          nameHeader={t('app.system.projection')}
          rows={data.projections}
          figures={[
            {
              key: 'lag',
              header: t('app.system.lag'),
              cell: (p) => (
                <Chip
                  size="small"
                  color={p.behind ? 'warning' : 'success'}
                  label={
                    !p.behind
                      ? t('app.system.upToDate')
                      : p.lagSeconds === null
                        ? t('app.system.behind')
                        : t('app.system.behindBy', { time: `${number(p.lagSeconds, 1)}\u00a0s` })
                  }
                />
              ),
            },
            {
              key: 'deadLetters',
              header: t('app.system.deadLetters'),
              cell: (p) => number(p.deadLetters),
              alarm: (p) => p.deadLetters > 0,
            },
          ]}
          testId="system-projections"
        />
      </Panel>
    </Stack>
  );
}
