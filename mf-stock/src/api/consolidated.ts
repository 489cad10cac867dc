// «Todos los almacenes» on «Stock de productos»: for a person with several warehouses, the stock of
// all of them at once (GET /api/stock?warehouseId=all: each product the sum of the warehouses plus
// what travels between them) and its «Reporte de existencias» (POST /api/reports/stock?warehouseId=all:
// a subtotal per warehouse, «En tránsito» and the total). Only «Stock de productos» shows it, so the
// resource lives in this remote.
// It is today's view only: the API answers a past date for one warehouse.
import { apiKeys, type ReportRequest, type StockAtDate, useResource, useWarehousePath } from '@almacen/shared';

/** The address's parameter of the view (`?todos=1`), so a copied link opens it too. */
export const ALL_WAREHOUSES_PARAM = 'todos';

export const ALL_WAREHOUSES_TEXT = 'Todos los almacenes';

const CONSOLIDATED_STOCK = '/api/stock?warehouseId=all';

/** The table's stock: the current warehouse's at `date`, or today's of every warehouse; only the one shown is read. */
export function useStockView(date: string, all: boolean) {
  const one = useWarehousePath(all ? null : apiKeys.stockAt(date));
  return useResource<StockAtDate[]>(all ? CONSOLIDATED_STOCK : one);
}

/** «Reporte de existencias de todos los almacenes - {today}». */
export const consolidatedStockReportRequest = (today: string): ReportRequest => ({
  path: '/api/reports/stock?warehouseId=all',
  fileName: `Reporte de existencias de todos los almacenes - ${today}`,
});
