// «Respaldos»: GET /api/admin/backups/last, the latest attempt and the latest that worked, and
// GET /api/admin/backups, the recent attempts.
import { useResource } from '@almacen/shared';
import type { BackupRecord, LastBackups } from '@almacen/shared/domain-pages';

export const BACKUPS_PATH = '/api/admin/backups/last';
export const RECENT_BACKUPS_PATH = '/api/admin/backups';

export function useLastBackups() {
  return useResource<LastBackups>(BACKUPS_PATH);
}

export function useRecentBackups() {
  return useResource<BackupRecord[]>(RECENT_BACKUPS_PATH);
}
