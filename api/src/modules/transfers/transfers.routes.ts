// /api/transfers: «Traspasos» between warehouses (transfers.service.ts). Sending is the origin's
// clerk's (dispatches.create), receiving or rejecting the destination's (invoices.create),
// withdrawing the origin's; everyone with a role reads them.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { TRANSFER_STATUSES, todayIn, type TransferStatus } from '@almacen/shared/domain';
import { makeTransferSchemas, transferReasonSchema, transferReceptionSchema } from '@almacen/shared/schemas';
import { assertDocumentAccess, warehouseOfQuery, warehouseQueryProperty } from '../../access/warehouse-scope';
import { AppError } from '../../http/errors';
import { dataOf, documentBody, ERROR_RESPONSES, idParam, listOf } from '../../http/schemas';
import { idParamOf, parseBody, queryOf } from '../../http/validate';
import { idempotencyFrom } from '../ledger/idempotency';
import { idempotencyHeaders } from '../ledger/schemas';
import type { ModuleOptions } from '../module';
import { countToReceive, findTransfer, listTransfers } from './transfers.repository';
import { sendTransfer, settleTransfer, TRANSFER_TEXTS } from './transfers.service';

const PATH = '/transfers';
const tags = ['traspasos'];
const STATUS_MESSAGE = `El estado debe ser uno de: ${TRANSFER_STATUSES.join(', ')}.`;

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const decimal = { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' } as const;
const transferSchema = {
  type: 'object',
  required: ['id', 'originWarehouseId', 'destinationWarehouseId', 'date', 'status', 'total', 'lines'],
  properties: {
    id: { type: 'integer' },
    originWarehouseId: { type: 'integer' },
    originWarehouseName: text,
    destinationWarehouseId: { type: 'integer' },
    destinationWarehouseName: text,
    date: { type: 'string', format: 'date', description: 'El día en que sale del origen' },
    senderEmployeeId: { type: 'integer' },
    senderName: text,
    carrier: nullableText,
    status: { type: 'string', enum: [...TRANSFER_STATUSES], description: 'ENVIADO = en tránsito' },
    receiverEmployeeId: { type: ['integer', 'null'] },
    receiverName: nullableText,
    reason: nullableText,
    settledAt: { type: ['string', 'null'], format: 'date-time' },
    settledBy: nullableText,
    createdBy: text,
    createdAt: { type: 'string', format: 'date-time' },
    total: { ...decimal, description: 'Valor del envío, en pesos' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'lineNo', 'productId', 'quantity', 'unitCost', 'amount'],
        properties: {
          id: { type: 'integer' },
          lineNo: { type: 'integer' },
          productId: { type: 'integer' },
          productName: text,
          quantity: decimal,
          unitCost: { ...decimal, description: 'El costo promedio del origen al salir (6 decimales)' },
          amount: { ...decimal, description: 'Su parte del valor del origen, al centavo: lo que vale en tránsito y al llegar' },
          observations: nullableText,
        },
      },
    },
  },
} as const;

function parseStatus(value: unknown): TransferStatus | null {
  if (value === undefined || value === '') return null;
  if (typeof value === 'string' && (TRANSFER_STATUSES as readonly string[]).includes(value)) return value as TransferStatus;
  throw new AppError('VALIDATION', STATUS_MESSAGE, { status: STATUS_MESSAGE });
}

const transferRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  const { transfer } = makeTransferSchemas({ today: () => todayIn(config.timeZone) });
  const options = (request: FastifyRequest, route: string, body: unknown) => ({
    idempotency: idempotencyFrom(request.headers, route, body),
    timeZone: config.timeZone,
    caller: request.caller,
  });

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'Traspasos que un almacén envió o debe recibir, el más reciente primero',
        querystring: {
          type: 'object',
          properties: { ...warehouseQueryProperty(), status: { type: 'string', enum: [...TRANSFER_STATUSES] } },
        },
        response: { 200: dataOf(listOf(transferSchema)), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const status = parseStatus(queryOf(request, 'status'));
      return { data: await listTransfers(db, await warehouseOfQuery(db, request), status) };
    },
  );

  app.get(
    `${PATH}/counts`,
    {
      schema: {
        tags,
        summary: 'Para el menú: cuántos traspasos van en camino hacia un almacén (enviados, sin recibir ni rechazar)',
        querystring: { type: 'object', properties: warehouseQueryProperty() },
        response: {
          200: dataOf({ type: 'object', required: ['toReceive'], properties: { toReceive: { type: 'integer' } } }),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => ({ data: { toReceive: await countToReceive(db, await warehouseOfQuery(db, request)) } }),
  );

  app.get(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Un traspaso', params: idParam(), response: { 200: dataOf(transferSchema), ...ERROR_RESPONSES } } },
    async (request) => {
      const id = idParamOf(request);
      await assertDocumentAccess(db, request, 'transfers', id);
      const found = await findTransfer(db, id);
      if (!found) throw new AppError('NOT_FOUND', TRANSFER_TEXTS.notFound);
      return { data: found };
    },
  );

  app.post(
    PATH,
    {
      schema: documentBody(
        {
          tags,
          summary: 'Envía un traspaso: cada renglón sale del origen al costo promedio vigente y queda en tránsito',
          description:
            'Cantidades hasta la existencia del origen (409 con lo disponible). Fecha en un periodo abierto del origen. Acepta `Idempotency-Key`.',
          headers: idempotencyHeaders,
          response: { 201: dataOf(transferSchema), ...ERROR_RESPONSES },
        },
        transfer,
      ),
    },
    async (request, reply) => {
      const input = parseBody(transfer, request.body);
      const { data, replayed } = await sendTransfer(db, request.user, input, options(request, `POST /api${PATH}`, request.body));
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ data });
    },
  );

  const settle = (
    suffix: 'reception' | 'rejection' | 'withdrawal',
    summary: string,
    schema: typeof transferReceptionSchema | typeof transferReasonSchema,
  ) =>
    app.post(
      `${PATH}/:id/${suffix}`,
      {
        schema: documentBody(
          { tags, summary, headers: idempotencyHeaders, params: idParam(), response: { 201: dataOf(transferSchema), ...ERROR_RESPONSES } },
          schema,
        ),
      },
      async (request, reply) => {
        const id = idParamOf(request);
        const settlement =
          suffix === 'reception'
            ? { status: 'RECIBIDO' as const, receiverEmployeeId: parseBody(transferReceptionSchema, request.body).receiverEmployeeId }
            : {
                status: suffix === 'rejection' ? ('RECHAZADO' as const) : ('RETIRADO' as const),
                reason: parseBody(transferReasonSchema, request.body).reason.trim(),
              };
        const { data, replayed } = await settleTransfer(
          db,
          request.user,
          id,
          settlement,
          options(request, `POST /api${PATH}/${id}/${suffix}`, request.body),
        );
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send({ data });
      },
    );
  settle('reception', 'Recibe un traspaso en tránsito: entra al destino exactamente al valor con que salió', transferReceptionSchema);
  settle('rejection', 'Rechaza un traspaso en tránsito (con motivo): regresa al origen al mismo valor', transferReasonSchema);
  settle('withdrawal', 'Retira un traspaso antes de que se reciba (con motivo): regresa al origen al mismo valor', transferReasonSchema);
};

export default transferRoutes;
