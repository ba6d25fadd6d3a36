import AddIcon from '@mui/icons-material/Add';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  Create,
  Datagrid,
  DeleteWithConfirmButton,
  Edit,
  EditButton,
  ExportButton,
  FilterButton,
  TopToolbar,
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
import { useState } from 'react';
import { List, PaginationUnlessFailed } from '../lib/LoadFailed';
import { KeepUnsavedValues } from '../lib/KeepUnsavedValues';
import { LabelledButton } from '../lib/LabelledButton';
import { TESTIMONIAL_CATEGORIES } from '@portal/contracts/academy/endpoints';
import { CONTENT_LIMITS } from '@portal/contracts/content/endpoints';
import type { AdminTestimonial } from '@portal/contracts/content/schemas';
import { useNarrow, usePhone } from '../lib/usePhone';

const categoryChoices = TESTIMONIAL_CATEGORIES.map((id) => ({ id, name: `app.content.categories.${id}` }));

const THUMBNAIL_BOX = {
  width: 96,
  height: 54,
  borderRadius: 1,
  display: 'block',
  bgcolor: 'action.hover',
} as const;

/**
 * The video's thumbnail; when it cannot be loaded (the video host unreachable from the admin's
 * network, a video taken down) a neutral play sign stands in its place, not a broken image.
 */
function Thumbnail() {
  const record = useRecordContext<AdminTestimonial>();
  const t = useTranslate();
  const [failed, setFailed] = useState<string | null>(null);
  if (!record?.thumbnail) return null;
  const alt = t('app.content.thumbnailOf', { name: record.name });
  if (failed === record.thumbnail)
    return (
      <Box
        role="img"
        aria-label={alt}
        data-testid="thumbnail-placeholder"
        sx={{ ...THUMBNAIL_BOX, display: 'grid', placeItems: 'center', color: 'text.secondary' }}
      >
        <PlayCircleOutlined />
      </Box>
    );
  return (
    <Box
      component="img"
      src={record.thumbnail}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(record.thumbnail ?? null)}
      sx={{ ...THUMBNAIL_BOX, objectFit: 'cover', overflow: 'hidden', fontSize: 0 }}
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

const rowButtons = [
  <EditButton key="edit" />,
  <DeleteWithConfirmButton key="delete" mutationMode="pessimistic" />,
];

/**
 * Create is a toolbar button at every width, with its word: below 900 px react-admin's turned into
 * a round "+" floating over the rows' bottom right, over a row's Delete on a tablet.
 */
const TestimonialActions = () => (
  <TopToolbar>
    <FilterButton />
    <LabelledButton label="ra.action.create" to="/testimonials/create">
      <AddIcon />
    </LabelledButton>
    <ExportButton />
  </TopToolbar>
);

/**
 * The vault's testimonials in the order partners see them. On a tablet the table leaves out the
 * video's id (its edit page shows it): the Delete button was pushed out of view.
 */
export const TestimonialList = () => {
  const phone = usePhone();
  const narrow = useNarrow();
  return (
    <List
      actions={<TestimonialActions />}
      filters={filters}
      sort={{ field: 'position', order: 'ASC' }}
      perPage={25}
      pagination={<PaginationUnlessFailed />}
    >
      {phone ? (
        <PhoneTestimonials />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField source="thumbnail" sortable={false} render={() => <Thumbnail />} />
          {/* a short name ("James S.") on one line, a long one wrapping between its words */}
          <TextField source="name" sx={{ display: 'block', minWidth: '7em' }} />
          <FunctionField source="categories" sortable={false} render={() => <Categories />} />
          {!narrow && <TextField source="videoKey" sortable={false} sx={{ whiteSpace: 'nowrap' }} />}
          {narrow ? (
            // on a tablet Edit and Delete one above the other: side by side they pushed Delete
            // past the card's edge
            <FunctionField
              label=""
              render={() => <Stack sx={{ alignItems: 'flex-start' }}>{rowButtons}</Stack>}
            />
          ) : (
            rowButtons
          )}
        </Datagrid>
      )}
    </List>
  );
};

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

/** The video host's name, as people write it (the record's `type` is its internal key). */
const HOSTS: Record<AdminTestimonial['type'], string> = { youtube: 'YouTube', drive: 'Google Drive' };

/** What the server derived from the saved link: the vault's id, the video's host and the thumbnail. */
function DerivedFields() {
  const record = useRecordContext<AdminTestimonial>();
  const t = useTranslate();
  if (!record?.videoKey) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="derived">
      <Thumbnail />
      <Box sx={{ typography: 'body2', color: 'text.secondary' }}>
        {t('app.content.derived', { id: record.videoKey, type: HOSTS[record.type] })}
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
  <Create redirect="list" title="resources.testimonials.createTitle">
    <TestimonialForm />
  </Create>
);
