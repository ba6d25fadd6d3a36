import type { Job } from 'bullmq';
import type { AppDeps } from '@portal/backend/app/deps';
import type { QueueName } from '@portal/contracts';

/** One kind of job: which queue, which job name, and how to process it. */
export interface JobDefinition<P = unknown> {
  queue: QueueName;
  name: string;
  /** parallel jobs of this queue in one worker process */
  concurrency?: number;
  process(job: Job<P>, deps: AppDeps): Promise<unknown>;
}
