import type { Redis } from 'ioredis';
import type { Queue } from 'bullmq';
import type { Config } from '../config';
import type { Db } from '../infra/db';
import type { Logger } from '../infra/logger';
import type { Metrics } from '../infra/metrics';
import type { PasswordHasher } from '../infra/passwords';
import type { RequestStats } from '../infra/requestStats';
import type { EventStore } from '../eventStore/port';
import type { ProjectionHost } from '../projections/runner';
import type { SessionStore } from '../http/sessions';
import type { HotReads } from '../infra/hotReads';
import type { SignedInUsers } from './signedInUsers';
import type { QueueName } from '@portal/contracts';

/** Everything the API's features need, built once by main.ts (or by a test). */
export interface AppDeps {
  config: Config;
  logger: Logger;
  db: Db;
  redis: Redis;
  store: EventStore;
  projections: ProjectionHost;
  metrics: Metrics;
  passwords: PasswordHasher;
  sessions: SessionStore;
  /** prepared statements on pg for the reads on every request's path */
  hotReads: HotReads;
  /** the signed-in user of a request, cached per process and invalidated on every change */
  signedInUsers: SignedInUsers;
  requestStats: RequestStats;
  queues: Record<QueueName, Queue>;
  /** current time; tests may replace it */
  now: () => Date;
}
