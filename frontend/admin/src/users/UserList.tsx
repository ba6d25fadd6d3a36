import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiList from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TableSortLabel from '@mui/material/TableSortLabel';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import MailIcon from '@mui/icons-material/MarkEmailRead';
import UnsubscribeIcon from '@mui/icons-material/Unsubscribe';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Button,
  Confirm,
  Datagrid,
  FunctionField,
  Link,
  SelectInput,
  TextField,
  TopToolbar,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { List, PaginationUnlessFailed } from '../lib/LoadFailed';
import { Fragment, useState } from 'react';
import {
  ADMIN_PAGE_SIZE,
  ADMIN_SORT_FIELDS,
  ADMIN_STATUS_FILTERS,
  ADMIN_USERS_DEFAULT_SORT,
} from '@portal/contracts/admin/endpoints';
import type { AdminUser } from '@portal/contracts/admin/schemas';
import type { AdminDataProvider, BulkAction } from '../dataProvider';
import { LastLogin, ShortDate, useFormat } from '../lib/format';
import { ProgressiveDatagridBody } from '../lib/ProgressiveDatagridBody';
import { ProgressiveSimpleList } from '../lib/ProgressiveSimpleList';
import { SearchFilter } from '../lib/SearchFilter';
import { usePhone } from '../lib/usePhone';
import { EmptyChoiceName } from '../lib/EmptyChoiceName';
import { FocusListWhenUnselected } from '../lib/FocusListWhenUnselected';
import { serverErrorText } from '../lib/serverErrors';
import { fullName, labelled } from '../lib/labels';
import { LabelledButton } from '../lib/LabelledButton';

function StatusFilterInput(props: { source: string; alwaysOn?: boolean }) {
  const t = useTranslate();
  return (
    // the "All" choice is named "All" for screen readers too, not react-admin's "Clear value"
    <EmptyChoiceName name="app.status.all">
      <SelectInput
        {...props}
        label="resources.users.fields.status"
        emptyText="app.status.all"
        // no status chosen reads "All" in the box (MUI shows an empty value as a blank box), under
        // its label
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        choices={ADMIN_STATUS_FILTERS.filter((s) => s !== 'all').map((s) => ({
          id: s,
          name: t(`app.status.${s}`),
        }))}
      />
    </EmptyChoiceName>
  );
}

const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <StatusFilterInput key="status" source="status" alwaysOn />,
];

/** CSV of every user matching the current search, filter and sort (the server streams it; no row cap). */
function ExportCsvButton() {
  const { filterValues, sort } = useListContext();
  const params = new URLSearchParams({
    filter: JSON.stringify(filterValues ?? {}),
    sort: JSON.stringify([sort.field, sort.order]),
  });
  // its words on a phone too, as the toolbar's other buttons (react-admin's shows an icon alone there)
  return (
    <LabelledButton
      label="app.users.exportCsv"
      href={`/api/admin/export/users.csv?${params}`}
      data-testid="export-csv"
    >
      <DownloadIcon />
    </LabelledButton>
  );
}

/**
 * Export only: both filters are always shown, so react-admin's "Add filter" had no filter to add;
 * it appeared once a search was typed and offered only to save the query or to clear the filters
 * (the search box and "All" do that).
 */
const ListActions = () => (
  <TopToolbar>
    <ExportCsvButton />
  </TopToolbar>
);

/**
 * A bulk action on the selected users: a confirmation naming how many it touches, then one
 * audited event per user (the server), then the outcome with each failure by name.
 */
function BulkButton({
  action,
  label,
  short,
  icon,
}: {
  action: BulkAction;
  label: string;
  /** the button's visible words, if shorter than its name (`label`, the confirmation's title) */
  short?: string;
  icon: React.ReactElement;
}) {
  const { selectedIds, data } = useListContext<AdminUser>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('users');
  const t = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const [failures, setFailures] = useState<{ name: string; message: string }[]>([]);
  /**
   * Each failed user by name and e-mail. Rows selected on another page are not in this page's
   * data: they are asked for (one request); the id shows only if that fails too.
   */
  const namesOf = async (ids: string[]) => {
    const known = new Map((data ?? []).map((u) => [u.id, u]));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length)
      await dataProvider.getMany<AdminUser>('users', { ids: missing }).then(
        ({ data: found }) => found.forEach((u) => known.set(u.id, u)),
        () => undefined,
      );
    return (id: string) => {
      const u = known.get(id);
      return u ? `${fullName(u)} (${u.email})` : id;
    };
  };
  const run = async () => {
    setConfirming(false);
    try {
      const r = await dataProvider.bulkUsers(selectedIds as string[], action);
      notify(
        t('app.users.bulkDone', {
          updated: t('app.users.bulkCounts.updated', { smart_count: r.updated }),
          unchanged: t('app.users.bulkCounts.unchanged', { smart_count: r.unchanged }),
          failed: t('app.users.bulkCounts.failed', { smart_count: r.failed.length }),
        }),
        { type: r.failed.length ? 'warning' : 'info' },
      );
      const nameOf = await namesOf(r.failed.map((f) => f.id));
      setFailures(
        r.failed.map((f) => ({ name: nameOf(f.id), message: serverErrorText(f.error, f.message) })),
      );
      unselectAll();
      refresh();
    } catch (error) {
      notify(labelled(t, 'app.messages.updateFailed', (error as Error).message), { type: 'error' });
    }
  };
  return (
    <>
      <Button label={short ?? label} aria-label={t(label)} onClick={() => setConfirming(true)}>
        {icon}
      </Button>
      <Confirm
        isOpen={confirming}
        title={label}
        content={t(`app.users.bulkConfirm.${action}`, { smart_count: selectedIds.length })}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      />
      <Dialog
        open={failures.length > 0}
        onClose={() => setFailures([])}
        aria-labelledby={`bulk-failed-${action}`}
      >
        <DialogTitle id={`bulk-failed-${action}`}>
          {t('app.users.bulkFailedTitle', { smart_count: failures.length })}
        </DialogTitle>
        <DialogContent>
          <MuiList dense data-testid="bulk-failures">
            {failures.map((f) => (
              <ListItem key={f.name} disableGutters>
                <ListItemText primary={f.name} secondary={f.message} />
              </ListItem>
            ))}
          </MuiList>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setFailures([])}>{t('ra.action.close')}</MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

const BulkActions = () => (
  <>
    <BulkButton action="lock" label="app.users.lock" icon={<LockIcon />} />
    <BulkButton action="unlock" label="app.users.unlock" icon={<LockOpenIcon />} />
    <BulkButton
      action="subscribe"
      label="app.users.subscribe"
      short="app.users.subscribeShort"
      icon={<MailIcon />}
    />
    <BulkButton
      action="unsubscribe"
      label="app.users.unsubscribe"
      short="app.users.unsubscribeShort"
      icon={<UnsubscribeIcon />}
    />
    <FocusListWhenUnselected />
  </>
);

export function ProgressCell({ record }: { record: AdminUser }) {
  const t = useTranslate();
  const { percent } = useFormat();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 96 }}>
      <LinearProgress
        variant="determinate"
        value={record.progress}
        aria-label={t('app.users.progressLabel', { value: record.progress })}
        color={record.progress === 100 ? 'success' : 'primary'}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
      />
      <Typography variant="body2" sx={{ minWidth: 36, textAlign: 'right' }}>
        {percent(record.progress, 0)}
      </Typography>
    </Stack>
  );
}

function Flags({ record }: { record: AdminUser }) {
  const t = useTranslate();
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 0.5,
        flexWrap: 'wrap',
        maxWidth: 160,
        // long flags (French, Spanish) wrap inside their chip instead of widening the column
        '& .MuiChip-root': { height: 'auto', py: 0.25 },
        '& .MuiChip-label': { whiteSpace: 'normal' },
      }}
    >
      {record.isAdmin && <Chip size="small" color="primary" label={t('app.flags.admin')} />}
      {record.isLocked && (
        <Chip size="small" color="error" icon={<LockIcon />} label={t('app.flags.locked')} />
      )}
      {record.mustChangePassword && <Chip size="small" color="warning" label={t('app.status.mustChange')} />}
      {record.newsletter && (
        <Chip size="small" variant="outlined" icon={<MailIcon />} label={t('app.flags.newsletter')} />
      )}
    </Box>
  );
}

/**
 * An address that may wrap after its "@" and the dots and underscores before it (and at its
 * hyphens), never inside a name or its domain: a long one must not push the last column off a 1280 px screen, nor read
 * "tom.becker@exam / ple.com".
 */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@') + 1;
  const parts = [...address.slice(0, at).split(/(?<=[._])(?=.)/), address.slice(at)].filter(Boolean);
  return (
    <Typography variant="body2">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Typography>
  );
}

/**
 * The header of the name-and-e-mail column: a sort button for each, as the spec sorts by first
 * name and by e-mail (react-admin gives a column one).
 */
function NameEmailHeader() {
  const t = useTranslate();
  const { sort, setSort } = useListContext();
  return (
    <Stack component="span" sx={{ alignItems: 'flex-start' }}>
      {(['firstName', 'email'] as const).map((field) => {
        const active = sort.field === field;
        const label = t(`resources.users.fields.${field === 'firstName' ? 'name' : field}`);
        return (
          <TableSortLabel
            key={field}
            active={active}
            direction={active && sort.order === 'DESC' ? 'desc' : 'asc'}
            onClick={() => setSort({ field, order: active && sort.order === 'ASC' ? 'DESC' : 'ASC' })}
            aria-label={t('app.table.sortBy', { column: label })}
          >
            {label}
          </TableSortLabel>
        );
      })}
    </Stack>
  );
}

/** How each sort field's order reads ("Newest first", "Highest first", "A to Z"). */
const SORT_KIND: Record<(typeof ADMIN_SORT_FIELDS)[number], 'date' | 'number' | 'text'> = {
  createdAt: 'date',
  lastLoginAt: 'date',
  progress: 'number',
  firstName: 'text',
  email: 'text',
};

/**
 * The phone list's sort: the spec's five fields and the order, in words for the field, as two
 * native selects (the phone's own picker). The table sorts by its headers; the list has none.
 */
function PhoneSort() {
  const t = useTranslate();
  const { sort, setSort } = useListContext();
  const field = (ADMIN_SORT_FIELDS as readonly string[]).includes(sort.field)
    ? (sort.field as (typeof ADMIN_SORT_FIELDS)[number])
    : ADMIN_USERS_DEFAULT_SORT.field;
  const kind = SORT_KIND[field];
  const select = { select: { native: true }, inputLabel: { shrink: true } } as const;
  return (
    <Box sx={{ display: 'flex', gap: 1, px: 2, pt: 2 }} data-testid="phone-sort">
      <MuiTextField
        select
        label={t('app.users.sort.by')}
        value={field}
        // a new field starts in its natural order: newest, highest, A to Z
        onChange={(e) => {
          const next = e.target.value as (typeof ADMIN_SORT_FIELDS)[number];
          setSort({ field: next, order: SORT_KIND[next] === 'text' ? 'ASC' : 'DESC' });
        }}
        slotProps={select}
        size="small"
        sx={{ flex: 1 }}
      >
        {ADMIN_SORT_FIELDS.map((f) => (
          <option key={f} value={f}>
            {t(`resources.users.fields.${f === 'firstName' ? 'name' : f}`)}
          </option>
        ))}
      </MuiTextField>
      <MuiTextField
        select
        label={t('app.users.sort.order')}
        value={sort.order === 'ASC' ? 'ASC' : 'DESC'}
        onChange={(e) => setSort({ field, order: e.target.value as 'ASC' | 'DESC' })}
        slotProps={select}
        size="small"
        sx={{ flex: 1 }}
      >
        {(kind === 'text' ? (['ASC', 'DESC'] as const) : (['DESC', 'ASC'] as const)).map((o) => (
          <option key={o} value={o}>
            {t(`app.users.sort.${kind}.${o}`)}
          </option>
        ))}
      </MuiTextField>
    </Box>
  );
}

/** A user on a phone: name, progress, e-mail, then status and flags in words (a few rows at a time). */
function PhoneUsers() {
  const t = useTranslate();
  const { percent } = useFormat();
  return (
    <>
      <PhoneSort />
      <ProgressiveSimpleList<AdminUser>
        rowClick="edit"
        data-testid="users-list"
        primaryText={fullName}
        tertiaryText={(r) => percent(r.progress, 0)}
        secondaryText={(r) => (
          <>
            <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {r.email}
            </Box>
            {[
              t(`app.status.${r.status}`),
              r.isAdmin && t('app.flags.admin'),
              r.isLocked && t('app.flags.locked'),
              r.mustChangePassword && t('app.status.mustChange'),
              r.newsletter && t('app.flags.newsletter'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </>
        )}
      />
    </>
  );
}

export function UserList() {
  const t = useTranslate();
  const phone = usePhone();
  return (
    <List
      // <Admin requireAuth> checked the session before any page; the list's own check (an
      // access query, answered after the first render) only rendered the whole list again
      disableAuthentication
      filters={filters}
      actions={<ListActions />}
      perPage={ADMIN_PAGE_SIZE}
      pagination={<PaginationUnlessFailed rowsPerPageOptions={[ADMIN_PAGE_SIZE]} />}
      sort={ADMIN_USERS_DEFAULT_SORT}
      exporter={false}
      loadFailedTitle="app.messages.fetchUsersFailed"
      empty={false}
    >
      {phone ? (
        <PhoneUsers />
      ) : (
        <Datagrid
          body={ProgressiveDatagridBody}
          rowClick="edit"
          bulkActionButtons={<BulkActions />}
          data-testid="users-grid"
          // the table is named; focus comes to it when a bulk action's button goes (returnFocus.ts)
          aria-label={t('app.menu.users')}
          // the columns fit a 1024 px screen (a tablet's, the menu open) in every language with
          // tighter cell padding, the e-mail under the name; phones list (docs/decisions/admin.md).
          // The bulk actions too: "12 elementos seleccionados" takes two lines rather than push
          // the last button off the card. Dates are in figures, on one line ("29/11/2026", where
          // "29 nov" over "2026" took two).
          sx={{
            '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 },
            '& .RaBulkActionsToolbar-toolbar .RaBulkActionsToolbar-title': {
              flexShrink: 1,
              '& .MuiTypography-root': { lineHeight: 1.2 },
            },
          }}
        >
          <FunctionField<AdminUser>
            source="firstName"
            label={<NameEmailHeader />}
            sortable={false}
            render={(r) => (
              <Box sx={{ minWidth: 120 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {/* the row opens the user on a click; the name is a link so that Tab and Enter
                      do too (a row is not focusable) */}
                  <Link
                    to={`/users/${encodeURIComponent(String(r.id))}`}
                    onClick={(e: React.MouseEvent) => e.stopPropagation()}
                    color="inherit"
                    underline="hover"
                  >
                    {r.firstName} {r.lastName}
                  </Link>
                </Typography>
                <Email address={r.email} />
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {r.uid}
                </Typography>
              </Box>
            )}
          />
          <TextField source="sponsorName" sortable={false} emptyText="—" />
          <FunctionField<AdminUser> source="progress" render={(r) => <ProgressCell record={r} />} />
          <FunctionField<AdminUser>
            source="status"
            sortable={false}
            render={(r) => (
              <Stack spacing={0.5}>
                <Typography variant="body2">{t(`app.status.${r.status}`)}</Typography>
                <Flags record={r} />
              </Stack>
            )}
          />
          <FunctionField<AdminUser>
            source="lastLoginAt"
            render={(r) => <LastLogin value={r.lastLoginAt} short />}
          />
          <FunctionField<AdminUser> source="createdAt" render={(r) => <ShortDate value={r.createdAt} />} />
        </Datagrid>
      )}
    </List>
  );
}
