// "Inventario físico" (issue #17): the count sessions of /api/inventory-counts, their lines saved
// as they are typed, the file upload, the application with its three signers (Idempotency-Key),
// the discard, and the acta / hoja de conteo downloads.
import { newIdempotencyKey, useAction, useApi, useReportDownload, type ApiError } from '@almacen/shared';
import type { CountDetail, CountLineChange as LineChange, CountSigners as Signers, CountStatus, CountSummary } from '@almacen/shared/domain';
import { useCallback } from 'react';
import useSWR from 'swr';

// The answers' shapes are typed once, for the API and here (shared/src/domain/wire.ts).
export type { CountDetail, CountLine, CountStatus, CountSummary } from '@almacen/shared/domain';
export type { CountLineChange as LineChange, CountSigners as Signers } from '@almacen/shared/domain';

export interface Employee {
  id: number;
  name: string;
  lastName: string;
}

export const COUNT_STATUS_LABELS: Record<CountStatus, string> = { ABIERTO: 'Abierto', APLICADO: 'Aplicado', DESCARTADO: 'Descartado' };

/** The description the "Inventario inicial" preset gives a session; such a session needs a unit cost on every counted line. */
export const OPENING_BALANCE = 'Inventario inicial';

export const COUNTS_TEXTS = {
  title: 'Inventario físico',
  create: 'Nuevo conteo',
  created: 'Conteo creado.',
  createError: 'crear el conteo.',
  saveError: 'guardar la línea del conteo.',
  upload: 'Cargar archivo',
  uploaded: 'Archivo cargado: cantidades guardadas.',
  uploadError: 'cargar el archivo.',
  apply: 'Aplicar ajustes',
  applied: 'Ajustes aplicados al libro de almacén.',
  applyError: 'aplicar los ajustes del conteo.',
  discard: 'Descartar',
  discarded: 'Conteo descartado.',
  discardError: 'descartar el conteo.',
  acta: 'Acta de inventario físico',
  sheet: 'Hoja de conteo',
  blind: 'Conteo a ciegas (sin existencia en libros)',
} as const;

export const countKeys = { list: '/api/inventory-counts', detail: (id: number) => `/api/inventory-counts/${id}` } as const;

export function useCounts() {
  return useSWR<CountSummary[], ApiError>(countKeys.list);
}

export function useCount(id: number) {
  return useSWR<CountDetail, ApiError>(countKeys.detail(id));
}

/** The partidas a new count may be limited to. */
export function usePartidas() {
  return useSWR<Array<{ id: number; description: string }>, ApiError>('/api/catalog/product-categories');
}

export function useEmployees() {
  return useSWR<Employee[], ApiError>('/api/catalog/employees');
}

export function useCreateCount() {
  const api = useApi();
  return useAction(
    (body: { cutoffDate: string; description: string; categoryIds?: number[] }) => api<CountDetail>('/api/inventory-counts', { method: 'POST', body }),
    { errorText: COUNTS_TEXTS.createError, successText: COUNTS_TEXTS.created, invalidate: [countKeys.list] },
  );
}

/** Saves lines as they are typed; the answer is the whole session, put straight into the cache. */
export function useSaveLines(id: number) {
  const api = useApi();
  const { mutate } = useCount(id);
  return useAction(
    async (lines: LineChange[]) => {
      const saved = await api<CountDetail>(`/api/inventory-counts/${id}/lines`, { method: 'PUT', body: { lines } });
      await mutate(saved, { revalidate: false });
      return saved;
    },
    { errorText: COUNTS_TEXTS.saveError, invalidate: [countKeys.list] },
  );
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function useUploadLines(id: number) {
  const api = useApi();
  const { mutate } = useCount(id);
  return useAction(
    async (file: File) => {
      const type = file.name.toLowerCase().endsWith('.xlsx') ? XLSX_TYPE : 'text/csv';
      const saved = await api<CountDetail>(`/api/inventory-counts/${id}/lines/import`, { method: 'POST', body: file, headers: { 'content-type': type } });
      await mutate(saved, { revalidate: false });
      return saved;
    },
    { errorText: COUNTS_TEXTS.uploadError, successText: COUNTS_TEXTS.uploaded, invalidate: [countKeys.list] },
  );
}

export function useApplyCount(id: number) {
  const api = useApi();
  return useAction(
    (signers: Signers) =>
      api<{ count: CountDetail }>(`/api/inventory-counts/${id}/application`, { method: 'POST', body: signers, headers: { 'idempotency-key': newIdempotencyKey() } }),
    { errorText: COUNTS_TEXTS.applyError, successText: COUNTS_TEXTS.applied, invalidate: [countKeys.list, countKeys.detail(id), '/api/stock'] },
  );
}

export function useDiscardCount(id: number) {
  const api = useApi();
  return useAction(() => api<CountDetail>(`/api/inventory-counts/${id}/discard`, { method: 'POST' }), {
    errorText: COUNTS_TEXTS.discardError,
    successText: COUNTS_TEXTS.discarded,
    invalidate: [countKeys.list, countKeys.detail(id)],
  });
}

export function useCountDownloads(id: number) {
  const { download, downloading } = useReportDownload();
  const acta = useCallback(
    (format: 'pdf' | 'xlsx') => download({ path: `/api/reports/inventory-counts/${id}`, query: { format }, fileName: `Acta de inventario físico - ${id}` }),
    [download, id],
  );
  const sheet = useCallback(
    (format: 'pdf' | 'xlsx', blind: boolean) =>
      download({ path: `/api/reports/inventory-counts/${id}/sheet`, query: { format, ...(blind ? { book: 'false' } : {}) }, fileName: `Hoja de conteo - ${id}` }),
    [download, id],
  );
  return { acta, sheet, downloading };
}
