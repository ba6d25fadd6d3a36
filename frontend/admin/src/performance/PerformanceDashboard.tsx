import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import {
  type HistoryRange,
  HISTORY_RANGES,
  PERFORMANCE_HISTORY_REFRESH_MS,
  REALTIME_BUFFER,
  REALTIME_SAMPLE_MS,
  SYSTEM_METRICS_REFRESH_MS,
} from '@portal/contracts/admin/endpoints';
import type { DashboardResponse, PerformanceHistory } from '@portal/contracts/admin/schemas';
import type { AdminDataProvider } from '../dataProvider';
import { useFormat } from '../lib/format';
import { usePoll } from '../lib/usePoll';
import { LoadFailed } from '../lib/LoadFailed';
import { Database } from './DatabaseTab';
import { Overview } from './OverviewTab';
import { type Sample, Realtime } from './RealtimeTab';
import { Users } from './UsersTab';

const TABS = ['overview', 'realtime', 'database', 'users'] as const;

/** Performance Dashboard (spec): four tabs, real figures, charts over the stored history. */
export function PerformanceDashboard() {
  const t = useTranslate();
  const { time } = useFormat();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [tab, setTab] = useState<(typeof TABS)[number]>('overview');
  const [range, setRange] = useState<HistoryRange>('1h');
  const { data, error, reload } = usePoll<DashboardResponse>(
    '/performance-dashboard',
    SYSTEM_METRICS_REFRESH_MS,
  );
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
          // each period on one line ("1 heure", not "1" over "HEURE" at 1024 px): the title beside
          // it wraps instead
          sx={{
            flexShrink: 0,
            alignSelf: { xs: 'flex-start', md: 'auto' },
            '& .MuiToggleButton-root': { whiteSpace: 'nowrap' },
          }}
          aria-label={t('app.performance.period')}
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
        // a phone shows three of the four tabs: the rest scrolls into view
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{
          mb: 2,
          borderBottom: 1,
          borderColor: 'divider',
          // the arrows lie over the row's ends rather than beside it, so they show exactly when the
          // tabs do not fit: beside it, once shown they kept the room that would have let them fit
          position: 'relative',
          '& .MuiTabs-scrollButtons': {
            position: 'absolute',
            top: 0,
            bottom: 0,
            zIndex: 1,
            bgcolor: 'background.default',
            '&:first-of-type': { left: 0 },
            '&:last-of-type': { right: 0 },
          },
        }}
      >
        {TABS.map((k) => (
          <Tab key={k} value={k} label={t(`app.performance.tabs.${k}`)} />
        ))}
      </Tabs>
      {error && !data && <LoadFailed error={error} onRetry={() => void reload()} />}
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
