import { useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Button, Title, useDataProvider, useTranslate } from 'react-admin';
import { FUNNEL_STAGES, isLastStage } from '@portal/contracts/funnel/endpoints';
import type { FunnelResponse } from '@portal/contracts/funnel/schemas';
import type { AdminDataProvider } from '../dataProvider';
import { useFormat } from '../lib/format';
import { DataTable, dataColumns, type DataColumn } from '../lib/DataTable';
import { inTheTable } from '../lib/chartText';
import { LoadFailed } from '../lib/LoadFailed';
import { inDrawingOrder } from '../lib/chartOrder';
import { DAYS_DIGITS, PERCENT_DIGITS, percentOf, stageRow, type StageRow } from './stageRows';
import { SPOKEN_ONLY } from '../lib/spokenOnly';

type Cohort = FunnelResponse['cohorts'][number];

const ALL = 'all';
const RIGHT = { align: 'right' } as const;
const ROW = { display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' } as const;
/**
 * Headers and figures on one line each (a header squeezed beside the chart read "Sur / le /
 * total" in French at 1280 px), the cells tighter than MUI's, and only the sorted column's arrow
 * takes room (MUI keeps an unseen one in every header): both tables fit a 768 px screen in every
 * language, no column off the card.
 */
const FIT = {
  '& th, & td': { px: 1, whiteSpace: 'nowrap' },
  '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { display: 'none' },
} as const;

/** The dash of a figure the last stage cannot have (nothing comes after it), named on hover and aloud. */
function NotApplicable() {
  const t = useTranslate();
  const label = t('app.funnel.notApplicable');
  return (
    <span title={label} data-testid="funnel-not-applicable">
      <span aria-hidden="true">—</span>
      <Box component="span" sx={SPOKEN_ONLY}>
        {label}
      </Box>
    </span>
  );
}

function Panel({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Card sx={{ minWidth: 0 }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The foundation funnel: how many partners finish each step and where they stop, how long each
 * step takes, and how each week's registrations fare; for everyone or one sponsor's team.
 */
export function FunnelPage() {
  const t = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [sponsorId, setSponsorId] = useState<string>(ALL);
  const [data, setData] = useState<FunnelResponse | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const query = sponsorId === ALL ? '' : `?sponsorId=${encodeURIComponent(sponsorId)}`;
  const load = useCallback(async () => {
    try {
      setData(await dataProvider.getJson<FunnelResponse>(`/funnel${query}`));
      setError(null);
    } catch (e) {
      setError(e as Error);
    }
  }, [dataProvider, query]);
  useEffect(() => {
    void load();
  }, [load]);

  const { date, number, fixed, percent } = useFormat();
  const formatPercent = (value: number) => percent(value, PERCENT_DIGITS);
  // a cohort's week is its Monday as YYYY-MM-DD: that day, in the reader's language
  const weekOf = (week: string) => date(`${week}T00:00:00`);
  const stageName = (stage: string) => t(`app.funnel.stages.${stage}`);
  const stage = dataColumns<StageRow>();
  const stageColumns: DataColumn<StageRow>[] = [
    stage.accessor((s) => stageName(s.stage), { id: 'stage', header: t('app.funnel.stage') }),
    stage.accessor('reached', { header: t('app.funnel.reached'), meta: RIGHT }),
    stage.accessor('completed', { header: t('app.funnel.completed'), meta: RIGHT }),
    stage.accessor('dropOff', {
      header: t('app.funnel.dropOff'),
      meta: RIGHT,
      sortUndefined: 'last',
      cell: ({ row: { original: s } }) =>
        s.dropOff === undefined ? (
          <NotApplicable />
        ) : (
          `${number(s.dropOff)} (${formatPercent(s.dropOffShare!)})`
        ),
    }),
    stage.accessor('completionRate', {
      header: t('app.funnel.rate'),
      meta: RIGHT,
      cell: ({ getValue }) => formatPercent(getValue()),
    }),
    stage.accessor('medianDays', {
      header: t('app.funnel.medianDays'),
      meta: RIGHT,
      sortUndefined: 'last',
      cell: ({ row: { original: s } }) => {
        if (isLastStage(s.stage)) return <NotApplicable />;
        return s.medianDays === undefined ? '—' : fixed(s.medianDays, DAYS_DIGITS);
      },
    }),
  ];
  const cohort = dataColumns<Cohort>();
  const cohortColumns: DataColumn<Cohort>[] = [
    cohort.accessor('week', { header: t('app.funnel.week'), cell: ({ getValue }) => weekOf(getValue()) }),
    cohort.accessor('registered', { header: t('app.funnel.registeredColumn'), meta: RIGHT }),
    ...FUNNEL_STAGES.map((s, i) =>
      cohort.accessor((c) => percentOf(c.completed[i], c.registered), {
        id: s,
        header: stageName(s),
        meta: RIGHT,
        cell: ({ getValue }) => formatPercent(getValue()),
      }),
    ),
  ];
  const chart = data?.stages.map((s) => ({
    name: s.stage === 'training' ? t('app.funnel.trainingShort') : stageName(s.stage),
    completed: s.completed,
    dropOff: s.dropOff,
  }));
  const cohortChart = data?.cohorts
    .slice()
    .reverse()
    .map((c) => ({
      week: weekOf(c.week),
      ...Object.fromEntries(FUNNEL_STAGES.map((s, i) => [s, percentOf(c.completed[i], c.registered)])),
    }));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }} data-testid="funnel-page">
      <Title title={t('app.funnel.title')} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControl size="small" sx={{ minWidth: 280 }}>
          <InputLabel id="funnel-team">{t('app.funnel.team')}</InputLabel>
          <Select
            labelId="funnel-team"
            label={t('app.funnel.team')}
            value={sponsorId}
            onChange={(e) => setSponsorId(e.target.value)}
            data-testid="funnel-team"
          >
            <MenuItem value={ALL}>{t('app.funnel.allPartners')}</MenuItem>
            {data?.sponsors.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {t('app.funnel.teamOf', { name: s.name, smart_count: s.partners })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button
          label="app.funnel.exportCsv"
          href={`/api/admin/export/funnel.csv${query}`}
          data-testid="funnel-csv"
          variant="outlined"
        >
          <DownloadIcon />
        </Button>
        {data && (
          <Typography variant="body2" color="text.secondary" data-testid="funnel-registered">
            {t('app.funnel.registered', { smart_count: data.registered })}
          </Typography>
        )}
      </Box>
      {error && <LoadFailed error={error} onRetry={() => void load()} />}
      {!data && !error && <LinearProgress aria-label={t('ra.page.loading')} />}
      {data && (
        <>
          <Panel title={t('app.funnel.stepsTitle')} testId="funnel-steps">
            <Box sx={ROW}>
              {/* the chart takes what the table leaves it, down to 320 px; below that the table
                  goes under it, the row's width (Spanish, whose headers are wider, at 1280 px) */}
              <Box sx={{ height: 300, flex: '999 1 320px', minWidth: 0 }}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart
                    data={chart}
                    margin={{ top: 8, right: 16, left: 0, bottom: 0 }}
                    // its name and text alternative for screen readers: the table beside it
                    title={t('app.funnel.stepsTitle')}
                    desc={inTheTable(t)}
                  >
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="name" interval={0} tick={{ fontSize: 12 }} />
                    <YAxis allowDecimals={false} width={48} tickFormatter={(n: number) => number(n)} />
                    <Tooltip
                      itemSorter={inDrawingOrder}
                      formatter={(v) => (typeof v === 'number' ? number(v) : v)}
                    />
                    <Legend itemSorter={null} />
                    <Bar
                      dataKey="completed"
                      stackId="a"
                      name={t('app.funnel.completed')}
                      fill="#0d7d67"
                      isAnimationActive={false}
                    />
                    <Bar
                      dataKey="dropOff"
                      stackId="a"
                      name={t('app.funnel.dropOff')}
                      fill="#b45309"
                      isAnimationActive={false}
                    />
                  </BarChart>
                </ResponsiveContainer>
              </Box>
              <DataTable
                columns={stageColumns}
                data={data.stages.map(stageRow)}
                rowId={(s) => s.stage}
                rowAttributes={(s) => ({ 'data-stage': s.stage })}
                sx={{ flex: '1 0 auto', ...FIT }}
                testId="funnel-table"
              />
            </Box>
          </Panel>
          <Panel title={t('app.funnel.cohortsTitle')} testId="funnel-cohorts">
            {data.cohorts.length === 0 ? (
              <Typography color="text.secondary">{t('app.funnel.noCohorts')}</Typography>
            ) : (
              <Box sx={ROW}>
                <Box sx={{ height: 300, flex: '1 1 100%', minWidth: 0 }}>
                  <ResponsiveContainer width="100%" height="100%">
                    <LineChart
                      data={cohortChart}
                      margin={{ top: 8, right: 16, left: 0, bottom: 0 }}
                      title={t('app.funnel.cohortsTitle')}
                      desc={inTheTable(t)}
                    >
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis dataKey="week" tick={{ fontSize: 12 }} />
                      <YAxis domain={[0, 100]} width={52} tickFormatter={formatPercent} />
                      <Tooltip
                        itemSorter={inDrawingOrder}
                        formatter={(v) => (typeof v === 'number' ? formatPercent(v) : v)}
                      />
                      <Legend itemSorter={null} />
                      {FUNNEL_STAGES.map((s, i) => (
                        <Line
                          key={s}
                          dataKey={s}
                          name={stageName(s)}
                          stroke={['#0d7d67', '#0277bd', '#7b4ddb', '#b45309', '#c62828', '#37474f'][i]}
                          // the training usually completes with step 5: dashed, its line lets step 5's show through
                          strokeDasharray={s === 'training' ? '6 4' : undefined}
                          isAnimationActive={false}
                        />
                      ))}
                    </LineChart>
                  </ResponsiveContainer>
                </Box>
                <Box sx={{ overflowX: 'auto', flex: '1 1 100%' }}>
                  <DataTable
                    columns={cohortColumns}
                    data={data.cohorts}
                    rowId={(c) => c.week}
                    sx={FIT}
                    testId="cohort-table"
                  />
                </Box>
              </Box>
            )}
          </Panel>
        </>
      )}
    </Box>
  );
}
