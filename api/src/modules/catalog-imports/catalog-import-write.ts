// The catalogue import's writing half: the rows classify() judged new or updated, written in the
// caller's transaction (one for the whole file), each audited as a change of its own. A products
// file's stock levels are those of one warehouse (the import's), audited with it.
import { CATALOG_MESSAGES, stockLevelsInverted } from '@almacen/shared/schemas';
import type { Trx } from '../../db/pool';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { levelsWarehouse, setStockLevels } from '../catalogs/products.repository';
import { BARCODE, CATALOGS, describedKeys, inline, key, MAXIMUM, MINIMUM, type CatalogName, type ImportResult } from './catalog-import';

/**
 * Writes the classified rows (none may be an error) in the caller's transaction, audited row by
 * row; a products file's levels in warehouse `warehouseId` (null for the other catalogues).
 */
export async function write(
  trx: Trx,
  actor: AuthUser,
  catalog: CatalogName,
  result: ImportResult,
  warehouseId: number | null,
): Promise<void> {
  const errors = result.rows.filter((r) => r.status === 'error');
  if (errors.length > 0) {
    const message = `El archivo tiene ${errors.length} ${errors.length === 1 ? 'fila con errores' : 'filas con errores'}; no se importó ningún registro. ${errors
      .slice(0, 5)
      .map((e) => e.reason)
      .join(' ')}`;
    throw new AppError('VALIDATION', message, Object.fromEntries(errors.map((e) => [`rows.${e.row}`, e.reason!])));
  }
  const spec = CATALOGS[catalog];
  const lookups = catalog === 'products' ? await describedKeys(trx) : null;
  const warehouse = catalog === 'products' ? await levelsWarehouse(trx, warehouseId!) : null;
  for (const r of result.rows) {
    if (r.status === 'unchanged') continue;
    if (catalog === 'suppliers' || catalog === 'employees') {
      const [column2, value2] = catalog === 'suppliers' ? ['rfc', r.values.RFC!] : ['last_name', r.values.Apellidos!];
      const after = { name: r.values.Nombre!, [catalog === 'suppliers' ? 'rfc' : 'lastName']: value2, import: true };
      if (r.status === 'new') {
        const { rows } = await trx.query<{ id: number }>(
          `INSERT INTO ${spec.table} (name, ${column2}, created_by, created_by_name, updated_by, updated_by_name) VALUES ($1, $2, $3, $4, $3, $4) RETURNING id`,
          [r.values.Nombre, value2, actor.sub, actor.name],
        );
        await recordAudit(trx, actor, { action: 'create', entity: spec.table, entityId: rows[0].id, after });
      } else {
        const { rows: before } = await trx.query(`SELECT id, name, ${column2} FROM ${spec.table} WHERE id = $1 FOR UPDATE`, [r.id]);
        await trx.query(
          `UPDATE ${spec.table} SET name = $2, ${column2} = $3, updated_by = $4, updated_by_name = $5, updated_at = now() WHERE id = $1`,
          [r.id, r.values.Nombre, value2, actor.sub, actor.name],
        );
        await recordAudit(trx, actor, { action: 'update', entity: spec.table, entityId: r.id!, before: before[0], after });
      }
    } else if (catalog === 'products') {
      const name = r.values.Nombre!;
      const unitId = r.values.Unidad ? lookups!.units.get(key(r.values.Unidad))! : null;
      const categoryId = r.values.Partida ? lookups!.categories.get(key(r.values.Partida))! : null;
      // Decimal text straight to numeric(15, 3); null: a new product without it, an existing one keeps its own.
      const minimumStock = r.values[MINIMUM];
      const maximumStock = r.values[MAXIMUM];
      // Like the levels: a blank cell leaves an existing product's code as it is.
      const barcode = r.values[BARCODE];
      if (r.status === 'new') {
        const { rows } = await trx.query<{ id: number }>(
          `INSERT INTO products (name, unit_id, category_id, barcode, created_by, created_by_name, updated_by, updated_by_name)
           VALUES ($1, $2, $3, $4, $5, $6, $5, $6) RETURNING id`,
          [name, unitId, categoryId, barcode, actor.sub, actor.name],
        );
        await setStockLevels(trx, warehouse!.id, rows[0].id, minimumStock, maximumStock);
        await recordAudit(trx, actor, {
          action: 'create',
          entity: 'products',
          entityId: rows[0].id,
          after: { name, unitId, categoryId, minimumStock, maximumStock, barcode, warehouse, import: true },
        });
      } else {
        const { rows: before } = await trx.query<{ minimumStock: string | null; maximumStock: string | null }>(
          `SELECT p.name, p.unit_id AS "unitId", p.category_id AS "categoryId", trim_scale(l.minimum_stock)::text AS "minimumStock",
                  trim_scale(l.maximum_stock)::text AS "maximumStock", p.barcode
             FROM products p LEFT JOIN stock_levels l ON l.warehouse_id = $2 AND l.product_id = p.id
            WHERE p.id = $1 FOR UPDATE OF p`,
          [r.id, warehouse!.id],
        );
        // The levels may have been edited since the file was classified: the rule holds on what is stored now.
        if (stockLevelsInverted(minimumStock ?? before[0].minimumStock, maximumStock ?? before[0].maximumStock)) {
          const reason = `Fila ${r.row}: ${inline(CATALOG_MESSAGES.stockLevels)}.`;
          throw new AppError('VALIDATION', `El archivo tiene 1 fila con errores; no se importó ningún registro. ${reason}`, {
            [`rows.${r.row}`]: reason,
          });
        }
        await trx.query(
          `UPDATE products SET name = $2, unit_id = coalesce($3, unit_id), category_id = coalesce($4, category_id),
                  barcode = coalesce($7, barcode), updated_by = $5, updated_by_name = $6, updated_at = now() WHERE id = $1`,
          [r.id, name, unitId, categoryId, actor.sub, actor.name, barcode],
        );
        if (minimumStock !== null || maximumStock !== null)
          await setStockLevels(trx, warehouse!.id, r.id!, minimumStock ?? before[0].minimumStock, maximumStock ?? before[0].maximumStock);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'products',
          entityId: r.id!,
          before: { ...before[0], warehouse },
          after: {
            name,
            unitId,
            categoryId,
            ...(minimumStock !== null ? { minimumStock } : {}),
            ...(maximumStock !== null ? { maximumStock } : {}),
            ...(barcode !== null ? { barcode } : {}),
            warehouse,
            import: true,
          },
        });
      }
    } else {
      const description = r.values['Descripción']!;
      if (r.status === 'new') {
        const { rows } = await trx.query<{ id: number }>(
          `INSERT INTO ${spec.table} (description, created_by, created_by_name, updated_by, updated_by_name) VALUES ($1, $2, $3, $2, $3) RETURNING id`,
          [description, actor.sub, actor.name],
        );
        await recordAudit(trx, actor, { action: 'create', entity: spec.table, entityId: rows[0].id, after: { description, import: true } });
      } else {
        const { rows: before } = await trx.query(`SELECT id, description FROM ${spec.table} WHERE id = $1 FOR UPDATE`, [r.id]);
        await trx.query(
          `UPDATE ${spec.table} SET description = $2, updated_by = $3, updated_by_name = $4, updated_at = now() WHERE id = $1`,
          [r.id, description, actor.sub, actor.name],
        );
        await recordAudit(trx, actor, {
          action: 'update',
          entity: spec.table,
          entityId: r.id!,
          before: before[0],
          after: { id: r.id, description, import: true },
        });
      }
    }
  }
}
