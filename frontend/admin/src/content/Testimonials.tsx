import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  Create,
  Datagrid,
  DeleteWithConfirmButton,
  Edit,
  EditButton,
  FunctionField,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  maxLength,
  regex,
  required,
  SimpleList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { List, PaginationUnlessFailed } from '../lib/LoadFailed';
import { KeepUnsavedValues } from '../lib/KeepUnsavedValues';
import { TESTIMONIAL_CATEGORIES } from '@portal/contracts/academy/endpoints';
import { CONTENT_LIMITS } from '@portal/contracts/content/endpoints';
import type { AdminTestimonial } from '@portal/contracts/content/schemas';
import { usePhone } from '../lib/usePhone';

const categoryChoices = TESTIMONIAL_CATEGORIES.map((id) => ({ id, name: `app.content.categories.${id}` }));

function Thumbnail() {
  const record = useRecordContext<AdminTestimonial>();
  const t = useTranslate();
  if (!record?.thumbnail) return null;
  return (
    <Box
      component="img"
      src={record.thumbnail}
      alt={t('app.content.thumbnailOf', { name: record.name })}
      loading="lazy"
      sx={{
        width: 96,
        height: 54,
        objectFit: 'cover',
        borderRadius: 1,
        display: 'block',
        overflow: 'hidden',
        bgcolor: 'action.hover',
        fontSize: 0,
      }}
    />
  );
}

function Categories() {
  const record = useRecordContext<AdminTestimonial>();
  const t = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {record.categories.map((c) => (
        <Chip key={c} size="small" label={t(`app.content.categories.${c}`)} />
      ))}
    </Stack>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="category" source="category" choices={categoryChoices} />,
];

/** A testimonial on a phone: its picture, name and categories; a row opens it. */
function PhoneTestimonials() {
  const t = useTranslate();
  return (
    <SimpleList<AdminTestimonial>
      rowClick="edit"
      leftIcon={() => (
        <Box sx={{ mr: 2 }}>
          <Thumbnail />
        </Box>
      )}
      primaryText={(r) => r.name}
      secondaryText={(r) => r.categories.map((c) => t(`app.content.categories.${c}`)).join(' · ')}
    />
  );
}

/** The vault's testimonials in the order partners see them. */
export const TestimonialList = () => (
  <List
    filters={filters}
    sort={{ field: 'position', order: 'ASC' }}
    perPage={25}
    pagination={<PaginationUnlessFailed />}
  >
    {usePhone() ? (
      <PhoneTestimonials />
    ) : (
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField source="thumbnail" sortable={false} render={() => <Thumbnail />} />
        <TextField source="name" />
        <FunctionField source="categories" sortable={false} render={() => <Categories />} />
        <TextField source="videoKey" sortable={false} />
        <EditButton />
        <DeleteWithConfirmButton mutationMode="pessimistic" />
      </Datagrid>
    )}
  </List>
);

const VIDEO_LINK =
  /^https:\/\/(www\.|m\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com|drive\.google\.com)\//;

function TestimonialForm() {
  return (
    <SimpleForm warnWhenUnsavedChanges>
      <KeepUnsavedValues />
      <TextInput source="name" validate={[required(), maxLength(CONTENT_LIMITS.testimonialName)]} fullWidth />
      <SelectArrayInput source="categories" choices={categoryChoices} validate={required()} fullWidth />
      <TextInput
        source="link"
        validate={[
          required(),
          maxLength(CONTENT_LIMITS.link),
          regex(VIDEO_LINK, 'app.content.videoLinkHelp'),
        ]}
        helperText="app.content.videoLinkHelp"
        fullWidth
      />
      <DerivedFields />
    </SimpleForm>
  );
}

/** What the server derived from the saved link: the vault's id, the video type and the thumbnail. */
function DerivedFields() {
  const record = useRecordContext<AdminTestimonial>();
  const t = useTranslate();
  if (!record?.videoKey) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="derived">
      <Thumbnail />
      <Box sx={{ typography: 'body2', color: 'text.secondary' }}>
        {t('app.content.derived', { id: record.videoKey, type: record.type })}
      </Box>
    </Stack>
  );
}

export const TestimonialEdit = () => (
  <Edit mutationMode="pessimistic">
    <TestimonialForm />
  </Edit>
);

export const TestimonialCreate = () => (
  <Create redirect="list">
    <TestimonialForm />
  </Create>
);
