// "Cierres de periodo":
//   GET  /api/period-closings                        every closing, the most recent month first
//   GET  /api/period-closings/next                   the month end to close next: whether it has
//        ended, the stock value it would store, and the documents dated in that month but
//        registered after it ended (late registrations, counted in the next month's stock) —
//        what the confirmation shows before closing
//   POST /api/period-closings { until }              close the next month end (in order, never
//        one that has not ended); stores the stock at that date
//   POST /api/period-closings/{until}/reopening { reason }   reopen the last closing (audited)
// The POSTs accept Idempotency-Key like the document routes.
import type { FastifyPluginAsync } from 'fastify';
import { CLOSING_STATUSES, MOVEMENT_TYPES } from '@almacen/shared/domain';
import { closingRequestSchema, reopeningSchema } from '@almacen/shared/schemas';
import { accessOf, resolveWarehouse, warehouseOfQuery } from '../../access/warehouse-scope';
import { dataOf, documentBody, ERROR_RESPONSES, listOf } from '../../http/schemas';
import { paramOf, parseBody } from '../../http/validate';
import { idempotencyFrom } from '../ledger/idempotency';
import { idempotencyHeaders } from '../ledger/schemas';
import type { ModuleOptions } from '../module';
import { closePeriod, listClosings, nextClosing, parseReason, parseUntil, reopenPeriod } from './periods.service';

const tags = ['cierres de periodo'];
const date = { type: 'string', format: 'date' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const decimal = { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' } as const;
const who = { type: 'object', required: ['sub', 'name'], properties: { sub: { type: 'string' }, name: { type: 'string' } } } as const;

const closingSchema = {
  type: 'object',
  required: ['id', 'until', 'totalValue', 'products', 'closedAt', 'closedBy', 'status', 'reopening', 'dateRuleDifference'],
  properties: {
    id: { type: 'integer' },
    until: { ...date, description: 'Último día del mes cerrado' },
    totalValue: { ...decimal, description: 'Valor total de las existencias al cierre (suma de los valores redondeados a centavos)' },
    products: { type: 'integer', description: 'Productos con movimientos hasta esa fecha (su existencia quedó guardada)' },
    closedAt: dateTime,
    closedBy: who,
    status: { type: 'string', enum: [...CLOSING_STATUSES] },
    reopening: {
      type: 'object',
      nullable: true,
      required: ['reason', 'reopenedAt', 'reopenedBy'],
      properties: { reason: { type: 'string' }, reopenedAt: dateTime, reopenedBy: who },
    },
    dateRuleDifference: {
      type: 'object',
      nullable: true,
      description:
        'Un cierre tomado cuando las existencias a una fecha seguían el registro y cuyo fin de mes suma distinto con la regla de la fecha del documento: cuántos productos difieren y el valor con la nueva regla. Las cifras guardadas no se reescriben.',
      required: ['products', 'totalValue'],
      properties: { products: { type: 'integer' }, totalValue: decimal },
    },
  },
} as const;

const nextSchema = {
  type: 'object',
  required: ['until', 'closable', 'message', 'totalValue', 'products', 'lateDocuments'],
  properties: {
    until: { ...date, description: 'El fin de mes que se cerraría' },
    closable: { type: 'boolean', description: 'false mientras el mes no haya terminado' },
    message: { type: 'string', nullable: true },
    totalValue: { ...decimal, nullable: true, description: 'Valor de las existencias al final de `until`' },
    products: { type: 'integer', nullable: true },
    lateDocuments: {
      type: 'array',
      description: 'Documentos con fecha en ese mes registrados después de que terminó: cuentan en ese mes y el cierre los incluye',
      items: {
        type: 'object',
        required: ['movementType', 'documentId', 'documentDate', 'invoiceNumber', 'registeredAt'],
        properties: {
          movementType: { type: 'string', enum: [...MOVEMENT_TYPES] },
          documentId: { type: 'integer' },
          documentDate: date,
          invoiceNumber: { type: 'string', nullable: true },
          registeredAt: dateTime,
        },
      },
    },
  },
} as const;

const periodRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  app.get(
    '/period-closings',
    {
      schema: {
        tags,
        summary: 'Cierres de periodo, el mes más reciente primero',
        response: { 200: dataOf(listOf(closingSchema)), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await listClosings(db, await warehouseOfQuery(db, request)) }),
  );

  app.get(
    '/period-closings/next',
    {
      schema: {
        tags,
        summary: 'El siguiente periodo por cerrar: valor de las existencias a esa fecha y registros tardíos',
        response: { 200: dataOf(nextSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await nextClosing(db, config.timeZone, await warehouseOfQuery(db, request)) }),
  );

  app.post(
    '/period-closings',
    {
      schema: documentBody(
        {
          tags,
          summary: 'Cerrar el siguiente periodo (un fin de mes ya concluido, en orden)',
          description:
            'Guarda las existencias al final de `until` (la suma de los movimientos con fecha hasta ese día) y su valor total. ' +
            'Desde entonces, entradas, salidas y conteos con fecha igual o anterior reciben 409; una cancelación cuenta el día en que se registra. ' +
            'Acepta `Idempotency-Key`.',
          headers: idempotencyHeaders,
          response: { 201: dataOf(closingSchema), ...ERROR_RESPONSES },
        },
        closingRequestSchema,
        { until: 'El mes a cerrar' },
      ),
    },
    async (request, reply) => {
      const { until, warehouseId } = parseBody(closingRequestSchema, request.body);
      const idempotency = idempotencyFrom(request.headers, 'POST /api/period-closings', request.body);
      const { data, replayed } = await closePeriod(db, request.user, until, config.timeZone, {
        idempotency,
        warehouseId: await resolveWarehouse(db, accessOf(request), warehouseId),
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/period-closings/:until/reopening',
    {
      schema: documentBody(
        {
          tags,
          summary: 'Reabrir el último periodo cerrado (con motivo; queda en la bitácora)',
          headers: idempotencyHeaders,
          params: {
            type: 'object',
            required: ['until'],
            properties: { until: { type: 'string', description: 'Último día del mes cerrado (AAAA-MM-DD)' } },
          },
          response: { 201: dataOf(closingSchema), ...ERROR_RESPONSES },
        },
        reopeningSchema,
        { reason: 'Motivo de la reapertura (queda en la bitácora)' },
      ),
    },
    async (request, reply) => {
      const until = parseUntil(paramOf(request, 'until'));
      const { reason, warehouseId } = parseReason(request.body);
      const idempotency = idempotencyFrom(request.headers, `POST /api/period-closings/${until}/reopening`, request.body);
      const { data, replayed } = await reopenPeriod(db, request.user, until, reason, {
        idempotency,
        warehouseId: await resolveWarehouse(db, accessOf(request), warehouseId),
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ data });
    },
  );
};

export default periodRoutes;
