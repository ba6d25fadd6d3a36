import type { JobDefinition } from './types';
import { metricsSnapshotJob } from './metricsSnapshot';
import { youtubePlaylistJob } from './youtubePlaylist';
import { mailchimpSyncJob } from './mailchimpSync';
import { memberEmailJob } from './memberEmail';
import { passwordResetMailJob, sendMailJob } from './mail';
import { callRemindersJob } from './callReminders';

/** Every job the worker processes. Add a job here once. */
export const jobs: JobDefinition<never>[] = [
  metricsSnapshotJob as JobDefinition<never>,
  youtubePlaylistJob as JobDefinition<never>,
  mailchimpSyncJob as JobDefinition<never>,
  memberEmailJob as JobDefinition<never>,
  passwordResetMailJob as JobDefinition<never>,
  sendMailJob as JobDefinition<never>,
  callRemindersJob as JobDefinition<never>,
];
