// /api/invoices: the entry history and the registration of an invoice.
import type { FastifyPluginAsync } from 'fastify';
import { INVOICE_TYPES, todayIn } from '@almacen/shared/domain';
import { makeInvoiceSchemas } from '@almacen/shared/schemas';
import { accessOf, guardDocuments, warehouseOfQuery, warehouseQueryProperty } from '../../access/warehouse-scope';
import { AppError } from '../../http/errors';
import { dataOf, documentBody, ERROR_RESPONSES, listOf } from '../../http/schemas';
import { idParam } from '../../http/schemas';
import { idParamOf, parseBody } from '../../http/validate';
import {} from '../../http/validate';
import { registerCancellationRoute } from '../ledger/cancellation-route';
import { idempotencyFrom } from '../ledger/idempotency';
import { CREATED } from '../ledger/ledger.service';
import { idempotencyHeaders, INVOICE_NOTES, invoiceListItemSchema, invoiceSchema } from '../ledger/schemas';
import type { ModuleOptions } from '../module';
import { invoiceCfdi, invoiceExists, lastInvoiceChoices, listInvoices } from './invoices.repository';
import { cancelInvoice, cfdiAttachmentOf, registerInvoice } from './invoices.service';

const PATH = '/invoices';
const employeeRef = { type: 'integer', minimum: 1 } as const;
const invoiceDefaultsSchema = {
  type: ['object', 'null'],
  required: ['invoiceType', 'directorEmployeeId', 'enteredByEmployeeId', 'warehouseKeeperEmployeeId'],
  properties: {
    invoiceType: { type: 'string', enum: [...INVOICE_TYPES] },
    directorEmployeeId: employeeRef,
    enteredByEmployeeId: employeeRef,
    warehouseKeeperEmployeeId: employeeRef,
  },
} as const;
const tags = ['entradas'];

const invoiceRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  // An entry's CFDI and its cancellation: the caller's permission in the entry's warehouse.
  guardDocuments(app, db, 'invoices');
  // "Not later than today" is judged in the institution's time zone at the moment of the request.
  const { invoice } = makeInvoiceSchemas({ today: () => todayIn(config.timeZone) });

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'Historial de entradas (la más reciente primero)',
        querystring: { type: 'object', properties: warehouseQueryProperty() },
        response: { 200: dataOf(listOf(invoiceListItemSchema)), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await listInvoices(db, await warehouseOfQuery(db, request)) }),
  );

  app.post(
    PATH,
    {
      // An attached CFDI (≤ 2 MB of XML) travels inside the JSON body.
      bodyLimit: 5 * 1024 * 1024,
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
        invoice,
        INVOICE_NOTES,
      ),
    },
    async (request, reply) => {
      const input = parseBody(invoice, request.body);
      const cfdi = cfdiAttachmentOf(input);
      const idempotency = idempotencyFrom(request.headers, `POST /api${PATH}`, request.body);
      const { data, replayed } = await registerInvoice(db, request.user, input, {
        idempotency,
        cfdi,
        config,
        timeZone: config.timeZone,
        access: accessOf(request),
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(CREATED).send({ data });
    },
  );

  // The person's last choices, read from their last entry rather than kept apart: what is
  // prefilled is what they signed last time, on whichever computer they use (ARCHITECTURE.md).
  app.get(
    `${PATH}/defaults`,
    {
      schema: {
        tags,
        summary: 'Lo que la persona eligió en su última entrada (tipo y firmantes), para llenar la siguiente',
        response: { 200: dataOf(invoiceDefaultsSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await lastInvoiceChoices(db, request.user.sub) }),
  );

  app.get(
    `${PATH}/:id/cfdi`,
    {
      schema: {
        tags,
        summary: 'Descarga el XML del CFDI guardado con la entrada (los bytes tal como se cargaron)',
        params: idParam('id', 'Id de la entrada'),
        response: { 200: { type: 'string', description: 'application/xml' }, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const id = idParamOf(request);
      const cfdi = await invoiceCfdi(db, id);
      if (!cfdi) {
        throw new AppError(
          'NOT_FOUND',
          (await invoiceExists(db, id)) ? 'La entrada no tiene un CFDI guardado.' : 'No existe la entrada solicitada.',
        );
      }
      return reply
        .header('content-type', 'application/xml')
        .header('content-disposition', `attachment; filename="${cfdi.uuid}.xml"`)
        .send(cfdi.xml);
    },
  );

  registerCancellationRoute(app, db, {
    path: PATH,
    timeZone: config.timeZone,
    tags,
    summary: 'Cancela una entrada con un documento que revierte sus movimientos',
    description:
      'Registra un documento de cancelación (el original se conserva) y revierte cada línea: si nada más movió el producto desde la entrada, el saldo vuelve exactamente al anterior; si no, la cantidad sale al costo promedio vigente. ' +
      'Se rechaza completa (409) si algún producto no tiene la existencia.',
    cancel: cancelInvoice,
  });
};

export default invoiceRoutes;
