// What the stock allows an exit or a transfer to take: a row's quantity is at most the product's
// available quantity (the origin's, for a transfer); rows of the SAME product share one
// availability (their sum is limited, or two rows could together take out more than there is);
// a product without stock cannot be sent. Quantities are compared as decimal strings, never as floats.
import { addDecimal, compareDecimal, formatQuantity, toDecimalString } from '@almacen/shared/domain';
import { type FieldErrors } from '@almacen/shared/schemas';

/** What a row of an exit or a transfer holds that the stock judges. */
export interface StockRow {
  productId: number | null;
  quantity: string;
  /** The availability last read for the row's product; null while unknown. */
  availableQuantity: string | null;
}

export const STOCK_MESSAGES = {
  noStock: 'El producto no tiene existencia disponible.',
  exceeds: (available: string) => `La cantidad no puede ser mayor a la existencia disponible (${formatQuantity(available)}).`,
  exceedsTogether: (total: string, available: string) =>
    `La suma de las cantidades de este producto (${formatQuantity(total)}) no puede ser mayor a la existencia disponible (${formatQuantity(available)}).`,
  unknown: 'Aún no conocemos la existencia disponible del producto.',
  /** Told in the "¡Oh no!" toast: "Algo salió mal mientras tratábamos de obtener el stock…". */
  loadError: 'obtener el stock disponible del producto solicitado.',
  unavailable: 'No fue posible consultar la existencia disponible.',
} as const;

/** A quantity the schema would accept as a number (its own messages cover the rest). */
function quantityOf(row: StockRow): string | null {
  const text = toDecimalString(row.quantity);
  return text !== null && compareDecimal(text, '0') > 0 ? text : null;
}

/** Rows grouped by product, in form order; rows without a product are left out. */
function byProduct(rows: readonly StockRow[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  rows.forEach((row, index) => {
    if (row?.productId == null) return;
    const group = groups.get(row.productId) ?? [];
    group.push(index);
    groups.set(row.productId, group);
  });
  return groups;
}

/** The first availability known among the rows of one product (they all read the same key). */
function availabilityOf(rows: readonly StockRow[], indexes: number[]): string | null {
  for (const index of indexes) {
    const available = toDecimalString(rows[index].availableQuantity ?? undefined);
    if (available !== null) return available;
  }
  return null;
}

/**
 * Field errors ("products.1.quantity") for the rows of `name` that break a stock rule. Meant to
 * run after the line schema, whose messages win for empty or malformed fields.
 */
export function stockErrors(rows: readonly StockRow[] | undefined, name = 'products'): FieldErrors {
  const errors: FieldErrors = {};
  if (!rows) return errors;
  for (const indexes of byProduct(rows).values()) {
    const available = availabilityOf(rows, indexes);
    if (available === null) {
      for (const index of indexes) errors[`${name}.${index}.quantity`] = STOCK_MESSAGES.unknown;
      continue;
    }
    if (compareDecimal(available, '0') <= 0) {
      for (const index of indexes) errors[`${name}.${index}.productId`] = STOCK_MESSAGES.noStock;
      continue;
    }
    const quantities = indexes.map((index) => quantityOf(rows[index])).filter((q): q is string => q !== null);
    if (quantities.length === 0) continue;
    const total = addDecimal(...quantities);
    if (compareDecimal(total, available) <= 0) continue;
    const message = indexes.length === 1 ? STOCK_MESSAGES.exceeds(available) : STOCK_MESSAGES.exceedsTogether(total, available);
    for (const index of indexes) {
      if (quantityOf(rows[index]) !== null) errors[`${name}.${index}.quantity`] = message;
    }
  }
  return errors;
}
