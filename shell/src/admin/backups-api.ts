// «Respaldos»: GET /api/admin/backups/last, the latest attempt and the latest that worked.
import { useResource } from '@almacen/shared';
import type { LastBackups } from '@almacen/shared/domain';

export const BACKUPS_PATH = '/api/admin/backups/last';

export function useLastBackups() {
  return useResource<LastBackups>(BACKUPS_PATH);
}
