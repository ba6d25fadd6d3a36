import Alert from '@mui/material/Alert';
import { Edit, SimpleForm, TextInput, maxLength, regex, useRecordContext, useTranslate } from 'react-admin';
import { CONTENT_LIMITS } from '@portal/contracts/content/endpoints';
import { SaveOnlyToolbar } from './SaveOnlyToolbar';
import { KeepUnsavedValues } from '../lib/KeepUnsavedValues';

function Source() {
  const record = useRecordContext<{ source: 'config' | 'console' }>();
  const t = useTranslate();
  if (!record) return null;
  return (
    <Alert severity="info" data-testid="links-source">
      {t(`app.content.linksSource.${record.source}`)}
    </Alert>
  );
}

const https = [maxLength(CONTENT_LIMITS.link), regex(/^https:\/\//, 'app.content.httpsHelp')];

/** The advanced academy and course purchase links (one record, `current`). Empty hides a button. */
export function AcademyLinksEdit() {
  const t = useTranslate();
  return (
    <Edit
      id="current"
      resource="academy-links"
      mutationMode="pessimistic"
      redirect={false}
      title={t('app.menu.academyLinks')}
    >
      <SimpleForm toolbar={<SaveOnlyToolbar />} warnWhenUnsavedChanges>
        <KeepUnsavedValues />
        <Source />
        <TextInput
          source="advancedAcademyUrl"
          validate={https}
          helperText="app.content.emptyHides"
          fullWidth
        />
        <TextInput
          source="coursePurchaseUrl"
          validate={https}
          helperText="app.content.emptyHides"
          fullWidth
        />
      </SimpleForm>
    </Edit>
  );
}
