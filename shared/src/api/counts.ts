// "Inventario físico": the count sessions of /api/inventory-counts, their lines saved
// as they are typed (the answer is the whole session, put straight into the cache), the file
// upload, the application with its three signers (Idempotency-Key: applied once), the discard.
// Applying moves stock like any document.
import type { CountDetail, CountLineChange, CountSigners, CountSummary } from '../domain';
import { newIdempotencyKey } from '../kit/wizard/idempotency';
import { useResource } from '../platform/resource';
import { useWarehouseId, useWarehousePath, withWarehouse } from '../platform/warehouse';
import { apiKeys, staleAfter } from './keys';
import { useMutation } from './mutation';

/** The current warehouse's sessions (a session's own reads and changes act on its warehouse). */
export const useCounts = () => useResource<CountSummary[]>(useWarehousePath(apiKeys.counts));
export const useCount = (id: number) => useResource<CountDetail>(apiKeys.count(id));

export interface NewCount {
  cutoffDate: string;
  description: string;
  categoryIds?: number[];
}

export function useCreateCount() {
  const warehouseId = useWarehouseId();
  return useMutation(
    (api, body: NewCount) => api<CountDetail>(apiKeys.counts, { method: 'POST', body: withWarehouse(body, warehouseId) }),
    { errorText: 'crear el conteo.', successText: 'Conteo creado.' },
    [apiKeys.counts],
  );
}

export function useSaveLines(id: number) {
  const { mutate } = useCount(id);
  return useMutation(
    async (api, lines: CountLineChange[]) => {
      const saved = await api<CountDetail>(`${apiKeys.count(id)}/lines`, { method: 'PUT', body: { lines } });
      await mutate(saved, { revalidate: false });
      return saved;
    },
    { errorText: 'guardar la línea del conteo.' },
    [apiKeys.counts],
  );
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A CSV or XLSX of counted quantities (the "Hoja de conteo" filled in). */
export function useUploadLines(id: number) {
  const { mutate } = useCount(id);
  return useMutation(
    async (api, file: File) => {
      const type = file.name.toLowerCase().endsWith('.xlsx') ? XLSX_TYPE : 'text/csv';
      const saved = await api<CountDetail>(`${apiKeys.count(id)}/lines/import`, {
        method: 'POST',
        body: file,
        headers: { 'content-type': type },
      });
      await mutate(saved, { revalidate: false });
      return saved;
    },
    { errorText: 'cargar el archivo.', successText: 'Archivo cargado: cantidades guardadas.' },
    [apiKeys.counts],
  );
}

/** The adjustments are movements: the count, the list and everything a document changes. */
export const useApplyCount = (id: number) =>
  useMutation(
    (api, signers: CountSigners) =>
      api<{ count: CountDetail }>(`${apiKeys.count(id)}/application`, {
        method: 'POST',
        body: signers,
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
    { errorText: 'aplicar los ajustes del conteo.', successText: 'Ajustes aplicados al libro de almacén.' },
    [apiKeys.counts, ...staleAfter.document],
  );

export const useDiscardCount = (id: number) =>
  useMutation(
    (api) => api<CountDetail>(`${apiKeys.count(id)}/discard`, { method: 'POST' }),
    { errorText: 'descartar el conteo.', successText: 'Conteo descartado.' },
    [apiKeys.counts],
  );
