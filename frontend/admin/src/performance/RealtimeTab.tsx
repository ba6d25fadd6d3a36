/** Real-time tab: the last samples taken every few seconds. */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { REALTIME_SHOWN, responseTimeLevel } from '@portal/contracts/admin/endpoints';
import { LEVEL_COLOR, useFormat } from '../lib/format';
import { StatCard, StatCards } from './parts';
import { Panel } from '../lib/panels';

export type Sample = {
  timestamp: string;
  responseTime: number;
  activeUsers: number;
  dbQueries: number;
  errorCount: number;
  requests: number;
};
export function Realtime({ samples }: { samples: Sample[] }) {
  const t = useTranslate();
  const { time, number, ms } = useFormat();
  const current = samples[samples.length - 1];
  const shown = samples.slice(-REALTIME_SHOWN).reverse();
  return (
    <Stack spacing={2}>
      <StatCards>
        <StatCard
          title={t('app.performance.currentResponse')}
          value={current ? ms(current.responseTime) : '—'}
          color={current ? LEVEL_COLOR[responseTimeLevel(current.responseTime)] : undefined}
          sub={current ? time(current.timestamp) : ''}
        />
        <StatCard
          title={t('app.performance.currentUsers')}
          value={current ? number(current.activeUsers) : '—'}
          sub=""
        />
        <StatCard
          title={t('app.performance.dbPerMinute')}
          value={current ? number(current.dbQueries) : '—'}
          sub=""
        />
        <StatCard
          title={t('app.performance.errorsPerMinute')}
          value={current ? number(current.errorCount) : '—'}
          sub=""
        />
      </StatCards>
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
                  {ms(s.responseTime)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        )}
      </Panel>
    </Stack>
  );
}
