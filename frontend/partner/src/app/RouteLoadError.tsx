import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useMatch, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedCard } from '../components/LoadFailedCard';

/** A page's own words for a failed load (`namespace:key` ids); pages without them get the shell's. */
interface LoadErrorTexts {
  title: string;
  text: string;
  retry: string;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** the texts of the page's error card when its data could not be read */
    loadError?: LoadErrorTexts;
  }
}

/**
 * The error component of a guarded page whose data could not be read (its loader or a query
 * without data failed): the shell stays, a card names the page, and Retry runs the route's
 * loaders again (a failed query has no data, so `ensureQueryData` reads it again).
 */
export function RouteLoadError(_props: ErrorComponentProps) {
  const { t } = useTranslation('shell');
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  const staticData = useMatch({ strict: false, select: (m) => m.staticData });
  const [retrying, setRetrying] = useState(false);
  const own = staticData.loadError;
  const page = staticData.titleKey ? t(`titles.${staticData.titleKey}`) : t('loadError.thisPage');

  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);

  const retry = () => {
    setRetrying(true);
    void router.invalidate().finally(() => setRetrying(false));
  };

  return (
    <LoadFailedCard
      title={t(own?.title ?? 'loadError.title', { page })}
      text={t(own?.text ?? 'loadError.text')}
      retryLabel={t(own?.retry ?? 'loadError.retry')}
      onRetry={retry}
      retrying={retrying}
    />
  );
}
