import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, esES, frFR } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import {
  FieldTitle,
  InputHelperText,
  useInput,
  useLocaleState,
  useResourceContext,
  type Validator,
} from 'react-admin';
import type { Locale } from '../i18n/i18nProvider';

/** the filter's value, as react-admin's DateInput kept it (the API's query value) */
const ISO_DAY = 'YYYY-MM-DD';

/** the picker's own words (its calendar's buttons, the field's "DD/MM/YYYY" placeholder) */
const PICKER_TEXTS = {
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
  es: esES.components.MuiLocalizationProvider.defaultProps.localeText,
  fr: frFR.components.MuiLocalizationProvider.defaultProps.localeText,
};

/**
 * A date filter that reads and types in the console's language (fr and es 29/11/2026, en
 * 11/29/2026), whatever the browser's: react-admin's DateInput is the browser's own date input,
 * in the browser's format. MUI X's date picker (dayjs), with a calendar in that language. The
 * filter's value stays the day as YYYY-MM-DD; a date typed in part or impossible changes nothing
 * until it is a whole date, and emptying the field clears the filter.
 */
export function DateFilterInput({
  source,
  validate,
}: {
  source: string;
  alwaysOn?: boolean;
  validate?: Validator;
}) {
  const [locale] = useLocaleState();
  const language = (locale in PICKER_TEXTS ? locale : 'en') as Locale;
  const resource = useResourceContext();
  const { id, field, fieldState, isRequired } = useInput({ source, validate });
  const value = typeof field.value === 'string' && field.value ? dayjs(field.value) : null;
  const change = (day: Dayjs | null) => {
    if (day === null) field.onChange(null);
    else if (day.isValid()) field.onChange(day.format(ISO_DAY));
  };
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={language}
      localeText={PICKER_TEXTS[language]}
    >
      <DatePicker
        label={<FieldTitle source={source} resource={resource} isRequired={isRequired} />}
        value={value?.isValid() ? value : null}
        onChange={change}
        sx={{
          // room for the date and its two buttons (the picker takes the whole row by default);
          // a phone's filters each take the row
          width: { xs: '100%', sm: 200 },
          // react-admin hides a filter's helper text, where its error (validate) shows
          '& .MuiFormHelperText-root.Mui-error': { display: 'block' },
        }}
        slotProps={{
          field: { clearable: true },
          textField: {
            id,
            name: field.name,
            variant: 'filled',
            size: 'small',
            margin: 'dense',
            onBlur: field.onBlur,
            error: fieldState.invalid,
            helperText: fieldState.error ? <InputHelperText error={fieldState.error.message} /> : null,
            className: `ra-input ra-input-${source}`,
          },
        }}
      />
    </LocalizationProvider>
  );
}
