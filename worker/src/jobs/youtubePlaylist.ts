import { queues } from '@portal/contracts';
import { syncPlaylist } from '@portal/backend/features/academy/playlist';
import type { JobDefinition } from './types';

/**
 * Refreshes the replays read model from the YouTube playlist (or the bundled sample without
 * credentials). Idempotent: each run replaces the whole list in one transaction. Scheduled every
 * 6 hours, which keeps well inside YouTube's daily quota (1 unit per page of 50 videos).
 */
export const youtubePlaylistJob: JobDefinition<Record<string, never>> = {
  queue: queues.content.name,
  name: 'youtubePlaylist',
  concurrency: 1,
  async process(job, deps) {
    queues.content.jobs.youtubePlaylist.parse(job.data ?? {});
    return syncPlaylist(deps);
  },
};
