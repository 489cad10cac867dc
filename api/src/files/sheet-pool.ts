// The spreadsheets people upload (catalogue imports, a count's lines) are read in worker threads
// (workers/task-pool.ts), never on the thread that answers requests: a large or hostile file keeps
// a worker busy, not the API. One person reads one file at a time.
import { copyOf, TaskPool, type TaskPoolOptions } from '../workers/task-pool';
import type { Cell, SheetLimits } from './sheet-reader';

export const SHEET_POOL_TEXTS = {
  timeout: (seconds: number) => `El archivo tardó más de ${seconds} s en leerse y se detuvo su lectura; divídelo en archivos más pequeños.`,
  crashed:
    'No se pudo leer el archivo: el proceso que lo lee se detuvo (el archivo es demasiado grande o está dañado). Divídelo o revísalo.',
  busy: 'El servidor está leyendo muchos archivos en este momento. Inténtalo de nuevo en unos segundos.',
  ownerBusy: 'Ya se está leyendo otro archivo tuyo; espera a que termine e inténtalo de nuevo.',
  closing: 'El servidor se está deteniendo; el archivo no se leyó. Inténtalo de nuevo en unos momentos.',
  fault: 'Falló la lectura del archivo en el worker',
} as const;

export interface SheetTask {
  bytes: Uint8Array;
  contentType: string;
  limits: SheetLimits;
}

export class SheetPool extends TaskPool<SheetTask> {
  constructor(options: TaskPoolOptions = {}) {
    super(
      { dir: __dirname, name: 'sheet.worker', compiled: __filename.endsWith('.js') },
      SHEET_POOL_TEXTS,
      { timeoutMs: 30_000, queueLimit: 8, ownerLimit: 1, memoryMb: 192 },
      { size: 1, ...options },
    );
  }

  /** The rows of an uploaded XLSX or CSV (sheet-reader.ts), within `limits`. */
  read(bytes: Buffer, contentType: string, limits: SheetLimits, owner: string | null): Promise<Cell[][]> {
    return this.run({ bytes: copyOf(bytes), contentType, limits }, owner) as Promise<Cell[][]>;
  }
}

/** The API's pool: one per process (one worker: imports are rare, and a core stays for requests). */
export const sheetPool = new SheetPool();
