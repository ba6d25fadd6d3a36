import { useId, useState, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import MuiButton from '@mui/material/Button';
import FilterListIcon from '@mui/icons-material/FilterList';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { FilterForm, useListContext, useTranslate } from 'react-admin';

const isSet = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * A list's filters on a phone, behind one "Filters" button that opens them as a panel above the
 * rows (closed at first, so the rows are on the first screen). The button counts the filters in
 * use ("2 active"), so what narrows the list stays in sight while the panel is closed. Given to
 * react-admin's List as its `filters` element on a phone; the array itself elsewhere.
 */
export function PhoneFilters({ filters }: { filters: ReactElement<{ source: string }>[] }) {
  const t = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [open, setOpen] = useState(false);
  const panel = useId();
  const active = filters.filter((f) => isSet(filterValues?.[f.props.source])).length;
  return (
    <Box sx={{ width: '100%', alignSelf: 'stretch', px: 1, pt: 1 }} data-testid="phone-filters">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <MuiButton
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen((o) => !o)}
          startIcon={<FilterListIcon />}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          sx={{ minHeight: 44 }}
        >
          {t('app.filters.title')}
          {active > 0 && (
            <Chip
              component="span"
              size="small"
              color="primary"
              label={t('app.filters.active', { smart_count: active })}
              sx={{ ml: 1, cursor: 'inherit', textTransform: 'none' }}
            />
          )}
        </MuiButton>
        {active > 0 && (
          <MuiButton sx={{ minHeight: 44, ml: 'auto' }} onClick={() => setFilters({}, {})}>
            {t('ra.action.remove_all_filters')}
          </MuiButton>
        )}
      </Box>
      <Collapse in={open} id={panel}>
        {/* one field a line, each the panel's width */}
        <Box
          sx={{
            '& form': { flexDirection: 'column', alignItems: 'stretch', flexWrap: 'nowrap' },
            '& form .RaFilterFormInput-spacer': { display: 'none' },
            '& form > *, & form .MuiFormControl-root, & form .MuiAutocomplete-root': {
              width: '100%',
              minWidth: 0,
            },
          }}
        >
          <FilterForm filters={filters} />
        </Box>
      </Collapse>
    </Box>
  );
}
