/** Users tab: online users, sessions, step completion and growth. */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Area, AreaChart } from 'recharts';
import { useTranslate } from 'react-admin';
import { useFormat } from '../lib/format';
import { useAxes, ChartBox, TIME_CHART_MARGIN, timeAxes, NoData, type TabProps } from './parts';
import { Panel, PanelRow } from '../lib/panels';

export function Users({ data, history, range }: TabProps) {
  const t = useTranslate();
  const axes = useAxes(range);
  const { number, percent, figures } = useFormat();
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
      <PanelRow>
        <Panel title={t('app.performance.userActivity')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            {figure(t('app.performance.online'), number(u.currentlyOnline))}
            {figure(t('app.performance.peakToday'), number(u.peakToday))}
            {figure(t('app.performance.totalSessions'), number(u.totalSessions))}
            {figure(
              t('app.performance.avgSession'),
              u.avgSessionMinutes === null
                ? '—'
                : t('app.performance.minutes', figures({ count: u.avgSessionMinutes })),
            )}
          </Stack>
        </Panel>
        <Panel title={t('app.performance.growth')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            {figure(t('app.performance.newUsers'), number(u.growth.newUsersToday))}
            {figure(t('app.performance.completedTraining'), number(u.growth.completedTrainingToday))}
            {figure(t('app.performance.newsletterSignups'), number(u.growth.newsletterSignupsToday))}
            {figure(t('app.performance.adminActions'), number(u.growth.adminActionsToday))}
          </Stack>
        </Panel>
      </PanelRow>
      <PanelRow>
        <Panel title={t('app.performance.trainingProgress')} testId="training-progress">
          <Stack spacing={1.5}>
            {u.stepCompletion.map((s) => (
              <Box key={s.step}>
                <Stack sx={{ justifyContent: 'space-between' }} direction="row">
                  <Typography variant="body2">{t('app.performance.step', { step: s.step })}</Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {percent(s.percent)}
                  </Typography>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={s.percent}
                  aria-label={t('app.performance.step', { step: s.step })}
                  sx={{ height: 8, borderRadius: 4 }}
                />
                <Typography variant="caption" color="text.secondary">
                  {t('app.performance.ofUsers', {
                    ...figures({ completed: s.completed, total: u.totalUsers }),
                    smart_count: u.totalUsers,
                  })}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Panel>
        <Panel title={t('app.performance.usersChart')}>
          {history ? (
            <ChartBox
              testId="chart-users"
              label={t('app.performance.usersChart')}
              summary={axes.summary(history.points, [
                { name: t('app.performance.currentUsers'), key: 'activeUsers' },
              ])}
            >
              <AreaChart data={history.points} margin={TIME_CHART_MARGIN}>
                {timeAxes(axes, history.points, { width: 40, allowDecimals: false, legend: false })}
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
      </PanelRow>
    </Stack>
  );
}
