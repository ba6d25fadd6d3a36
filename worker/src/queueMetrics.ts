import type { AppDeps } from '@portal/backend/app/deps';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/** Publishes queue depths as the bullmq_queue_jobs gauge every 15 s. */
export function watchQueues(deps: AppDeps): () => void {
  const tick = async () => {
    for (const queue of Object.values(deps.queues)) {
      const counts = await queue.getJobCounts(...STATES).catch(() => null);
      if (!counts) continue;
      for (const state of STATES)
        deps.metrics.queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), 15_000);
  timer.unref();
  return () => clearInterval(timer);
}
