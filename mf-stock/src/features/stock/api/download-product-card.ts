// POST /api/reports/products/{id} — the product card ("Tarjeta de almacén"): saved as
// "Tarjetas de almacén - {id}" plus its extension. With a range of registration dates
// (issue #18) it asks `?from=&to=`: "Saldo inicial", the movements, "Saldo final".
import { useReportDownload, type ReportRequest } from '@almacen/shared';
import { useCallback } from 'react';

export interface CardRange {
  from: string;
  to: string;
}

export const productCardRequest = (productId: number, range?: CardRange): ReportRequest => {
  const query = range ? new URLSearchParams(Object.entries(range).filter(([, v]) => v)).toString() : '';
  return { path: `/api/reports/products/${productId}${query ? `?${query}` : ''}`, fileName: `Tarjetas de almacén - ${productId}` };
};

export function useDownloadProductCard(productId: number) {
  const { download, downloading } = useReportDownload();
  const run = useCallback((range?: CardRange) => download(productCardRequest(productId, range)), [download, productId]);
  return { download: run, downloading };
}
