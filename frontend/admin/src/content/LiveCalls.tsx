import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  ArrayInput,
  Datagrid,
  Edit,
  FunctionField,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  SimpleList,
  TextField,
  TextInput,
  maxLength,
  regex,
  required,
  useLocale,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { List } from '../lib/LoadFailed';
import { KeepUnsavedValues } from '../lib/KeepUnsavedValues';
import { CALL_COLOR_THEMES, CONTENT_LIMITS as L } from '@portal/contracts/content/endpoints';
import type { AdminLiveCall } from '@portal/contracts/content/schemas';
import { usePhone } from '../lib/usePhone';
import { SaveOnlyToolbar } from './SaveOnlyToolbar';

const LANGS = ['en', 'es', 'fr'] as const;
type Lang = (typeof LANGS)[number];

/** The console's language as a call's name language (English for any other). */
function useCallLanguage(): Lang {
  const locale = useLocale();
  return (LANGS.includes(locale as Lang) ? locale : 'en') as Lang;
}

/** A call's page title with its name in the console's language ("Llamada en vivo Ciencia"). */
function LiveCallTitle() {
  const t = useTranslate();
  const lang = useCallLanguage();
  const call = useRecordContext<AdminLiveCall>();
  if (!call) return null;
  return (
    <span>
      {t('ra.page.edit', {
        name: t('resources.live-calls.name', { smart_count: 1 }),
        recordRepresentation: call.name[lang],
      })}
    </span>
  );
}

/** "Every Tuesday at 20:00" / "3rd Monday of the month at 21:00" (New York time). */
function useScheduleText() {
  const t = useTranslate();
  return (c: AdminLiveCall) =>
    t(c.weekOfMonth ? 'app.content.scheduleMonthly' : 'app.content.scheduleWeekly', {
      day: t(`app.content.days.${c.dayOfWeek}`),
      nth: c.weekOfMonth ? t(`app.content.nth.${c.weekOfMonth}`) : '',
      time: c.time,
    });
}

/** The live calls (always three; they are edited, not added or removed). */
export function LiveCallList() {
  const t = useTranslate();
  const schedule = useScheduleText();
  const lang = useCallLanguage();
  const phone = usePhone();
  return (
    <List
      pagination={false}
      exporter={false}
      // no actions: no filters, and calls are not added; an empty toolbar was a band of blank
      // page above the calls on a phone
      actions={false}
      sort={{ field: 'position', order: 'ASC' }}
    >
      {phone ? (
        <SimpleList<AdminLiveCall>
          rowClick="edit"
          primaryText={(c) => c.name[lang]}
          secondaryText={(c) => [schedule(c), c.host].filter(Boolean).join(' · ')}
        />
      ) : (
        <Datagrid
          rowClick="edit"
          bulkActionButtons={false}
          // the join link breaks anywhere: unbroken, it pushed the last columns off a 1024 px
          // screen in Spanish and French
          sx={{ '& td.column-zoomLink': { overflowWrap: 'anywhere' } }}
        >
          <FunctionField source="name" sortable={false} render={(c: AdminLiveCall) => c.name[lang]} />
          <FunctionField source="schedule" sortable={false} render={schedule} />
          <TextField source="host" sortable={false} emptyText="—" />
          <TextField source="passcode" sortable={false} emptyText="—" />
          <TextField source="zoomLink" sortable={false} emptyText="—" />
          <FunctionField
            source="colorTheme"
            sortable={false}
            render={(c: AdminLiveCall) => t(`app.content.colors.${c.colorTheme}`)}
          />
          <TextField source="sequence" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}

function Localized({
  source,
  max,
  multiline,
  optional,
}: {
  source: string;
  max: number;
  multiline?: boolean;
  optional?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
      {LANGS.map((lang) => (
        <TextInput
          key={lang}
          source={`${source}.${lang}`}
          label={`app.content.lang.${lang}`}
          validate={optional ? [maxLength(max)] : [required(), maxLength(max)]}
          multiline={multiline}
          sx={{ flex: '1 1 220px' }}
        />
      ))}
    </Box>
  );
}

const dayChoices = [0, 1, 2, 3, 4, 5, 6].map((id) => ({ id, name: `app.content.days.${id}` }));
const weekChoices = [1, 2, 3, 4, 5].map((id) => ({ id, name: `app.content.nth.${id}` }));
const colorChoices = CALL_COLOR_THEMES.map((id) => ({ id, name: `app.content.colors.${id}` }));

const FIELD = { flex: '1 1 200px' };

export function LiveCallEdit() {
  const t = useTranslate();
  return (
    <Edit mutationMode="pessimistic" title={<LiveCallTitle />}>
      <SimpleForm toolbar={<SaveOnlyToolbar />} warnWhenUnsavedChanges>
        <KeepUnsavedValues />
        <Typography variant="subtitle2">{t('resources.live-calls.fields.name')}</Typography>
        <Localized source="name" max={L.callName} />
        <Typography variant="subtitle2">{t('resources.live-calls.fields.description')}</Typography>
        <Localized source="description" max={L.callDescription} multiline optional />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
          <SelectInput source="dayOfWeek" choices={dayChoices} validate={required()} sx={FIELD} />
          <SelectInput
            source="weekOfMonth"
            choices={weekChoices}
            emptyText="app.content.everyWeek"
            sx={FIELD}
          />
          <TextInput
            source="time"
            validate={[required(), regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'app.content.timeHelp')]}
            helperText="app.content.timeHelp"
            sx={FIELD}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
          <TextInput source="host" validate={maxLength(L.host)} sx={FIELD} />
          <TextInput source="passcode" validate={maxLength(L.passcode)} sx={FIELD} />
          <SelectInput source="colorTheme" choices={colorChoices} validate={required()} sx={FIELD} />
        </Box>
        {/* optional: empty saves null, and partners read that the link will be posted before the call */}
        <TextInput
          source="zoomLink"
          validate={[maxLength(L.link), regex(/^https:\/\//, 'app.content.httpsHelp')]}
          helperText="app.content.joinLinkHelp"
          fullWidth
        />
        <ArrayInput source="focusAreas">
          <SimpleFormIterator
            inline
            disableReordering={false}
            // Move up, Move down, Remove, Add and Clear are 30 px icons side by side: on a phone or
            // a tablet a finger meant for "down" could remove the line; there each is 44 px
            sx={(theme) => ({
              [theme.breakpoints.down('md')]: { '& .MuiIconButton-root': { width: 44, height: 44 } },
            })}
          >
            {LANGS.map((lang) => (
              <TextInput
                key={lang}
                source={lang}
                label={`app.content.lang.${lang}`}
                validate={[required(), maxLength(L.focusArea)]}
              />
            ))}
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleForm>
    </Edit>
  );
}
