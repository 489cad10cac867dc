// GET /api/stock/summary (issue #20): the home page's figures and chart series in one answer.
// The key starts with '/api/stock', so a document saved elsewhere refreshes it like the stock page.
import type { ApiError } from '@almacen/shared';
import useSWR from 'swr';
import type { StockSummary } from '@almacen/shared/domain';

export type { StockSummary };

export const SUMMARY_KEY = '/api/stock/summary';

export function useStockSummary() {
  return useSWR<StockSummary, ApiError>(SUMMARY_KEY);
}
