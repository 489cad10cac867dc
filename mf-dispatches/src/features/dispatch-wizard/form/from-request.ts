// An exit filled in from a material request («Surtir»): today, the request's head and requester
// (the API demands them), the clerk, and one row per line with something pending — its product,
// its request line and, until the stock is read, its pending quantity (the stock then caps it:
// request-cap.tsx). The price is the average the stock sync reads, as for any exit.
import { compareDecimal, type RequestDetail } from '@almacen/shared/domain';
import { emptyDispatch, emptyRow, type DispatchFormValues } from './dispatch-form';

export function dispatchFromRequest(
  request: RequestDetail,
  today: string,
  warehouseKeeperEmployeeId: number | null,
  rowKey: () => string,
): DispatchFormValues {
  return {
    ...emptyDispatch(today),
    requestId: request.id,
    personInChargeOfTheRequestingAreaEmployeeId: request.areaHead.employeeId,
    petitionerEmployeeId: request.requester.employeeId,
    warehouseKeeperEmployeeId,
    products: request.lines
      .filter((line) => compareDecimal(line.pending, '0') > 0)
      .map((line) => ({
        ...emptyRow(rowKey()),
        productId: line.productId,
        quantity: line.pending,
        observations: line.observations ?? '',
        requestLineId: line.id,
        pending: line.pending,
      })),
  };
}

/** The quantity a row from a request starts at once the stock is known: its pending, at most what is available. */
export function cappedQuantity(pending: string, available: string): string {
  if (compareDecimal(available, '0') <= 0) return pending;
  return compareDecimal(pending, available) > 0 ? available : pending;
}
