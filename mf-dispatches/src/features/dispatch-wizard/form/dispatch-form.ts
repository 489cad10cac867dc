// The dispatch wizard's form values and how they become the API payload (spec §3). A row keeps
// the availability it was checked against, so validation is a pure function of the values and
// re-runs by itself when the stock is read again (e.g. after a 409).
import {
  formatScaled,
  parseDecimal,
  PRICE_SCALE,
  trimDecimal,
  type CreateDispatch,
} from '@almacen/shared/domain';

export interface DispatchRow {
  /** Client-side key: stable React key, also sent (spec §3). */
  key: string;
  productId: number | null;
  /** The product's average price rounded to 3 decimals; '' until the stock is known. */
  exitPrice: string;
  quantity: string;
  observations: string;
  /** Available quantity last read from GET /api/stock/{productId}; null while unknown. Not sent. */
  availableQuantity: string | null;
}

export interface DispatchFormValues {
  dispatchDate: string;
  personInChargeOfTheRequestingAreaEmployeeId: number | null;
  petitionerEmployeeId: number | null;
  warehouseKeeperEmployeeId: number | null;
  products: DispatchRow[];
}

export function emptyDispatch(today: string): DispatchFormValues {
  return {
    dispatchDate: today,
    personInChargeOfTheRequestingAreaEmployeeId: null,
    petitionerEmployeeId: null,
    warehouseKeeperEmployeeId: null,
    products: [],
  };
}

export function emptyRow(key: string): DispatchRow {
  return { key, productId: null, exitPrice: '', quantity: '', observations: '', availableQuantity: null };
}

/**
 * The exit price the form shows and sends: the average price (kept by the API with 6 decimals)
 * rounded half up to the 3 decimals prices have (spec §9). The API records its own average at
 * commit time; this is what the clerk saw.
 */
export function exitPriceFrom(averagePrice: string): string {
  return trimDecimal(formatScaled(parseDecimal(averagePrice, PRICE_SCALE)));
}

/** The POST /api/dispatches body: the spec's fields only, decimals as strings. */
export function toPayload(values: DispatchFormValues): CreateDispatch {
  return {
    dispatchDate: values.dispatchDate,
    personInChargeOfTheRequestingAreaEmployeeId: values.personInChargeOfTheRequestingAreaEmployeeId as number,
    petitionerEmployeeId: values.petitionerEmployeeId as number,
    warehouseKeeperEmployeeId: values.warehouseKeeperEmployeeId as number,
    products: values.products.map((row) => ({
      key: row.key,
      productId: row.productId as number,
      exitPrice: row.exitPrice,
      quantity: row.quantity.trim(),
      observations: row.observations,
    })),
  };
}
