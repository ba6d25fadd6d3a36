import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  AutocompleteInput,
  Datagrid,
  FunctionField,
  ReferenceInput,
  SelectInput,
  useDataProvider,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { List, PaginationUnlessFailed } from '../lib/LoadFailed';
import { Link as RouterLink } from 'react-router-dom';
import type { AuditEntry } from '@portal/contracts/admin/schemas';
import type { AdminDataProvider } from '../dataProvider';
import { useFormat } from '../lib/format';
import { SearchFilter } from '../lib/SearchFilter';
import { DateFilterInput } from '../lib/DateFilterInput';
import { ProgressiveSimpleList } from '../lib/ProgressiveSimpleList';
import { Changes } from '../users/UserTimeline';
import { eventSummary, eventTypeChoices, shownChanges } from '../lib/eventSummary';
import { usePhone } from '../lib/usePhone';
import { PhoneFilters } from '../lib/PhoneFilters';
import { fullName, labelled } from '../lib/labels';

/** The recorded event types by their labels in the console's language; the value is the type. */
function EventTypeInput(props: { source: string; alwaysOn?: boolean }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const t = useTranslate();
  const [locale] = useLocaleState();
  const [types, setTypes] = useState<string[]>([]);
  useEffect(() => {
    dataProvider.getJson<{ id: string; name: string }[]>('/audit-event-types').then(
      (answer) => setTypes(answer.map((type) => type.id)),
      () => setTypes([]),
    );
  }, [dataProvider]);
  const choices = useMemo(() => eventTypeChoices(t, locale, types), [t, locale, types]);
  // the labels are already in the console's language
  return <SelectInput {...props} choices={choices} translateChoice={false} emptyText="app.audit.allTypes" />;
}

/**
 * An end before the start found nothing, with no word why: it is said under "Until", and the list
 * keeps its last dates (react-admin applies a filter form only while it is valid).
 */
const untilNotBeforeFrom = (until: string | null, { from }: { from?: string | null }) =>
  until && from && until < from ? 'app.audit.untilBeforeFrom' : undefined;

const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <EventTypeInput key="eventType" source="eventType" alwaysOn />,
  <ReferenceInput key="actorId" source="actorId" reference="users" alwaysOn>
    <AutocompleteInput
      label="resources.audit.fields.actorId"
      optionText={fullName}
      filterToQuery={(q: string) => ({ q })}
      sx={{ minWidth: 200 }}
    />
  </ReferenceInput>,
  <ReferenceInput key="subjectId" source="subjectId" reference="users" alwaysOn>
    <AutocompleteInput
      label="resources.audit.fields.subjectId"
      optionText={fullName}
      filterToQuery={(q: string) => ({ q })}
      sx={{ minWidth: 200 }}
    />
  </ReferenceInput>,
  <DateFilterInput key="from" source="from" alwaysOn />,
  <DateFilterInput key="to" source="to" alwaysOn validate={untilNotBeforeFrom} />,
];

function Expanded() {
  const record = useRecordContext<AuditEntry>();
  const t = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ px: 2, py: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {labelled(t, 'resources.audit.fields.streamId', record.streamId)} ·{' '}
        {labelled(t, 'resources.audit.fields.correlationId', record.correlationId ?? '—')}
      </Typography>
      <Changes changes={shownChanges(record)} before={record.before} />
    </Box>
  );
}

function UserLink({ id, name }: { id: string | null; name: string | null }) {
  const t = useTranslate();
  if (!id) return <>{t('app.audit.system')}</>;
  if (!name)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('app.audit.deletedUser')}
      </Typography>
    );
  return (
    <Link component={RouterLink} to={`/users/${id}`} onClick={(e: React.MouseEvent) => e.stopPropagation()}>
      {name}
    </Link>
  );
}

export function AuditList() {
  const { dateTime } = useFormat();
  const t = useTranslate();
  const [locale] = useLocaleState();
  const phone = usePhone();
  // a user's id; a Mailchimp run's is a UUID too, and read as a deleted user's ("Deleted user")
  const subjectOf = (r: AuditEntry) =>
    r.subjectId && /^[0-9a-f-]{36}$/.test(r.subjectId) && !r.streamId.startsWith('SyncRun-')
      ? r.subjectId
      : null;
  return (
    <List
      // on a phone the six filters took the whole first screen: they are behind one button there
      filters={phone ? <PhoneFilters filters={filters} /> : filters}
      sort={{ field: 'occurredAt', order: 'DESC' }}
      perPage={50}
      exporter={false}
      // no actions: every filter is always on and nothing is exported; an empty toolbar was a
      // band of blank page above the filters on a phone
      actions={false}
      pagination={<PaginationUnlessFailed />}
    >
      {phone ? (
        // on a phone: what happened, when, to whom and by whom; a row opens the user's history
        <ProgressiveSimpleList<AuditEntry>
          data-testid="audit-list"
          primaryText={(r) => eventSummary(t, locale, r)}
          secondaryText={(r) =>
            [
              dateTime(r.occurredAt),
              subjectOf(r) ? (r.subjectName ?? t('app.audit.deletedUser')) : null,
              r.actorId
                ? t('app.users.by', { name: r.actorName ?? t('app.audit.deletedUser') })
                : t('app.audit.system'),
            ]
              .filter(Boolean)
              .join(' · ')
          }
          rowClick={(_id, _resource, r) => {
            const subject = subjectOf(r as AuditEntry);
            return subject ? `/users/${subject}` : false;
          }}
        />
      ) : (
        <Datagrid expand={<Expanded />} bulkActionButtons={false} rowClick="expand">
          <FunctionField<AuditEntry> source="occurredAt" render={(r) => dateTime(r.occurredAt)} />
          <FunctionField<AuditEntry>
            source="eventType"
            render={(r) => (
              <Box>
                <Typography variant="body2">{eventSummary(t, locale, r)}</Typography>
                <Chip size="small" variant="outlined" label={r.eventType} sx={{ mt: 0.5 }} />
              </Box>
            )}
          />
          <FunctionField<AuditEntry>
            source="subjectName"
            sortable={false}
            render={(r) => <UserLink id={subjectOf(r)} name={r.subjectName} />}
          />
          <FunctionField<AuditEntry>
            source="actorName"
            sortable={false}
            render={(r) => <UserLink id={r.actorId} name={r.actorName} />}
          />
        </Datagrid>
      )}
    </List>
  );
}
