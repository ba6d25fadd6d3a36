/** The health panel: one line per check with its level, detail and latency. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { DashboardResponse } from '@portal/contracts/admin/schemas';
import { LEVEL_COLOR, LevelChip, useFormat } from '../lib/format';

/** The figure each check's line counts, for its singular or plural ("1 worker", "2 workers"). */
const COUNTED: Partial<Record<string, string>> = {
  api: 'requests',
  eventStore: 'deadLetters',
  queues: 'workers',
};

export function Health({ checks }: { checks: DashboardResponse['health'] }) {
  const t = useTranslate();
  const { ms, figures } = useFormat();
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
            {c.failure ? (
              // what failed and what it means, in the admin's language; the server's words below
              <>
                <Typography
                  variant="body2"
                  sx={{ color: 'error.main', fontWeight: 500 }}
                  data-testid="health-failure"
                >
                  {t(`app.performance.failure.${c.failure.service}.${c.failure.kind}`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`app.performance.failureMeans.${c.failure.service}`)}
                </Typography>
              </>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t(`app.performance.checkText.${c.key}.${c.status}`)}
              </Typography>
            )}
            {/* the whole detail, wrapped: a long address or error breaks anywhere rather than being cut */}
            {c.failure ? (
              // the server's own text, in English (a screen reader reads it so), for whoever fixes it
              <Typography
                variant="caption"
                color="text.secondary"
                lang="en"
                sx={{ display: 'block', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
                data-testid="health-failure-detail"
              >
                {c.detail}
              </Typography>
            ) : (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', overflowWrap: 'anywhere' }}
              >
                {c.latencyMs !== null
                  ? `${t('app.performance.checkedIn', { time: ms(c.latencyMs) })} · `
                  : ''}
                {c.latencyMs === null
                  ? t('app.performance.facts.failed', { error: c.detail })
                  : c.demo
                    ? t(`app.performance.facts.demo.${c.key}`)
                    : c.key === 'liveCalls' && c.facts?.withoutLink
                      ? t('app.performance.facts.liveCallsWithoutLink', { smart_count: c.facts.withoutLink })
                      : c.key === 'api' && c.facts?.requests === 0
                        ? t('app.performance.facts.apiNone')
                        : t(`app.performance.facts.${c.key}`, {
                            ...figures(c.facts ?? {}),
                            smart_count: c.facts?.[COUNTED[c.key] ?? ''],
                          })}
              </Typography>
            )}
            {c.key === 'api' && c.facts?.reason && (
              <>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {c.facts.passwordRequests
                    ? t('app.performance.facts.apiPasswords', {
                        ...figures(c.facts),
                        smart_count: c.facts.passwordRequests,
                      })
                    : t('app.performance.facts.apiPasswordsNone')}
                </Typography>
                {c.facts.servicesRequests !== undefined && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {c.facts.servicesRequests
                      ? t('app.performance.facts.apiServices', {
                          ...figures(c.facts),
                          smart_count: c.facts.servicesRequests,
                        })
                      : t('app.performance.facts.apiServicesNone')}
                  </Typography>
                )}
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
