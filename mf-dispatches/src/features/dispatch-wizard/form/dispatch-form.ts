// The dispatch wizard's form values and how they become the API payload. A row keeps
// the availability it was checked against, so validation is a pure function of the values and
// re-runs by itself when the stock is read again (e.g. after a 409).
import { formatScaled, parseDecimal, PRICE_SCALE, trimDecimal } from '@almacen/shared/domain';
import { type CreateDispatch } from '@almacen/shared/schemas';

export interface DispatchRow {
  /** Client-side key: stable React key, also sent. */
  key: string;
  productId: number | null;
  /** The product's average price rounded to the 3 decimals a price is sent with; '' until the stock is known. */
  exitPrice: string;
  /**
   * The average price exactly as the API keeps it (6 decimals): what the row and the summary show,
   * the price the ledger will record (the stock page and the exit report show it too). Not sent.
   */
  averagePrice: string | null;
  quantity: string;
  observations: string;
  /** Available quantity last read from GET /api/stock/{productId}; null while unknown. Not sent. */
  availableQuantity: string | null;
  /** The line of the material request this row delivers (an exit filled in from a request). */
  requestLineId?: number;
  /** That line's pending quantity when the exit was filled in: the first stock read caps the row to it. Not sent. */
  pending?: string;
}

export interface DispatchFormValues {
  dispatchDate: string;
  personInChargeOfTheRequestingAreaEmployeeId: number | null;
  petitionerEmployeeId: number | null;
  warehouseKeeperEmployeeId: number | null;
  products: DispatchRow[];
  /** The material request this exit delivers (`?request=` of the wizard), if any. */
  requestId?: number;
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
  return { key, productId: null, exitPrice: '', averagePrice: null, quantity: '', observations: '', availableQuantity: null };
}

/**
 * The exit price the form sends: the average price (kept by the API with 6 decimals) rounded
 * half up to the 3 decimals prices have. The form shows the average itself; the API
 * records its own average at commit time.
 */
export function exitPriceFrom(averagePrice: string): string {
  return trimDecimal(formatScaled(parseDecimal(averagePrice, PRICE_SCALE)));
}

/** The POST /api/dispatches body: the spec's fields only, decimals as strings. */
export function toPayload(values: DispatchFormValues): CreateDispatch {
  return {
    ...(values.requestId ? { requestId: values.requestId } : {}),
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
      ...(row.requestLineId ? { requestLineId: row.requestLineId } : {}),
    })),
  };
}
