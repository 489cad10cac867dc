// GET /api/admin/backups/last: the latest backup attempt, the latest that worked, and the daily
// schedule of the server that answers (each copy of the API has its own settings).
// GET /api/admin/backups: the recent attempts, newest first, for «Respaldos recientes».
import type { FastifyPluginAsync } from 'fastify';
import { BACKUP_TRIGGERS } from '@almacen/shared/domain-pages';
import type { BackupRecord, LastBackups } from '@almacen/shared/domain-pages';
import { lastBackups, recentBackups } from '../../backup/history';
import { formatTimeOfDay } from '../../backup/schedule';
import { dataOf, ERROR_RESPONSES, errorSchema, listOf } from '../../http/schemas';
import type { ModuleOptions } from '../module';

export const backupRecordSchema = {
  type: 'object',
  nullable: true,
  required: ['id', 'at', 'ok', 'trigger', 'directory', 'fileName', 'sizeBytes', 'error', 'host'],
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time', description: 'El instante del respaldo; si falló, cuándo se intentó' },
    ok: { type: 'boolean' },
    trigger: { type: 'string', enum: [...BACKUP_TRIGGERS], description: 'El respaldo diario o npm run backup' },
    directory: { type: 'string', description: 'Carpeta (BACKUP_DIR) del servidor que lo tomó' },
    fileName: { type: 'string', nullable: true, description: 'Nombre del archivo en esa carpeta; null si falló' },
    sizeBytes: { type: 'integer', nullable: true, description: 'Tamaño del archivo en bytes; null si falló' },
    error: { type: 'string', nullable: true, description: 'Por qué falló; null si funcionó' },
    host: { type: 'string', description: 'Nombre del servidor que lo tomó' },
  },
} as const;

/** How many attempts «Respaldos recientes» lists: a month of daily backups and a few by hand. */
export const RECENT_BACKUPS = 40;

const backupsRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config, metrics }) => {
  // Whoever took it (the schedule of any copy, npm run backup): the age of the last that worked;
  // with none yet it is +Inf, so an alert on the age fires for a server never backed up.
  metrics?.registerGauge({
    name: 'last_backup_age_seconds',
    help: 'Segundos desde el último respaldo que funcionó.',
    collect: async () => {
      const { latestOk } = await lastBackups(db);
      return latestOk ? Math.max(0, Math.floor((Date.now() - Date.parse(latestOk.at)) / 1000)) : Number.POSITIVE_INFINITY;
    },
  });
  metrics?.registerGauge({
    name: 'last_backup_ok',
    help: '1 si el último intento de respaldo funcionó, 0 si falló o no hay ninguno.',
    collect: async () => ((await lastBackups(db)).latest?.ok ? 1 : 0),
  });
  app.get(
    '/admin/backups/last',
    {
      schema: {
        tags: ['respaldos'],
        summary: 'El último respaldo: el último intento, el último que funcionó y la hora del respaldo diario',
        response: {
          200: dataOf({
            type: 'object',
            required: ['latest', 'latestOk', 'schedule'],
            properties: {
              latest: backupRecordSchema,
              latestOk: backupRecordSchema,
              schedule: {
                type: 'object',
                required: ['enabled', 'time', 'timeZone'],
                properties: {
                  enabled: { type: 'boolean', description: 'false con BACKUP_DISABLED en este servidor' },
                  time: { type: 'string', pattern: '^\\d\\d:\\d\\d$', description: 'BACKUP_TIME' },
                  timeZone: { type: 'string', description: 'APP_TIME_ZONE' },
                },
              },
            },
          }),
          ...ERROR_RESPONSES,
          403: errorSchema,
        },
      },
    },
    async (): Promise<{ data: LastBackups }> => ({
      data: {
        ...(await lastBackups(db)),
        schedule: { enabled: !config.backup.disabled, time: formatTimeOfDay(config.backup.time), timeZone: config.timeZone },
      },
    }),
  );
  app.get(
    '/admin/backups',
    {
      schema: {
        tags: ['respaldos'],
        summary: `Los últimos ${RECENT_BACKUPS} intentos de respaldo, el más reciente primero, hayan funcionado o no`,
        response: { 200: dataOf(listOf({ ...backupRecordSchema, nullable: false })), ...ERROR_RESPONSES, 403: errorSchema },
      },
    },
    async (): Promise<{ data: BackupRecord[] }> => ({ data: await recentBackups(db, RECENT_BACKUPS) }),
  );
};

export default backupsRoutes;
