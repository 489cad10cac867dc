// GET /api/stock?date=YYYY-MM-DD (issue #18) — every product's stock at the end of that day
// (balance after the last movement registered by then). The key starts with '/api/stock', so a
// document saved elsewhere refreshes it like the detail panels.
import type { ApiError } from '@almacen/shared';
import useSWR from 'swr';

export interface StockAtDate {
  productId: number;
  availableQuantity: string;
  averagePrice: string;
  value: string;
}

export const stockAtKey = (date: string) => `/api/stock?date=${date}`;

export function useStockAt(date: string) {
  return useSWR<StockAtDate[], ApiError>(stockAtKey(date));
}
