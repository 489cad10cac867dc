// Products with their unit and partida nested as {id, description} (null when unset), their
// minimum and maximum stock in one warehouse as decimal text without trailing zeros (null when
// unset there: the levels are per product and warehouse, migration 0068), and their «Código de
// barras» (null when none). Every read names the warehouse whose levels it shows.
import type { Product } from '@almacen/shared/domain';
import type { Trx, Queryable } from '../../db/pool';
import type { AuthUser } from '../../plugins/auth';

const LEVELS = `trim_scale(l.minimum_stock)::text AS "minimumStock", trim_scale(l.maximum_stock)::text AS "maximumStock", p.barcode`;

/** The joins of a product's unit, partida and levels in warehouse `$warehouse` (a parameter's place). */
const JOINS = (warehouse: string) => `
    LEFT JOIN product_units u ON u.id = p.unit_id
    LEFT JOIN product_categories c ON c.id = p.category_id
    LEFT JOIN stock_levels l ON l.warehouse_id = ${warehouse} AND l.product_id = p.id`;

/** Parameters: $1 the product (or code), $2 the warehouse. */
const SELECT_PRODUCT = `
  SELECT p.id, p.name,
         CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'description', u.description) END AS unit,
         CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'description', c.description) END AS category,
         ${LEVELS}
    FROM products p ${JOINS('$2')}`;

export interface ProductRow extends Product {
  unit: Product['unit'];
  category: Product['category'];
}

const TAG = `'W/"' || v.epoch || '-' || v.version || '"'`;

/** The products list's version tag (see migration 0003): changes with any product, unit, partida or level. */
export async function productsListTag(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ tag: string }>(`SELECT ${TAG} AS tag FROM catalog_versions v WHERE v.name = 'products'`);
  return rows[0].tag;
}

/**
 * The whole list answer, `{"data":[…]}`, as JSON text written by PostgreSQL, with the version
 * tag it belongs to (one statement, one snapshot): the rows never become JavaScript objects to
 * be serialized again, which is most of the time on a 10,000-row catalogue (npm run bench).
 * Rows in id order, each shaped like findProduct's, with the levels of `warehouseId`.
 */
export async function listProductsBody(db: Queryable, warehouseId: number | null): Promise<{ tag: string; body: string }> {
  // row_to_json writes compact JSON (json_build_object and json_agg would add spaces).
  const { rows } = await db.query<{ tag: string; body: string }>(
    `SELECT ${TAG} AS tag,
            (SELECT '{"data":[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY x.id), '') || ']}'
               FROM (SELECT p.id, p.name,
                            (SELECT row_to_json(j) FROM (SELECT u.id, u.description) j WHERE u.id IS NOT NULL) AS unit,
                            (SELECT row_to_json(j) FROM (SELECT c.id, c.description) j WHERE c.id IS NOT NULL) AS category,
                            ${LEVELS}
                       FROM products p ${JOINS('$1')}) x) AS body
       FROM catalog_versions v
      WHERE v.name = 'products'`,
    [warehouseId],
  );
  return rows[0];
}

/** The product with the levels of `warehouseId` (none with null: no warehouse named). */
export async function findProduct(db: Queryable, id: number, warehouseId: number | null): Promise<ProductRow | null> {
  const { rows } = await db.query<ProductRow>(`${SELECT_PRODUCT} WHERE p.id = $1`, [id, warehouseId]);
  return rows[0] ?? null;
}

/**
 * Locks the product row (not its unit/partida) for an update or a delete: a change of its levels
 * in any warehouse holds it too, so two edits of one product's levels never interleave.
 */
export async function lockProduct(trx: Trx, id: number, warehouseId: number | null): Promise<ProductRow | null> {
  const { rows } = await trx.query<ProductRow>(`${SELECT_PRODUCT} WHERE p.id = $1 FOR UPDATE OF p`, [id, warehouseId]);
  return rows[0] ?? null;
}

export async function insertProduct(trx: Trx, actor: AuthUser, changes: ProductChanges): Promise<number> {
  const { rows } = await trx.query<{ id: number }>(
    `INSERT INTO products (name, category_id, unit_id, barcode, created_by, created_by_name, updated_by, updated_by_name)
     VALUES ($1, $2, $3, $4, $5, $6, $5, $6) RETURNING id`,
    [changes.name, changes.categoryId, changes.unitId, changes.barcode ?? null, actor.sub, actor.name],
  );
  return rows[0].id;
}

/**
 * Sets a product's levels in one warehouse (decimal text, null for none): the row of the pair,
 * or no row when both are null.
 */
export async function setStockLevels(
  trx: Trx,
  warehouseId: number,
  productId: number,
  minimumStock: string | null,
  maximumStock: string | null,
): Promise<void> {
  if (minimumStock === null && maximumStock === null) {
    await trx.query('DELETE FROM stock_levels WHERE warehouse_id = $1 AND product_id = $2', [warehouseId, productId]);
    return;
  }
  await trx.query(
    `INSERT INTO stock_levels (warehouse_id, product_id, minimum_stock, maximum_stock) VALUES ($1, $2, $3::numeric, $4::numeric)
     ON CONFLICT (warehouse_id, product_id) DO UPDATE SET minimum_stock = excluded.minimum_stock, maximum_stock = excluded.maximum_stock`,
    [warehouseId, productId, minimumStock, maximumStock],
  );
}

/** A warehouse as the audit log names it beside a product's levels. */
export async function levelsWarehouse(db: Queryable, warehouseId: number): Promise<{ id: number; code: string; name: string }> {
  const { rows } = await db.query<{ id: number; code: string; name: string }>('SELECT id, code, name FROM warehouses WHERE id = $1', [
    warehouseId,
  ]);
  return rows[0];
}

/** The products with that code (one, or none), with the levels of `warehouseId`. */
export async function findProductsByBarcode(db: Queryable, barcode: string, warehouseId: number | null): Promise<ProductRow[]> {
  const { rows } = await db.query<ProductRow>(`${SELECT_PRODUCT} WHERE p.barcode = $1`, [barcode, warehouseId]);
  return rows;
}

/** The product that holds `barcode`, other than `exceptId` (the one being edited). */
export async function barcodeHolder(db: Queryable, barcode: string, exceptId: number | null): Promise<{ id: number; name: string } | null> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM products WHERE barcode = $1 AND id IS DISTINCT FROM $2',
    [barcode, exceptId],
  );
  return rows[0] ?? null;
}

/** Sets the product's code only where it has none; false when it already had one. */
export async function setBarcodeIfNone(trx: Trx, actor: AuthUser, id: number, barcode: string): Promise<boolean> {
  const { rowCount } = await trx.query(
    `UPDATE products SET barcode = $2, updated_by = $3, updated_by_name = $4, updated_at = now() WHERE id = $1 AND barcode IS NULL`,
    [id, barcode, actor.sub, actor.name],
  );
  return rowCount === 1;
}

/** What a product's create or edit sets on the product itself (its levels: setStockLevels). */
export interface ProductChanges {
  name: string;
  categoryId: number | null;
  unitId: number | null;
  /** Normalized code, null to clear; the stored code stays as it is when undefined. */
  barcode?: string | null;
}

export async function updateProduct(trx: Trx, actor: AuthUser, id: number, changes: ProductChanges): Promise<void> {
  const { name, categoryId, unitId, barcode } = changes;
  await trx.query(
    `UPDATE products SET name = $2, category_id = $3, unit_id = $4, updated_by = $5, updated_by_name = $6, updated_at = now(),
            barcode = CASE WHEN $7 THEN $8::text ELSE barcode END
      WHERE id = $1`,
    [id, name, categoryId, unitId, actor.sub, actor.name, barcode !== undefined, barcode ?? null],
  );
}

export async function deleteProduct(trx: Trx, id: number): Promise<void> {
  await trx.query('DELETE FROM products WHERE id = $1', [id]);
}
