// The CPU-heavy part of reading a CFDI — decoding, the DOCTYPE/ENTITY refusal, XML
// validation and parsing (fast-xml-parser), the checks and every row's decimals — runs in a small
// fixed pool of worker threads (workers/task-pool.ts), never on the thread that answers requests:
// a 2 MB file keeps one worker busy while the API goes on answering everybody else (bench/cfdi.ts
// measures the event loop while it happens). One person has at most CFDI_OWNER_LIMIT files being
// read or waiting, so a few slow files of one person never hold everybody else's.
// The worker is cfdi.worker.js next to this file in the compiled API (dist/), cfdi.worker.ts
// through tsx from the sources.
import { copyOf, TaskPool, type SerializedAppError, type TaskPoolOptions } from '../../workers/task-pool';
import type { Cfdi } from './cfdi-reader';
import type { AnalysisDraft } from './cfdi.service';

export type { SerializedAppError };
export const CFDI_TASK_TIMEOUT_MS = 15_000;
export const CFDI_QUEUE_LIMIT = 32;
export const CFDI_OWNER_LIMIT = 2;
export const CFDI_WORKER_MEMORY_MB = 256;

export const CFDI_POOL_TEXTS = {
  timeout: (seconds: number) =>
    `El CFDI tardó más de ${seconds} s en leerse y se detuvo su lectura. Inténtalo de nuevo en unos momentos; si se repite, revisa el archivo.`,
  crashed: 'No se pudo leer el CFDI: el proceso que lo lee se detuvo inesperadamente. Inténtalo de nuevo; si se repite, revisa el archivo.',
  busy: 'El servidor está leyendo muchos CFDI en este momento. Inténtalo de nuevo en unos segundos.',
  ownerBusy: `Ya se están leyendo ${CFDI_OWNER_LIMIT} CFDI tuyos; espera a que terminen e inténtalo de nuevo.`,
  closing: 'El servidor se está deteniendo; el CFDI no se leyó. Inténtalo de nuevo en unos momentos.',
  fault: 'Falló la lectura del CFDI en el worker',
} as const;

/** cfdi.service.ts prepareAnalysis: what POST /api/cfdi/parse needs from the bytes alone. */
export interface PreparedAnalysis {
  uuid: string;
  issuerRfc: string;
  /** conceptKey of each concept, for the remembered products. */
  keys: string[];
  draft: AnalysisDraft | null;
  /** A row's refusal, answered after the database's checks. */
  error: SerializedAppError | null;
}

export type CfdiTask =
  { op: 'analyse'; bytes: Uint8Array; institutionRfc: string | null } | { op: 'read'; bytes: Uint8Array; institutionRfc: string | null };

export type CfdiPoolOptions = TaskPoolOptions;

export class CfdiPool extends TaskPool<CfdiTask> {
  constructor(options: CfdiPoolOptions = {}) {
    super(
      { dir: __dirname, name: 'cfdi.worker', compiled: __filename.endsWith('.js') },
      CFDI_POOL_TEXTS,
      { timeoutMs: CFDI_TASK_TIMEOUT_MS, queueLimit: CFDI_QUEUE_LIMIT, ownerLimit: CFDI_OWNER_LIMIT, memoryMb: CFDI_WORKER_MEMORY_MB },
      options,
    );
  }

  /** POST /api/cfdi/parse's reading, checks and rows (cfdi.service.ts prepareAnalysis). */
  analyse(bytes: Buffer, institutionRfc: string | null, owner: string | null = null): Promise<PreparedAnalysis> {
    return this.run({ op: 'analyse', bytes: copyOf(bytes), institutionRfc }, owner) as Promise<PreparedAnalysis>;
  }

  /** POST /api/invoices with `cfdi`: the XML read and checked again (readCfdi + checkCfdi). */
  read(bytes: Buffer, institutionRfc: string | null, owner: string | null = null): Promise<Cfdi & { uuid: string }> {
    return this.run({ op: 'read', bytes: copyOf(bytes), institutionRfc }, owner) as Promise<Cfdi & { uuid: string }>;
  }
}

/** The API's pool: one per process, shared by POST /api/cfdi/parse and POST /api/invoices. */
export const cfdiPool = new CfdiPool();
