// /api/invoices (product spec §7): the entry history and the registration of an invoice.
import type { FastifyPluginAsync } from 'fastify';
import { makeInvoiceSchemas, todayIn } from '@almacen/shared/domain';
import { dataOf, documentBody, ERROR_RESPONSES, listOf } from '../../http/schemas';
import { parseBody } from '../../http/validate';
import type { ModuleOptions } from '../module';
import { registerCancellationRoute } from '../ledger/cancellation-route';
import { idempotencyFrom } from '../ledger/idempotency';
import { CREATED } from '../ledger/ledger.service';
import { bodies, idempotencyHeaders, invoiceListItemSchema, invoiceSchema } from '../ledger/schemas';
import { listInvoices } from './invoices.repository';
import { cancelInvoice, registerInvoice } from './invoices.service';

const PATH = '/invoices';
const tags = ['entradas'];

const invoiceRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  // "Not later than today" is judged in the institution's time zone at the moment of the request.
  const { invoice } = makeInvoiceSchemas({ today: () => todayIn(config.timeZone) });

  app.get(
    PATH,
    { schema: { tags, summary: 'Historial de entradas (la más reciente primero)', response: { 200: dataOf(listOf(invoiceListItemSchema)), ...ERROR_RESPONSES } } },
    async () => ({ data: await listInvoices(db) }),
  );

  app.post(
    PATH,
    {
      schema: documentBody(
        {
          tags,
          summary: 'Registra una factura (entrada) y sus movimientos',
          description:
            'Cada producto entra al libro de almacén con su precio de compra y recalcula el costo promedio. ' +
            'El número de factura no se repite por proveedor (409). Acepta `Idempotency-Key`.',
          headers: idempotencyHeaders,
          response: { 201: dataOf(invoiceSchema), ...ERROR_RESPONSES },
        },
        bodies.createInvoice,
      ),
    },
    async (request, reply) => {
      const input = parseBody(invoice, request.body);
      const idempotency = idempotencyFrom(request.headers, `POST /api${PATH}`, request.body);
      const { data, replayed } = await registerInvoice(db, request.user, input, { idempotency });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(CREATED).send({ data });
    },
  );

  registerCancellationRoute(app, db, {
    path: PATH,
    tags,
    summary: 'Cancela una entrada con un documento que revierte sus movimientos',
    description:
      'Registra un documento de cancelación (el original se conserva) y revierte cada línea: si nada más movió el producto desde la entrada, el saldo vuelve exactamente al anterior; si no, la cantidad sale al costo promedio vigente. ' +
      'Se rechaza completa (409) si algún producto no tiene la existencia.',
    cancel: cancelInvoice,
  });
};

export default invoiceRoutes;
