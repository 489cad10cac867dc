// POST /api/reports/products/{id} — the product card ("Tarjeta de almacén"): saved as
// "Tarjetas de almacén - {id}" plus its extension.
import { useReportDownload, type ReportRequest } from '@almacen/shared';
import { useCallback } from 'react';

export const productCardRequest = (productId: number): ReportRequest => ({
  path: `/api/reports/products/${productId}`,
  fileName: `Tarjetas de almacén - ${productId}`,
});

export function useDownloadProductCard(productId: number) {
  const { download, downloading } = useReportDownload();
  const run = useCallback(() => download(productCardRequest(productId)), [download, productId]);
  return { download: run, downloading };
}
