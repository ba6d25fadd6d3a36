import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  Datagrid,
  FunctionField,
  SelectInput,
  Show,
  SimpleList,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { List, PaginationUnlessFailed } from '../lib/LoadFailed';
import type { OutboxMessage } from '@portal/contracts/mail/schemas';
import { useFormat } from '../lib/format';
import { useNarrow, usePhone } from '../lib/usePhone';
import { DatedTitle } from '../lib/DatedTitle';

type Row = Omit<OutboxMessage, 'text' | 'html'>;

function When() {
  const { dateTime } = useFormat();
  const record = useRecordContext<Row>();
  return record ? <span title={record.createdAt}>{dateTime(record.createdAt)}</span> : null;
}

function Kind() {
  const t = useTranslate();
  const record = useRecordContext<Row>();
  return record ? <>{t(`app.mail.kinds.${record.kind}`, { _: record.kind })}</> : null;
}

/** The message's language by its name in the console's language ("French", not "fr"). */
function Language() {
  const t = useTranslate();
  const record = useRecordContext<Row>();
  return record ? <>{t(`app.mail.languages.${record.language}`, { _: record.language })}</> : null;
}

function Transport() {
  const t = useTranslate();
  const record = useRecordContext<Row>();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.transport === 'smtp' ? 'success' : 'default'}
      label={t(`app.mail.transport.${record.transport}`)}
      // a longer label wraps inside the chip instead of being cut ("Guardado aquí, no enviado")
      sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

/**
 * Said once, above the list, in the admin's terms (no server setting's name): without a mail
 * server nothing is sent, and who can connect one.
 */
function OutboxNotice() {
  const t = useTranslate();
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      {t('app.mail.notice')}
    </Alert>
  );
}

function useFilters() {
  const t = useTranslate();
  return [
    <TextInput key="q" source="q" label="resources.mail-outbox.fields.q" alwaysOn />,
    <SelectInput
      key="language"
      source="language"
      label="resources.mail-outbox.fields.language"
      choices={['en', 'es', 'fr'].map((id) => ({ id, name: t(`app.mail.languages.${id}`) }))}
      alwaysOn
    />,
  ];
}

/** A message on a phone: subject, to whom and what kind, when. */
function PhoneMessages() {
  const t = useTranslate();
  const { dateTime } = useFormat();
  return (
    <SimpleList<Row>
      rowClick="show"
      primaryText={(r) => r.subject}
      secondaryText={(r) => `${r.to} · ${t(`app.mail.kinds.${r.kind}`, { _: r.kind })}`}
      tertiaryText={(r) => dateTime(r.createdAt)}
    />
  );
}

/**
 * Every e-mail the portal sent or kept, newest first (issue 18). On a tablet the table leaves
 * out the message's language and beginning (its page shows both): at 768 px it was 250 to 320 px
 * wider than its card, and the delivery chip or the last column was cut.
 */
export function MailOutboxList() {
  const phone = usePhone();
  const narrow = useNarrow();
  return (
    <>
      <OutboxNotice />
      <List
        sort={{ field: 'createdAt', order: 'DESC' }}
        filters={useFilters()}
        perPage={25}
        exporter={false}
        // no actions: both filters are always on and nothing is exported or created; an empty
        // toolbar was a band of blank page above the filters on a phone
        actions={false}
        empty={false}
        pagination={<PaginationUnlessFailed />}
      >
        {phone ? (
          <PhoneMessages />
        ) : (
          <Datagrid rowClick="show" bulkActionButtons={false}>
            <FunctionField source="createdAt" sortable render={() => <When />} />
            {/* on a tablet a long address breaks rather than widening the table past its card */}
            <TextField source="to" sortable={false} sx={narrow ? { overflowWrap: 'anywhere' } : undefined} />
            <TextField source="subject" sortable={false} />
            <FunctionField source="kind" sortable={false} render={() => <Kind />} />
            {!narrow && <FunctionField source="language" sortable={false} render={() => <Language />} />}
            <FunctionField source="transport" sortable={false} render={() => <Transport />} />
            {!narrow && (
              <TextField
                source="preview"
                sortable={false}
                sx={{ display: 'block', maxWidth: 420, color: 'text.secondary' }}
              />
            )}
          </Datagrid>
        )}
      </List>
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="caption" color="text.secondary" component="h3">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function MessageBody() {
  const t = useTranslate();
  const record = useRecordContext<OutboxMessage>();
  if (!record) return null;
  const field = (label: string, value: React.ReactNode) => (
    <Box sx={{ minWidth: 160 }} data-testid="mail-field">
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div">{value}</Typography>
    </Box>
  );
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {record.subject}
      </Typography>
      {/* gaps, not margins: a field that wraps to a new line starts at its left edge */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1.5 }}>
        {field(t('resources.mail-outbox.fields.to'), record.to)}
        {field(t('resources.mail-outbox.fields.createdAt'), <When />)}
        {field(t('resources.mail-outbox.fields.kind'), <Kind />)}
        {field(t('resources.mail-outbox.fields.language'), <Language />)}
        {field(t('resources.mail-outbox.fields.transport'), <Transport />)}
      </Box>
      {record.linksHidden && (
        // the server hides them (a partner's pending reset link would open the account to any admin)
        <Alert severity="info" data-testid="links-hidden">
          {t('app.mail.linksHidden')}
        </Alert>
      )}
      <Section title={t('app.mail.html')}>
        {/* the message as the recipient sees it, isolated from the console (no scripts run) */}
        <Box
          component="iframe"
          title={t('app.mail.html')}
          sandbox=""
          srcDoc={record.html}
          sx={{ width: '100%', height: 320, border: 0, bgcolor: '#fff' }}
        />
      </Section>
      <Section title={t('app.mail.text')}>
        <Box
          component="pre"
          // a link's long token breaks anywhere rather than running out of the box on a phone
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace', m: 0 }}
          data-testid="mail-text"
        >
          {record.text}
        </Box>
      </Section>
    </Stack>
  );
}

export function MailOutboxShow() {
  return (
    // named by when it was sent: the subject, react-admin's default, is the page's heading
    <Show title={<DatedTitle text="app.mail.title" fallback="app.menu.outbox" />}>
      <MessageBody />
    </Show>
  );
}
