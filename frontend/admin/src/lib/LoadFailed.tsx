import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import MuiButton from '@mui/material/Button';
import { useEffect } from 'react';
import {
  type HttpError,
  List as RaList,
  type ListProps,
  Pagination,
  type PaginationProps,
  useEditContext,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import { labelled } from './labels';

/**
 * What a page shows when its data could not be loaded (the server answered 5xx or could not be
 * reached): that it failed, why (in the console's language, lib/serverErrors.ts), and a button
 * that asks again. Never an empty list ("no results") or a blank card.
 */
export function LoadFailed({
  error,
  onRetry,
  title = 'app.messages.loadFailed',
}: {
  error: unknown;
  onRetry: () => void;
  /** what failed, as a translation key */
  title?: string;
}) {
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
      <AlertTitle>{t(title)}</AlertTitle>
      {error instanceof Error ? error.message : null}
    </Alert>
  );
}

/**
 * Query options for a list or a record that shows LoadFailed: react-admin's own notification of a
 * failed load is left out (the page already says it once, with its retry); `useLoadFailure`
 * notifies the failures the page does not show. A failure shows at once, as react-admin's lists
 * do (`retry: false`): a user's history, a reference list, would otherwise try three more times
 * (about 7 s) before saying anything; the page's Try again is the retry.
 */
export const failuresShownOnPage = { onError: () => undefined, retry: false } as const;

/**
 * A failed load the page cannot show (a refetch that failed while the rows or the form it had
 * already loaded stay on screen) is notified, as react-admin did: `title: reason`, or the reason.
 */
function useLoadFailure(error: unknown, shown: boolean, title?: string) {
  const notify = useNotify();
  const t = useTranslate();
  useEffect(() => {
    if (!error || !shown) return;
    const reason = error instanceof Error ? error.message : '';
    notify(title ? labelled(t, title, reason) : reason || 'ra.notification.http_error', { type: 'error' });
    // once per failure: each failed fetch is a new error
  }, [error]);
}

/**
 * A list's rows, or LoadFailed when there are none because loading failed. A refetch that fails
 * keeps the rows already shown (a notification says why). The same element is the list's content
 * and its `error`, so the rows are not mounted again when an error comes or goes. Also for
 * ReferenceManyField (a user's history), with `failuresShownOnPage` as its query options.
 */
export function ListLoadFailed({ children, title }: { children: React.ReactNode; title?: string }) {
  const { error, data, refetch } = useListContext();
  useLoadFailure(error, !!data, title);
  if (error && !data) return <LoadFailed error={error} onRetry={() => void refetch()} title={title} />;
  return <>{children}</>;
}

/**
 * react-admin's List, with LoadFailed when its rows could not be loaded (under `loadFailedTitle`
 * when given) and no notification saying it again.
 */
export function List({
  children,
  loadFailedTitle,
  queryOptions,
  ...props
}: ListProps & { loadFailedTitle?: string }) {
  const content = <ListLoadFailed title={loadFailedTitle}>{children}</ListLoadFailed>;
  return (
    <RaList error={content} queryOptions={{ ...failuresShownOnPage, ...queryOptions }} {...props}>
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
  // a record gone (404) is the page's own case: it says so and leaves (users/UserEdit.tsx)
  useLoadFailure((error as HttpError | null)?.status === 404 ? null : error, !!record);
  if (error && !record) return <LoadFailed error={error} onRetry={() => void refetch()} />;
  return <>{children}</>;
}
