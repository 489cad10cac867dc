// The transfer wizard's values, their validation per step and the POST /api/transfers body. A row
// keeps the origin's availability and average it was read with (not sent), so validation is a
// pure function of the values and runs again by itself when the origin's stock is read again.
import { closedPeriodStep, combineSteps, rowsStep, schemaStep, type StepValidator } from '@almacen/shared/kit';
import { makeTransferSchemas, WAREHOUSE_MESSAGES, type CreateTransfer, type FieldErrors } from '@almacen/shared/schemas';
import { stockErrors } from '../../../lib/stock-limits';

export interface TransferRow {
  /** Client-side key: stable React key, also sent. */
  key: string;
  productId: number | null;
  quantity: string;
  observations: string;
  /** The origin's available quantity, as last read; null while unknown. Not sent. */
  availableQuantity: string | null;
  /** The origin's average (6 decimals): the cost the line leaves with. Shown, not sent. */
  averagePrice: string | null;
}

export interface TransferFormValues {
  originWarehouseId: number | null;
  destinationWarehouseId: number | null;
  date: string;
  senderEmployeeId: number | null;
  carrier: string;
  lines: TransferRow[];
}

export function emptyTransfer(today: string, originWarehouseId: number | null, senderEmployeeId: number | null): TransferFormValues {
  return { originWarehouseId, destinationWarehouseId: null, date: today, senderEmployeeId, carrier: '', lines: [] };
}

export function emptyRow(key: string): TransferRow {
  return { key, productId: null, quantity: '', observations: '', availableQuantity: null, averagePrice: null };
}

/** The POST /api/transfers body: the contract's fields only; an empty carrier is none. */
export function toPayload(values: TransferFormValues): CreateTransfer {
  const carrier = values.carrier.trim();
  return {
    originWarehouseId: values.originWarehouseId as number,
    destinationWarehouseId: values.destinationWarehouseId as number,
    date: values.date,
    senderEmployeeId: values.senderEmployeeId as number,
    carrier: carrier === '' ? null : carrier,
    lines: values.lines.map((row) => ({
      key: row.key,
      productId: row.productId as number,
      quantity: row.quantity.trim(),
      observations: row.observations,
    })),
  };
}

export interface TransferValidators {
  header: StepValidator<TransferFormValues>;
  lines: StepValidator<TransferFormValues>;
}

/**
 * `today()` is read at every validation, so a form left open over midnight judges the new day;
 * `closedUntil` is the origin's last closed date (useClosedUntil): the transfer's date must come after it.
 */
export function makeTransferValidators(today: () => string, closedUntil: string | null = null): TransferValidators {
  const { header, line } = makeTransferSchemas({ today });
  const differentWarehouses: StepValidator<TransferFormValues> = (values): FieldErrors =>
    values?.originWarehouseId != null && values.originWarehouseId === values.destinationWarehouseId
      ? { destinationWarehouseId: WAREHOUSE_MESSAGES.sameWarehouse }
      : {};
  return {
    header: combineSteps<TransferFormValues>(schemaStep(header), differentWarehouses, closedPeriodStep('date', closedUntil)),
    lines: combineSteps<TransferFormValues>(rowsStep<TransferFormValues>('lines', line), (values) => stockErrors(values?.lines, 'lines')),
  };
}
