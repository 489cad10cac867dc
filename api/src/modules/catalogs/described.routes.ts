// Routes of the three {id, description} catalogues: partidas, units of measure and roles
//. Every write: one transaction, who/when on the row, an audit_log row.
import type { FastifyPluginAsync } from 'fastify';
import type { Struct } from 'superstruct';
import {
  createCategorySchema,
  createRoleSchema,
  createUnitSchema,
  updateCategorySchema,
  updateRoleSchema,
  updateUnitSchema,
} from '@almacen/shared/schemas';
import { withTransaction } from '../../db/pool';
import { AppError, translateWriteError } from '../../http/errors';
import { dataOf, documentBody, ERROR_RESPONSES, idParam, listOf } from '../../http/schemas';
import { idParamOf, parseBody } from '../../http/validate';
import { recordAudit } from '../audit/audit.repository';
import type { ModuleOptions } from '../module';
import * as repo from './described.repository';
import { describedSchema } from './schemas';

interface DescribedCatalog {
  path: string;
  table: repo.DescribedTable;
  tag: string;
  create: Struct<{ description: string }, unknown>;
  update: Struct<{ id: number; description: string }, unknown>;
  /** "la partida" */
  the: string;
  notFound: string;
  duplicate: string;
}

export const DESCRIBED_CATALOGS: DescribedCatalog[] = [
  {
    path: '/catalog/product-categories',
    table: 'product_categories',
    tag: 'partidas',
    create: createCategorySchema as DescribedCatalog['create'],
    update: updateCategorySchema as DescribedCatalog['update'],
    the: 'la partida',
    notFound: 'La partida solicitada no existe.',
    duplicate: 'Ya existe una partida con esa descripción.',
  },
  {
    path: '/catalog/product-units',
    table: 'product_units',
    tag: 'unidades de medida',
    create: createUnitSchema as DescribedCatalog['create'],
    update: updateUnitSchema as DescribedCatalog['update'],
    the: 'la unidad de medida',
    notFound: 'La unidad de medida solicitada no existe.',
    duplicate: 'Ya existe una unidad de medida con esa descripción.',
  },
  {
    path: '/catalog/roles',
    table: 'roles',
    tag: 'roles',
    create: createRoleSchema as DescribedCatalog['create'],
    update: updateRoleSchema as DescribedCatalog['update'],
    the: 'el rol',
    notFound: 'El rol solicitado no existe.',
    duplicate: 'Ya existe un rol con esa descripción.',
  },
];

const describedRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db }) => {
  for (const c of DESCRIBED_CATALOGS) {
    const tags = [c.tag];

    app.get(
      c.path,
      { schema: { tags, summary: `Lista de ${c.tag}`, response: { 200: dataOf(listOf(describedSchema)), ...ERROR_RESPONSES } } },
      async () => ({
        data: await repo.listDescribed(db, c.table),
      }),
    );

    app.post(
      c.path,
      {
        schema: documentBody({ tags, summary: `Crea ${c.the}`, response: { 201: dataOf(describedSchema), ...ERROR_RESPONSES } }, c.create),
      },
      async (request, reply) => {
        const input = parseBody(c.create, request.body);
        const saved = await withTransaction(db, async (trx) => {
          const row = await repo.insertDescribed(trx, c.table, request.user, input.description.trim());
          await recordAudit(trx, request.user, { action: 'create', entity: c.table, entityId: row.id, after: row });
          return row;
        }).catch((error) => translateWriteError(error, { duplicate: c.duplicate, field: 'description' }));
        return reply.status(201).send({ data: saved });
      },
    );

    app.put(
      c.path,
      {
        schema: documentBody(
          { tags, summary: `Actualiza ${c.the}`, response: { 200: dataOf(describedSchema), ...ERROR_RESPONSES } },
          c.update,
        ),
      },
      async (request) => {
        const input = parseBody(c.update, request.body);
        const saved = await withTransaction(db, async (trx) => {
          const before = await repo.lockDescribed(trx, c.table, input.id);
          if (!before) throw new AppError('NOT_FOUND', c.notFound);
          const row = await repo.updateDescribed(trx, c.table, request.user, input.id, input.description.trim());
          await recordAudit(trx, request.user, { action: 'update', entity: c.table, entityId: row.id, before, after: row });
          return row;
        }).catch((error) => translateWriteError(error, { duplicate: c.duplicate, field: 'description' }));
        return { data: saved };
      },
    );

    app.delete(
      `${c.path}/:id`,
      { schema: { tags, summary: `Elimina ${c.the}`, params: idParam(), response: { 200: dataOf(describedSchema), ...ERROR_RESPONSES } } },
      async (request) => {
        const id = idParamOf(request);
        const removed = await withTransaction(db, async (trx) => {
          const before = await repo.lockDescribed(trx, c.table, id);
          if (!before) throw new AppError('NOT_FOUND', c.notFound);
          await repo.deleteDescribed(trx, c.table, id);
          await recordAudit(trx, request.user, { action: 'delete', entity: c.table, entityId: id, before });
          return before;
        }).catch((error) => translateWriteError(error, { what: c.the }));
        return { data: removed };
      },
    );
  }
};

export default describedRoutes;
