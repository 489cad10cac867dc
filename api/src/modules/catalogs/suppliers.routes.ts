// /api/catalog/suppliers. The RFC is stored trimmed and in capitals, the
// form SAT prints it in, and belongs to one supplier (but SAT's generic RFCs): entries from a CFDI
// find their supplier by it. A second one is a 409 that names the supplier holding it.
import type { FastifyPluginAsync } from 'fastify';
import { createSupplierSchema, duplicateRfcMessage, updateSupplierSchema } from '@almacen/shared/schemas';
import type { Trx } from '../../db/pool';
import { withTransaction } from '../../db/pool';
import { AppError, translateWriteError } from '../../http/errors';
import { dataOf, documentBody, ERROR_RESPONSES, idParam, listOf } from '../../http/schemas';
import { idParamOf, parseBody } from '../../http/validate';
import { recordAudit } from '../audit/audit.repository';
import type { ModuleOptions } from '../module';
import { supplierSchema } from './schemas';
import * as repo from './suppliers.repository';

const PATH = '/catalog/suppliers';
const tags = ['proveedores'];
const NOT_FOUND = 'El proveedor solicitado no existe.';
const normalizeRfc = (rfc: string) => rfc.trim().toUpperCase();

async function assertRfcFree(trx: Trx, rfc: string, exceptId: number | null): Promise<void> {
  await repo.lockSupplierRfcs(trx);
  const holder = await repo.supplierWithRfc(trx, rfc, exceptId);
  if (holder) {
    const message = duplicateRfcMessage(holder.name, holder.rfc);
    throw new AppError('DUPLICATE', message, { rfc: message });
  }
}

const supplierRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db }) => {
  app.get(
    PATH,
    { schema: { tags, summary: 'Lista de proveedores', response: { 200: dataOf(listOf(supplierSchema)), ...ERROR_RESPONSES } } },
    async () => ({
      data: await repo.listSuppliers(db),
    }),
  );

  app.get(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Un proveedor', params: idParam(), response: { 200: dataOf(supplierSchema), ...ERROR_RESPONSES } } },
    async (request) => {
      const supplier = await repo.findSupplier(db, idParamOf(request));
      if (!supplier) throw new AppError('NOT_FOUND', NOT_FOUND);
      return { data: supplier };
    },
  );

  app.post(
    PATH,
    {
      schema: documentBody(
        { tags, summary: 'Crea un proveedor', response: { 201: dataOf(supplierSchema), ...ERROR_RESPONSES } },
        createSupplierSchema,
      ),
    },
    async (request, reply) => {
      const input = parseBody(createSupplierSchema, request.body);
      const saved = await withTransaction(db, async (trx) => {
        const rfc = normalizeRfc(input.rfc);
        await assertRfcFree(trx, rfc, null);
        const row = await repo.insertSupplier(trx, request.user, input.name.trim(), rfc);
        await recordAudit(trx, request.user, { action: 'create', entity: 'suppliers', entityId: row.id, after: row });
        return row;
      });
      return reply.status(201).send({ data: saved });
    },
  );

  app.put(
    PATH,
    {
      schema: documentBody(
        { tags, summary: 'Actualiza un proveedor', response: { 200: dataOf(supplierSchema), ...ERROR_RESPONSES } },
        updateSupplierSchema,
      ),
    },
    async (request) => {
      const input = parseBody(updateSupplierSchema, request.body);
      const saved = await withTransaction(db, async (trx) => {
        const before = await repo.lockSupplier(trx, input.id);
        if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
        const rfc = normalizeRfc(input.rfc);
        // A supplier registered twice before the rule may keep its RFC while the other is fixed.
        if (rfc !== before.rfc) await assertRfcFree(trx, rfc, input.id);
        const row = await repo.updateSupplier(trx, request.user, input.id, input.name.trim(), rfc);
        await recordAudit(trx, request.user, { action: 'update', entity: 'suppliers', entityId: row.id, before, after: row });
        return row;
      });
      return { data: saved };
    },
  );

  app.delete(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Elimina un proveedor sin entradas',
        params: idParam(),
        response: { 200: dataOf(supplierSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const id = idParamOf(request);
      const removed = await withTransaction(db, async (trx) => {
        const before = await repo.lockSupplier(trx, id);
        if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
        await repo.deleteSupplier(trx, id);
        await recordAudit(trx, request.user, { action: 'delete', entity: 'suppliers', entityId: id, before });
        return before;
      }).catch((error) => translateWriteError(error, { what: 'al proveedor' }));
      return { data: removed };
    },
  );
};

export default supplierRoutes;
