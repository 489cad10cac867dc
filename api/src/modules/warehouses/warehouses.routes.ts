// /api/warehouses: «Almacenes». Everyone with a role reads the warehouses they may use (a grant
// for every warehouse: all the active ones; the administrator, every one, active or not); whoever
// may send a transfer reads every active one as its possible destinations; administrators create
// and edit them. A warehouse is
// never deleted: its documents stay; an inactive one takes no new documents.
import type { FastifyPluginAsync } from 'fastify';
import { forbiddenMessage } from '@almacen/shared/domain';
import { warehouseSchema, type WarehouseInput } from '@almacen/shared/schemas';
import { usableWarehouses } from '../../access/users';
import { warehousesChanged } from '../../access/warehouse-scope';
import { withTransaction } from '../../db/pool';
import { AppError, translateWriteError } from '../../http/errors';
import { dataOf, documentBody, ERROR_RESPONSES, idParam, listOf } from '../../http/schemas';
import { idParamOf, parseBody, queryOf } from '../../http/validate';
import { recordAudit } from '../audit/audit.repository';
import { checkReferences } from '../ledger/references';
import type { ModuleOptions } from '../module';
import * as repo from './warehouses.repository';

const PATH = '/warehouses';
const tags = ['almacenes'];
const NOT_FOUND = 'El almacén solicitado no existe.';
const duplicateCode = (code: string) => `Ya existe un almacén con la clave ${code}.`;

const warehouseResponse = {
  type: 'object',
  required: ['id', 'code', 'name', 'address', 'responsibleEmployeeId', 'responsibleEmployeeName', 'active'],
  properties: {
    id: { type: 'integer' },
    code: { type: 'string', description: 'Clave única, p. ej. "P012"' },
    name: { type: 'string' },
    address: { type: ['string', 'null'] },
    responsibleEmployeeId: { type: ['integer', 'null'] },
    responsibleEmployeeName: { type: ['string', 'null'] },
    active: { type: 'boolean', description: 'Un almacén inactivo no admite documentos nuevos' },
  },
} as const;

const warehouseRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db }) => {
  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'Los almacenes que la persona puede usar',
        description:
          'El administrador ve todos, activos o no; los demás, los activos donde tienen un rol (todos, con un rol para todos los almacenes). ' +
          'Con `purpose=destinations`, todos los activos: los destinos posibles de un traspaso (403 sin permiso de registrar salidas).',
        querystring: {
          type: 'object',
          properties: {
            purpose: {
              type: 'string',
              enum: ['destinations'],
              description: 'destinations: todos los almacenes activos, como destinos de un traspaso',
            },
          },
        },
        response: { 200: dataOf(listOf(warehouseResponse)), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const caller = request.caller;
      const purpose = queryOf(request, 'purpose');
      const all = await repo.listWarehouses(db);
      if (purpose === 'destinations') {
        if (!caller.permissions.includes('dispatches.create')) throw new AppError('FORBIDDEN', forbiddenMessage('dispatches.create'));
        return { data: all.filter((w) => w.active) };
      }
      if (caller.permissions.includes('warehouses.manage')) return { data: all };
      return {
        data: usableWarehouses(
          caller,
          all.filter((w) => w.active),
        ),
      };
    },
  );

  const save = async (actor: { sub: string; name: string }, input: WarehouseInput, id: number | null) => {
    const saved = await withTransaction(db, async (trx) => {
      if (input.responsibleEmployeeId) {
        await checkReferences(trx, {
          employees: [{ field: 'responsibleEmployeeId', id: input.responsibleEmployeeId, message: 'El empleado responsable no existe.' }],
        });
      }
      const before = id === null ? null : await repo.findWarehouse(trx, id, true);
      if (id !== null && !before) throw new AppError('NOT_FOUND', NOT_FOUND);
      const fields = repo.fieldsOf(input, before ?? undefined);
      const row = before ? await repo.updateWarehouse(trx, actor, before.id, fields) : await repo.insertWarehouse(trx, actor, fields);
      await recordAudit(trx, actor, { action: before ? 'update' : 'create', entity: 'warehouses', entityId: row.id, before, after: row });
      return row;
    }).catch((error) => translateWriteError(error, { duplicate: duplicateCode(input.code.trim().toUpperCase()), field: 'code' }));
    warehousesChanged(db);
    return saved;
  };

  app.post(
    PATH,
    {
      schema: documentBody(
        { tags, summary: 'Registra un almacén', response: { 201: dataOf(warehouseResponse), ...ERROR_RESPONSES } },
        warehouseSchema,
      ),
    },
    async (request, reply) => {
      const input = parseBody(warehouseSchema, request.body);
      return reply.status(201).send({ data: await save(request.user, input, null) });
    },
  );

  app.put(
    `${PATH}/:id`,
    {
      schema: documentBody(
        {
          tags,
          summary: 'Actualiza un almacén',
          params: idParam(),
          response: { 200: dataOf(warehouseResponse), ...ERROR_RESPONSES },
        },
        warehouseSchema,
      ),
    },
    async (request) => {
      const id = idParamOf(request);
      const input = parseBody(warehouseSchema, request.body);
      return { data: await save(request.user, input, id) };
    },
  );
};

export default warehouseRoutes;
