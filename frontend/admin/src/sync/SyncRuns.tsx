import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import SyncIcon from '@mui/icons-material/Sync';
import {
  Datagrid,
  FunctionField,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleList,
  TextField,
  useCreate,
  useGetList,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { List, PaginationUnlessFailed } from '../lib/LoadFailed';
import { useEffect, useState } from 'react';
import type { SyncRun, SyncRunItem } from '@portal/contracts/admin/schemas';
import { useFormat } from '../lib/format';
import { usePhone } from '../lib/usePhone';
import { labelled } from '../lib/labels';
import { DatedTitle } from '../lib/DatedTitle';

const STATUS_COLOR: Record<SyncRun['status'], 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  running: 'info',
  completed: 'success',
  failed: 'error',
};

function RunStatus({ run }: { run: SyncRun }) {
  const t = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[run.status]}
      label={t(`app.sync.status.${run.status}`)}
      data-testid={`run-status-${run.status}`}
    />
  );
}

const active = (run?: SyncRun) => run?.status === 'queued' || run?.status === 'running';

/** How much of a run is done, in the console's format; none for a queued run (nothing started). */
const donePercent = (run: SyncRun, percent: (n: number, digits: number) => string) =>
  run.status === 'queued' ? '' : percent(run.percent, 0);

/**
 * A run's bar and, under it, how far it got: "Page 1 sur 1 · 100 %", the percent in the console's
 * language (it read "Page 1 sur 1 100%"); a queued run says it waits, without a percent (its bar
 * moves without one).
 */
function RunProgress({ run }: { run: SyncRun }) {
  const t = useTranslate();
  const { percent } = useFormat();
  const where = run.pagesTotal
    ? t('app.sync.pages', { done: run.pagesDone, total: run.pagesTotal })
    : run.status === 'queued'
      ? t('app.sync.queued')
      : '';
  return (
    <Box sx={{ minWidth: 160 }}>
      <LinearProgress
        variant={run.status === 'queued' ? 'indeterminate' : 'determinate'}
        value={run.percent}
        aria-label={t('resources.sync-runs.fields.percent')}
        color={run.status === 'failed' ? 'error' : run.status === 'completed' ? 'success' : 'primary'}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary">
        {[where, donePercent(run, percent)].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}

/**
 * The three figures side by side in one row at every width: on a phone in three equal columns
 * (a wrapped row put "Errors" alone under the others, indented by the row's spacing), wider in
 * columns of their own width.
 */
const figures = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(3, minmax(110px, max-content))' },
  columnGap: { xs: 2, sm: 4 },
};

/**
 * The figures of a run: total, updated, errors (spec), with live progress while it runs; written in
 * the console's language (`toLocaleString` followed the browser's: 1,234 in a French console).
 */
export function RunResults({ run }: { run: SyncRun }) {
  const t = useTranslate();
  const { number } = useFormat();
  const figure = (label: string, value: number, color?: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" sx={{ color }} data-testid={`result-${label}`}>
        {number(value)}
      </Typography>
    </Box>
  );
  return (
    <Stack spacing={2}>
      <Stack sx={{ alignItems: 'center', flexWrap: 'wrap' }} direction="row" spacing={2}>
        <RunStatus run={run} />
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <RunProgress run={run} />
        </Box>
      </Stack>
      <Box sx={figures} data-testid="sync-results">
        {figure(t('resources.sync-runs.fields.total'), run.total)}
        {figure(t('resources.sync-runs.fields.updated'), run.updated, '#0d7d67')}
        {figure(t('resources.sync-runs.fields.errors'), run.errors, run.errors ? '#d32f2f' : undefined)}
      </Box>
      {run.lastError && (
        <Alert severity={run.status === 'failed' ? 'error' : 'warning'}>{run.lastError}</Alert>
      )}
    </Stack>
  );
}

function SyncPanel() {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const [create, { isPending }] = useCreate();
  const [poll, setPoll] = useState(false);
  const { data } = useGetList<SyncRun>(
    'sync-runs',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } },
    { refetchInterval: poll ? 1500 : false },
  );
  const latest = data?.[0];
  useEffect(() => {
    const running = active(latest);
    if (poll && !running) refresh();
    setPoll(running);
  }, [latest, poll, refresh]);
  return (
    <Card sx={{ mt: 2, mb: 2 }}>
      <CardContent>
        <Stack
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
        >
          <Box>
            <Typography variant="h6">{t('app.sync.title')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('app.sync.intro')}
            </Typography>
          </Box>
          {/* its words at every width (a row of its own on a phone): react-admin's Button showed
              only its icon there, with no name at all while a run was going */}
          <MuiButton
            variant="contained"
            startIcon={<SyncIcon />}
            disabled={isPending || active(latest)}
            data-testid="run-sync"
            // the intro beside it takes the room it needs, never the button's
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
            onClick={() =>
              create(
                'sync-runs',
                { data: {} },
                {
                  onSuccess: (run: SyncRun) => {
                    notify(latest && run.id === latest.id ? 'app.sync.alreadyRunning' : 'app.sync.started', {
                      type: 'info',
                    });
                    setPoll(true);
                    refresh();
                  },
                  onError: (error) =>
                    notify(labelled(t, 'app.messages.syncFailed', (error as Error).message), {
                      type: 'error',
                    }),
                },
              )
            }
          >
            {t(active(latest) ? 'app.sync.running' : 'app.sync.run')}
          </MuiButton>
        </Stack>
        {latest && (
          <Box sx={{ mt: 2, cursor: 'pointer' }} onClick={() => redirect('show', 'sync-runs', latest.id)}>
            {latest.adapter === 'demo' && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('app.sync.demo')}
              </Alert>
            )}
            <RunResults run={latest} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export function SyncRunList() {
  const { dateTime, number, percent } = useFormat();
  const t = useTranslate();
  const phone = usePhone();
  const noRuns = (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }}>
      {t('app.sync.noRuns')}
    </Typography>
  );
  return (
    <>
      <SyncPanel />
      <List
        title="app.sync.title"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        exporter={false}
        actions={false}
        pagination={<PaginationUnlessFailed rowsPerPageOptions={[10]} />}
        empty={false}
        disableSyncWithLocation
      >
        <Typography variant="subtitle1" sx={{ px: 2, pt: 2 }}>
          {t('app.sync.lastRuns')}
        </Typography>
        {phone ? (
          // on a phone: when and how, its status and figures, how far it got
          <SimpleList<SyncRun>
            empty={noRuns}
            rowClick="show"
            primaryText={(r) => `${dateTime(r.createdAt)} · ${t(`app.sync.trigger.${r.trigger}`)}`}
            secondaryText={(r) =>
              [
                t(`app.sync.status.${r.status}`),
                labelled(
                  t,
                  'resources.sync-runs.fields.updated',
                  `${number(r.updated)} / ${number(r.total)}`,
                ),
                labelled(t, 'resources.sync-runs.fields.errors', number(r.errors)),
                r.requestedByName,
              ]
                .filter(Boolean)
                .join(' · ')
            }
            tertiaryText={(r) => donePercent(r, percent)}
          />
        ) : (
          <Datagrid
            rowClick="show"
            bulkActionButtons={false}
            empty={noRuns}
            // tighter cells, as the users list's: with a run in it the table was 66 to 102 px wider
            // than its card at 768 px and 35 to 65 px at 1024 (the menu open), so "Mis à jour" and
            // "Erreurs" needed a sideways scroll; every column still has room for its header
            sx={{ '& .MuiTableCell-root': { px: 1 } }}
          >
            <FunctionField<SyncRun> source="createdAt" render={(r) => dateTime(r.createdAt)} />
            <FunctionField<SyncRun>
              source="trigger"
              sortable={false}
              render={(r) => t(`app.sync.trigger.${r.trigger}`)}
            />
            <TextField source="requestedByName" sortable={false} emptyText="—" />
            <FunctionField<SyncRun> source="status" sortable={false} render={(r) => <RunStatus run={r} />} />
            <FunctionField<SyncRun>
              source="percent"
              sortable={false}
              render={(r) => <RunProgress run={r} />}
            />
            <FunctionField<SyncRun> source="total" sortable={false} render={(r) => number(r.total)} />
            <FunctionField<SyncRun> source="updated" sortable={false} render={(r) => number(r.updated)} />
            <FunctionField<SyncRun> source="errors" sortable={false} render={(r) => number(r.errors)} />
          </Datagrid>
        )}
      </List>
    </>
  );
}

function ItemStatus() {
  const item = useRecordContext<SyncRunItem>();
  const t = useTranslate();
  if (!item) return null;
  return (
    <Chip
      size="small"
      color={item.status === 'success' ? 'success' : 'error'}
      label={t(`app.sync.itemStatus.${item.status}`)}
    />
  );
}

function ShowBody() {
  const run = useRecordContext<SyncRun>();
  const t = useTranslate();
  const phone = usePhone();
  const { dateTime, number } = useFormat();
  const [errorsOnly, setErrorsOnly] = useState(false);
  if (!run) return null;
  return (
    <CardContent>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {dateTime(run.createdAt)} · {t(`app.sync.trigger.${run.trigger}`)}{' '}
        {run.requestedByName ? `· ${run.requestedByName}` : ''} ·{' '}
        {run.adapter === 'demo' ? t('app.performance.demoAdapter') : 'Mailchimp'}
        {run.audienceSize !== null
          ? ` · ${t('app.sync.members', { count: number(run.audienceSize), smart_count: run.audienceSize })}`
          : ''}
      </Typography>
      <RunResults run={run} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 3 }}>
        <Typography variant="h6">{t('app.sync.details')}</Typography>
        <FormControlLabel
          control={<Switch checked={errorsOnly} onChange={(e) => setErrorsOnly(e.target.checked)} />}
          label={t('app.sync.onlyErrors')}
        />
      </Stack>
      <ReferenceManyField
        reference="sync-run-items"
        target="runId"
        filter={errorsOnly ? { status: 'error' } : {}}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[25]} />}
        sort={{ field: 'email', order: 'ASC' }}
        empty={<Typography color="text.secondary">{t('app.sync.noDetails')}</Typography>}
      >
        {phone ? (
          <SimpleList<SyncRunItem>
            rowClick={false}
            primaryText={(r) => r.email}
            secondaryText={(r) =>
              [
                t(`app.sync.action.${r.action}`, { _: r.action }),
                t(`app.sync.itemStatus.${r.status}`),
                r.error,
              ]
                .filter(Boolean)
                .join(' · ')
            }
          />
        ) : (
          <Datagrid bulkActionButtons={false}>
            <TextField source="email" />
            <FunctionField<SyncRunItem>
              source="action"
              sortable={false}
              render={(r) => t(`app.sync.action.${r.action}`, { _: r.action })}
            />
            <FunctionField source="status" sortable={false} render={() => <ItemStatus />} />
            <TextField source="error" sortable={false} emptyText="—" />
          </Datagrid>
        )}
      </ReferenceManyField>
    </CardContent>
  );
}

export function SyncRunShow() {
  return (
    <Show
      title={<DatedTitle text="app.sync.runTitle" fallback="app.sync.title" />}
      queryOptions={{
        refetchInterval: (query) => (active(query.state.data as SyncRun | undefined) ? 1500 : false),
      }}
    >
      <ShowBody />
    </Show>
  );
}
