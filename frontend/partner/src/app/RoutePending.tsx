import { useRouterState } from '@tanstack/react-router';
import { LoadingOverlay, loadingKeyFor } from './overlays';

/** Shown while a route's code or data loads for longer than the router's pending delay. */
export function RoutePending() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return <LoadingOverlay messageKey={loadingKeyFor(pathname)} />;
}
