// "Importar": a catalogue from an XLSX or CSV, or (file null) the CONAC chapter 2000
// partidas shipped with Almacén. `preview` answers what each row would do and writes nothing;
// `import` writes, in one transaction. An import changes the catalogues and what the stock page
// shows (names, units, partidas, minimum levels). A products file's levels are the current
// warehouse's (`warehouseId` in the query when there are several), as on the products page.
import type { ImportRowStatus } from '../domain-pages/imports';
import type { ReportRequest } from '../kit/actions/report-download';
import type { ApiClient } from '../platform/api-client';
import { useWarehouseId, warehousePath } from '../platform/warehouse';
import { apiKeys } from './keys';
import { useMutation } from './mutation';

export type ImportCatalog = 'product-categories' | 'product-units' | 'products' | 'suppliers' | 'employees';

export type { ImportRowStatus };

export interface ImportRow {
  row: number;
  status: ImportRowStatus;
  id: number | null;
  values: Record<string, string | null>;
  reason: string | null;
}

export interface ImportResult {
  /** A page of the file's rows (at most 200): those with an error first, shown in the file's order. */
  rows: ImportRow[];
  counts: Record<ImportRowStatus, number>;
  /** Rows of the file not in `rows`. */
  omitted: number;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CLASSIFIER_PATH = '/api/catalog/imports/product-categories/classifier';

const send = (api: ApiClient, path: string, file: File | null) =>
  file
    ? api<ImportResult>(path, {
        method: 'POST',
        body: file,
        headers: { 'content-type': file.name.toLowerCase().endsWith('.xlsx') ? XLSX_TYPE : 'text/csv' },
      })
    : api<ImportResult>(path, { method: 'POST' });

/** `path` of a catalogue's file: for products, with the warehouse of its stock levels. */
const levelsPath = (catalog: ImportCatalog, path: string, warehouseId: number | undefined) =>
  catalog === 'products' ? warehousePath(path, warehouseId) : path;

/** `file` null: the classifier's partidas. */
export function useImportPreview(catalog: ImportCatalog) {
  const warehouseId = useWarehouseId();
  return useMutation(
    (api, file: File | null) =>
      send(api, file ? levelsPath(catalog, `/api/catalog/imports/${catalog}/preview`, warehouseId) : `${CLASSIFIER_PATH}/preview`, file),
    { errorText: 'revisar el archivo.' },
    [],
  );
}

export function useImportRows(catalog: ImportCatalog) {
  const warehouseId = useWarehouseId();
  return useMutation(
    (api, file: File | null) =>
      send(api, file ? levelsPath(catalog, `/api/catalog/imports/${catalog}`, warehouseId) : CLASSIFIER_PATH, file),
    { errorText: 'importar el archivo.', successText: 'Importación terminada.' },
    ['/api/catalog', apiKeys.stock],
  );
}

/**
 * The whole catalogue as an XLSX in the import's columns (the server names it «Catálogo de
 * {title}.xlsx»): edited in a spreadsheet, it is imported back. Products: with the levels of
 * `warehouseId` (useWarehouseId: undefined with one warehouse).
 */
export const catalogExportRequest = (catalog: ImportCatalog, title: string, warehouseId?: number): ReportRequest => ({
  path: levelsPath(catalog, `/api/catalog/imports/${catalog}/export`, warehouseId),
  fileName: `Catálogo de ${title.toLowerCase()}`,
});

/** The header row the server expects, as a CSV named "Plantilla de {title}.csv". */
export const importTemplateRequest = (catalog: ImportCatalog, title: string): ReportRequest => ({
  path: `/api/catalog/imports/${catalog}/template`,
  fileName: `Plantilla de ${title}.csv`,
});
