import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { homeFor, progressQuery } from '../../lib/progress';
import { hideLoading, showLoading } from '../../lib/ui';

/**
 * /dashboard is a redirect: /academy when trainingCompleted or all five steps are done,
 * /foundation otherwise and whenever the progress is missing or fails to load.
 */
export function DashboardPage() {
  const navigate = useNavigate();
  const { data, isPending } = useQuery(progressQuery);

  useEffect(() => {
    if (isPending) {
      showLoading('dashboard');
      return hideLoading;
    }
    void navigate({ to: homeFor(data?.progress), replace: true });
  }, [isPending, data, navigate]);

  return null;
}
