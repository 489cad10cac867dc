// An uploaded spreadsheet, the same way for every route that reads one: the body is the file's
// bytes (Content-Type XLSX, text/csv or text/plain, at most UPLOAD_LIMIT), its rows come from the
// spreadsheet worker pool within the configured limits, and one person reads one file at a time.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../http/errors';
import { sheetPool } from './sheet-pool';
import { CSV_TYPE, XLSX_TYPE, type Cell } from './sheet-reader';

export const UPLOAD_LIMIT = 10 * 1024 * 1024;

/** In a route plugin: these content types are accepted as bytes, and the pool lives while the app does. */
export function acceptSpreadsheets(app: FastifyInstance): void {
  app.addContentTypeParser([XLSX_TYPE, CSV_TYPE, 'text/plain'], { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  sheetPool.retain();
  app.addHook('onClose', async () => sheetPool.release());
}

/** The request's file as XLSX or CSV (any other type is read as CSV text). */
export function uploadOf(request: Pick<FastifyRequest, 'body' | 'headers'>): { bytes: Buffer; type: string } {
  if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envía el archivo como XLSX o CSV.');
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  return { bytes: request.body, type: type === XLSX_TYPE ? XLSX_TYPE : CSV_TYPE };
}

/** The rows of bytes of `type`, read off the request thread within config.importLimits. */
export const sheetRowsOf = (bytes: Buffer, type: string, config: Pick<Config, 'importLimits'>, owner: string | null): Promise<Cell[][]> =>
  sheetPool.read(bytes, type, config.importLimits, owner);
