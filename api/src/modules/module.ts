// What every API module receives. A module is a folder `modules/<name>/` whose `index.ts`
// default-exports an `ApiModule`; app.ts finds it by itself and mounts it under `/api` behind
// the bearer-token check, so adding a module never means editing app.ts. Routes inside are
// declared relative to `/api` (e.g. `/catalog/products`, `/invoices`).
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/pool';
import type { Metrics } from '../metrics/registry';

export interface ModuleOptions {
  db: Db;
  config: Config;
  /**
   * Call right after committing a change to app_users (roles, deactivation, a new account): the
   * access check of this process forgets the users it kept (access/user-cache.ts; other
   * processes learn it from the database's notification).
   */
  usersChanged?: () => void;
  /** Call right after committing a change that queued mail (mail/outbox.ts): it goes out now, not at the next round. */
  mailQueued?: () => void;
  /** The app's series for GET /metrics: a module adds the gauges of what it holds (metrics/registry.ts). */
  metrics?: Metrics;
}

export type ApiModule = FastifyPluginAsync<ModuleOptions>;
