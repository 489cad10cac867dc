// Ids a document refers to (supplier, employees, products) must exist: each missing one is a 400
// naming its field, checked before anything is written. The rows found are locked FOR KEY SHARE
// until commit, so a concurrent catalogue delete cannot remove them halfway (it waits, then
// meets the new document's foreign keys and answers 409 "en uso").
import type { Trx } from '../../db/pool';
import { AppError } from '../../http/errors';

export interface Reference {
  /** The payload field, e.g. "directorEmployeeId" or "products.2.productId". */
  field: string;
  id: number;
  message: string;
}

type Table = 'suppliers' | 'employees' | 'products';

async function existing(trx: Trx, table: Table, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await trx.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::integer[]) ORDER BY id FOR KEY SHARE`, [
    [...new Set(ids)],
  ]);
  return new Set(rows.map((r) => r.id));
}

/** Throws AppError('VALIDATION') with one message per missing reference. */
export async function checkReferences(trx: Trx, references: Partial<Record<Table, Reference[]>>): Promise<void> {
  const errors: Record<string, string> = {};
  for (const table of ['suppliers', 'employees', 'products'] as const) {
    const refs = references[table] ?? [];
    const found = await existing(
      trx,
      table,
      refs.map((r) => r.id),
    );
    for (const ref of refs) if (!found.has(ref.id)) errors[ref.field] = ref.message;
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) throw new AppError('VALIDATION', errors[fields[0]], errors);
}

export const REFERENCE_MESSAGES = {
  supplier: 'El proveedor seleccionado no existe.',
  director: 'El director seleccionado no existe.',
  enteredBy: 'El elaborador seleccionado no existe.',
  warehouseKeeper: 'El almacenista seleccionado no existe.',
  areaHead: 'El responsable del área seleccionado no existe.',
  petitioner: 'El solicitante seleccionado no existe.',
  product: 'El producto seleccionado no existe.',
} as const;
