// POST /api/{invoices | dispatches}/:id/cancellation: the same route for both kinds
// of document — body, Idempotency-Key, 201 with the cancellation — so what differs is only what
// the OpenAPI says and which document is cancelled.
import type { FastifyInstance } from 'fastify';
import { cancellationSchema as cancellationBody, type CreateCancellation } from '@almacen/shared/schemas';
import type { Db } from '../../db/pool';
import { dataOf, documentBody, ERROR_RESPONSES, idParam } from '../../http/schemas';
import { idParamOf, parseBody } from '../../http/validate';
import type { AuthUser } from '../../plugins/auth';
import { idempotencyFrom } from './idempotency';
import { CREATED, type DocumentOptions, type Registered } from './ledger.service';
import { cancellationSchema, idempotencyHeaders } from './schemas';

export interface CancellationRoute<T> {
  /** The document collection, e.g. '/invoices'. */
  path: string;
  /** APP_TIME_ZONE: the cancellation counts on the day it is registered there. */
  timeZone: string;
  tags: string[];
  summary: string;
  description: string;
  cancel: (db: Db, actor: AuthUser, id: number, input: CreateCancellation, options: DocumentOptions) => Promise<Registered<T>>;
}

export function registerCancellationRoute<T>(
  app: FastifyInstance,
  db: Db,
  { path, timeZone, tags, summary, description, cancel }: CancellationRoute<T>,
): void {
  app.post(
    `${path}/:id/cancellation`,
    {
      schema: documentBody(
        {
          tags,
          summary,
          description: `${description} Un documento se cancela una sola vez (409). Acepta \`Idempotency-Key\`.`,
          params: idParam(),
          headers: idempotencyHeaders,
          response: { 201: dataOf(cancellationSchema), ...ERROR_RESPONSES },
        },
        cancellationBody,
      ),
    },
    async (request, reply) => {
      const id = idParamOf(request);
      const input = parseBody(cancellationBody, request.body);
      const idempotency = idempotencyFrom(request.headers, `POST /api${path}/${id}/cancellation`, request.body);
      const { data, replayed } = await cancel(db, request.user, id, input, { idempotency, timeZone });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(CREATED).send({ data });
    },
  );
}
