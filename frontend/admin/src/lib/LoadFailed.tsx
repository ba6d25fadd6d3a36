import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import MuiButton from '@mui/material/Button';
import {
  List as RaList,
  type ListProps,
  Pagination,
  type PaginationProps,
  useEditContext,
  useListContext,
  useTranslate,
} from 'react-admin';

/**
 * What a page shows when its data could not be loaded (the server answered 5xx or could not be
 * reached): that it failed, why (in the console's language, lib/serverErrors.ts), and a button
 * that asks again. Never an empty list ("no results") or a blank card.
 */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTranslate();
  return (
    <Alert
      severity="error"
      data-testid="load-failed"
      sx={{ m: 1 }}
      action={
        <MuiButton color="inherit" size="small" onClick={onRetry}>
          {t('app.messages.retry')}
        </MuiButton>
      }
    >
      <AlertTitle>{t('app.messages.loadFailed')}</AlertTitle>
      {error instanceof Error ? error.message : null}
    </Alert>
  );
}

/**
 * A list's rows, or LoadFailed when there are none because loading failed. A refetch that fails
 * keeps the rows already shown (react-admin's notification says why). The same element is the
 * list's content and its `error`, so the rows are not mounted again when an error comes or goes.
 */
function ListLoadFailed({ children }: { children: React.ReactNode }) {
  const { error, data, refetch } = useListContext();
  if (error && !data) return <LoadFailed error={error} onRetry={() => void refetch()} />;
  return <>{children}</>;
}

/** react-admin's List, with LoadFailed when its rows could not be loaded. */
export function List({ children, ...props }: ListProps) {
  const content = <ListLoadFailed>{children}</ListLoadFailed>;
  return (
    <RaList error={content} {...props}>
      {content}
    </RaList>
  );
}

/** react-admin's Pagination, left out while a list shows LoadFailed (it would count rows it has not got). */
export function PaginationUnlessFailed(props: PaginationProps) {
  const { error, data } = useListContext();
  return error && !data ? null : <Pagination {...props} />;
}

/**
 * An edit page's form, or LoadFailed when the record could not be loaded. Used as the page's
 * content and its `error` alike, so a refetch that fails never remounts (and empties) the form.
 */
export function EditLoadFailed({ children }: { children: React.ReactNode }) {
  const { error, record, refetch } = useEditContext();
  if (error && !record) return <LoadFailed error={error} onRetry={() => void refetch()} />;
  return <>{children}</>;
}
