import type { Queue } from 'bullmq';
import type { QueueName } from '@portal/contracts';

/** Recurring jobs. Registered with upsertJobScheduler: restarts never duplicate them. */
export interface Schedule {
  queue: QueueName;
  id: string;
  jobName: string;
  repeat: { every?: number; pattern?: string; tz?: string };
  data?: Record<string, unknown>;
}

export const schedules: Schedule[] = [
  {
    queue: 'metrics',
    id: 'metrics-snapshot-every-minute',
    jobName: 'snapshot',
    repeat: { pattern: '5 * * * * *' },
  },
  {
    queue: 'content',
    id: 'youtube-playlist-every-6h',
    jobName: 'youtubePlaylist',
    repeat: { every: 6 * 3600 * 1000 },
  },
  {
    queue: 'mailchimp',
    id: 'mailchimp-sync-nightly',
    jobName: 'sync',
    repeat: { pattern: '0 30 2 * * *', tz: 'UTC' },
  },
  {
    // live-call reminders: each scan queues the calls starting within the hour (job ids dedupe)
    queue: 'mail',
    id: 'call-reminders-every-5-minutes',
    jobName: 'callReminders',
    repeat: { every: 5 * 60 * 1000 },
  },
];

export async function registerSchedules(queues: Record<QueueName, Queue>, list: Schedule[] = schedules) {
  for (const s of list) {
    await queues[s.queue].upsertJobScheduler(s.id, s.repeat, {
      name: s.jobName,
      data: s.data ?? {},
      opts: { removeOnComplete: 100, removeOnFail: 500 },
    });
  }
}
