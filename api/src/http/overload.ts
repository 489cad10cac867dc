// Load shedding. A call that arrives while more calls than DB_QUEUE_LIMIT already wait for a
// database connection would reach PostgreSQL only after its client gave up (or after the pool's
// own 10 s wait, as a late 503): it is answered at once with 503 and Retry-After instead. Nothing of
// it ran, so asking again — a document with the same Idempotency-Key — is always safe. Only API
// calls are shed: the health check, metrics and static files answer as they always do.
import type { onRequestHookHandler } from 'fastify';
import type { Db } from '../db/pool';
import { AppError } from './errors';

export const BUSY_MESSAGE = 'El servidor está atendiendo a muchas personas a la vez; intenta de nuevo en unos segundos.';

export function overloadHook(db: Pick<Db, 'waitingCount'>, queueLimit: number): onRequestHookHandler {
  return async () => {
    if (db.waitingCount >= queueLimit) throw new AppError('UNAVAILABLE', BUSY_MESSAGE);
  };
}
