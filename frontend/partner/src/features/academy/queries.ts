import type { QueryClient } from '@tanstack/react-query';
import { academyLinksQuery } from '../../lib/academyLinks';
import { progressQuery } from '../../lib/progress';
import { tutorialQuery } from './tutorial';

/**
 * What /academy reads before it shows: the progress (locked or open hub), the tour record and
 * the configured links. The progress is required; the tour and the links only add to the page
 * (no tour prompt, no link buttons), so their failure is no load error.
 */
export const loadAcademy = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.ensureQueryData(progressQuery),
    queryClient.ensureQueryData(tutorialQuery).catch(() => undefined),
    queryClient.ensureQueryData(academyLinksQuery).catch(() => undefined),
  ]);
