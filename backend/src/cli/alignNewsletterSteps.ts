import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { buildRuntime } from '../app/bootstrap';
import { alignAllNewsletterSteps } from '../app/newsletterStep';

/**
 * npm run newsletter:align-steps: once after upgrading to the release where reads no longer
 * reconcile step 1 with the newsletter flag (docs/OPERATIONS.md). Records StepCompleted /
 * StepReopened{1} for every account whose step 1 disagrees with its flag; running it again
 * changes nothing.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const runtime = buildRuntime(loadConfig(), { service: 'align-newsletter-steps' });
try {
  const { checked, aligned } = await alignAllNewsletterSteps(runtime.deps, {
    actorId: null,
    correlationId: `align-newsletter-steps-${randomUUID()}`,
  });
  console.log(`newsletter step 1: ${checked} accounts disagreed, ${aligned} aligned`);
} finally {
  await runtime.close();
}
