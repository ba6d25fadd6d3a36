import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, type RefObject } from 'react';
import {
  ListContextProvider,
  Pagination,
  ReferenceManyField,
  useGetManyAggregate,
  useListContext,
  useLocaleState,
  useLocation,
  useNavigate,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { AdminUser, AuditEntry } from '@portal/contracts/admin/schemas';
import { useFormat } from '../lib/format';
import { eventSummary, fieldLabel, shownChanges, TIMESTAMP } from '../lib/eventSummary';
import { fullName } from '../lib/labels';
import { failuresShownOnPage, ListLoadFailed } from '../lib/LoadFailed';

/** Recorded values of these fields are names of choices: their texts in the reader's language. */
const VALUE_TEXTS: Record<string, string> = {
  source: 'app.events.sources',
  via: 'app.events.adminVia',
  trigger: 'app.sync.trigger',
  status: 'app.sync.status',
  colorTheme: 'app.content.colors',
  dayOfWeek: 'app.content.days',
  weekOfMonth: 'app.content.nth',
  language: 'app.content.lang',
  categories: 'app.content.categories',
  confidenceLevel: 'app.events.values.confidenceLevel',
  reason: 'app.events.values.reason',
  method: 'app.events.values.method',
  by: 'app.events.values.by',
  outcome: 'app.events.values.outcome',
};

/** Recorded values of these fields are user ids: the console names the user. */
const USER_FIELDS = new Set(['sponsorId', 'fromUserId']);

/**
 * A user named by a recorded id (a sponsor, the admin address's previous holder); the id only when no user has it (deleted). The
 * names of every row come in one request (react-admin aggregates the ids).
 */
function UserName({ id }: { id: string }) {
  const { data, isPending } = useGetManyAggregate<AdminUser>('users', { ids: [id] });
  const user = data?.find((u) => u.id === id);
  if (isPending) return <>…</>;
  return <span title={id}>{user ? fullName(user) : id}</span>;
}

/**
 * A recorded value as people read it: lists as lists (names and notes), yes/no, times and
 * choices in the reader's language, dashes for nothing.
 */
function Value({ value, field }: { value: unknown; field?: string }) {
  const t = useTranslate();
  const { dateTime } = useFormat();
  if (value === null || value === undefined || value === '') return <>—</>;
  if (typeof value === 'boolean') return <>{t(`ra.boolean.${value}`)}</>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <>—</>;
    return (
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {value.map((item, i) => (
          <li key={i}>
            {item && typeof item === 'object' && 'name' in item ? (
              <>
                {String((item as { name: unknown }).name)}
                {(item as { note?: unknown }).note ? ` — ${String((item as { note: unknown }).note)}` : ''}
              </>
            ) : (
              <Value value={item} field={field} />
            )}
          </li>
        ))}
      </Box>
    );
  }
  if (typeof value === 'object') return <Changes changes={value as Record<string, unknown>} nested />;
  if (typeof value === 'string' && field && USER_FIELDS.has(field)) return <UserName id={value} />;
  if (typeof value === 'string' && TIMESTAMP.test(value)) return <>{dateTime(value)}</>;
  const texts = field && VALUE_TEXTS[field];
  if (texts) return <>{t(`${texts}.${String(value)}`, { _: String(value) })}</>;
  return <>{String(value)}</>;
}

/**
 * The values an event recorded, field by field; for edits of a user's details each field shows
 * its value before and after the change.
 */
export function Changes({
  changes,
  before,
  nested = false,
}: {
  changes: Record<string, unknown> | null;
  before?: Record<string, unknown> | null;
  nested?: boolean;
}) {
  const t = useTranslate();
  if (!changes || Object.keys(changes).length === 0) return null;
  return (
    <Box
      component="dl"
      data-testid={nested ? undefined : 'changes'}
      sx={{
        m: 0,
        mt: nested ? 0 : 0.5,
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 1,
        fontSize: 12,
        color: 'text.secondary',
      }}
    >
      {Object.entries(changes).map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            {fieldLabel(t, k)}
          </Box>
          <Box component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
            {before && k in before ? (
              <span data-testid={`change-${k}`}>
                <Box component="span" sx={{ textDecoration: 'line-through' }}>
                  <Value value={before[k]} field={k} />
                </Box>
                {' → '}
                <Value value={v} field={k} />
              </span>
            ) : (
              <Value value={v} field={k} />
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * "request 420ff4b9" kept on one line: the id (its first 8 characters) broke at its hyphen on a
 * phone ("test-" / "aec"); the whole phrase goes to the next line instead.
 */
function RequestId({ id }: { id: string }) {
  const t = useTranslate();
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="request-id">
      {t('app.audit.request', { id })}
    </Box>
  );
}

function ActorLabel({ entry, userId }: { entry: AuditEntry; userId?: string }) {
  const t = useTranslate();
  if (!entry.actorId) return <>{t('app.users.bySystem')}</>;
  if (userId && entry.actorId === userId) return <>{t('app.users.bySelf')}</>;
  return <>{t('app.users.by', { name: entry.actorName ?? t('app.audit.deletedUser') })}</>;
}

/**
 * The events of the history's page. After a page was chosen (`focusOnShow`), focus goes to the
 * list once it shows that page: the pagination's button may be gone or disabled (Next on the last
 * page), and the reader goes on with the page they asked for.
 */
function Events({ focusOnShow, labelledBy }: { focusOnShow: RefObject<boolean>; labelledBy: string }) {
  const { data, isPending } = useListContext<AuditEntry>();
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!focusOnShow.current || isPending || !data) return;
    focusOnShow.current = false;
    // the page's first event in view, under the app bar and the history's title (the browser
    // would scroll a list taller than the window only as far as its end)
    list.current?.focus({ preventScroll: true });
    list.current?.scrollIntoView({ block: 'start' });
  }, [data]); // only when the shown page's events change
  const record = useRecordContext<AdminUser>();
  const t = useTranslate();
  const [locale] = useLocaleState();
  const { dateTime } = useFormat();
  if (isPending) return null;
  if (!data?.length) return <Typography color="text.secondary">{t('app.users.timelineEmpty')}</Typography>;
  return (
    <Box
      component="ol"
      ref={list}
      tabIndex={-1}
      aria-labelledby={labelledBy}
      sx={{ listStyle: 'none', p: 0, m: 0, scrollMarginTop: 112 }}
      data-testid="timeline"
    >
      {data.map((e) => (
        <Box
          component="li"
          key={e.id}
          sx={{
            position: 'relative',
            pl: 2.5,
            pb: 1.5,
            borderLeft: '2px solid',
            borderColor: 'divider',
            ml: 0.75,
          }}
        >
          <Box
            sx={{
              position: 'absolute',
              left: -6,
              top: 4,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: e.actorId && e.actorId !== record?.id ? 'primary.main' : 'grey.400',
            }}
          />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {eventSummary(t, locale, e)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {dateTime(e.occurredAt)} · <ActorLabel entry={e} userId={record?.id} />
            {e.correlationId && (
              <>
                {' · '}
                <RequestId id={e.correlationId.slice(0, 8)} />
              </>
            )}
          </Typography>
          <Changes changes={shownChanges(e)} before={e.before} />
        </Box>
      ))}
    </Box>
  );
}

/** The history's page, in the user page's address (`#/users/<id>?page=2`), as react-admin lists keep theirs. */
function useHistoryPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const setPage = (next: number) => {
    if (next > 1) params.set('page', String(next));
    else params.delete('page');
    const query = params.toString();
    navigate(`${pathname}${query ? `?${query}` : ''}`);
  };
  return [page, setPage] as const;
}

/**
 * The history's pagination: a page chosen goes into the address (a new history entry), and the
 * history shows the address's page, so reload and Back keep it.
 */
function HistoryPagination({ onChoose }: { onChoose: () => void }) {
  const context = useListContext();
  const [page, goTo] = useHistoryPage();
  const setPage = (next: number) => {
    onChoose();
    goTo(next);
  };
  const { page: shown, setPage: show } = context;
  useEffect(() => {
    if (shown !== page) show(page);
  }, [page]); // only when the address changes: `show` and `shown` follow it
  return (
    <ListContextProvider value={{ ...context, setPage }}>
      <Pagination rowsPerPageOptions={[20]} />
    </ListContextProvider>
  );
}

/** Every event of the user, newest first, with who did it and the changed values. */
export function UserTimeline() {
  const t = useTranslate();
  const [page] = useHistoryPage();
  const heading = useId();
  const focusOnShow = useRef(false);
  return (
    <Card
      sx={{ width: { xs: '100%', lg: 420 }, ml: { lg: 2 }, mt: { xs: 2, lg: 0 }, alignSelf: 'flex-start' }}
    >
      <CardContent>
        <Typography variant="h6" gutterBottom id={heading}>
          {t('app.users.timeline')}
        </Typography>
        <ReferenceManyField
          reference="user-events"
          target="userId"
          sort={{ field: 'occurredAt', order: 'DESC' }}
          perPage={20}
          page={page}
          pagination={<HistoryPagination onChoose={() => (focusOnShow.current = true)} />}
          queryOptions={failuresShownOnPage}
        >
          <ListLoadFailed>
            <Events focusOnShow={focusOnShow} labelledBy={heading} />
          </ListLoadFailed>
        </ReferenceManyField>
      </CardContent>
    </Card>
  );
}
