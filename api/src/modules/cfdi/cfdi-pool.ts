// The CPU-heavy part of reading a CFDI (issue #19) — decoding, the DOCTYPE/ENTITY refusal, XML
// validation and parsing (fast-xml-parser), the checks of issue #19 and every row's decimals —
// runs in a small fixed pool of worker threads (node:worker_threads), never on the thread that
// answers requests: a 2 MB file keeps one worker busy while the API goes on answering
// everybody else (bench/cfdi.ts measures the event loop while it happens).
//   size      availableParallelism() − 1 workers, between 1 and 2, started on first use, one task each
//   queue     at most CFDI_QUEUE_LIMIT tasks wait for a worker; beyond that 503
//   time      a task that runs longer than CFDI_TASK_TIMEOUT_MS is stopped: its worker is
//             terminated, the request gets 503 and the next task gets a new worker
//   crash     a worker that dies (an exception outside a task, out of memory — each worker has
//             CFDI_WORKER_MEMORY_MB of heap) answers its request 503 and is replaced the same way
//   close()   the app's onClose (cfdi/index.ts): terminates the workers; a later task starts
//             new ones. Workers are unref'd, so a forgotten pool never keeps a process alive.
// The worker is cfdi.worker.js next to this file in the compiled API (dist/), and cfdi.worker.ts
// loaded through tsx when the API runs from its TypeScript sources (tsx, jest, bench).
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@almacen/shared/domain';
import { AppError } from '../../http/errors';
import type { Cfdi } from './cfdi-reader';
import type { AnalysisDraft } from './cfdi.service';

export const CFDI_TASK_TIMEOUT_MS = 15_000;
export const CFDI_QUEUE_LIMIT = 32;
export const CFDI_WORKER_MEMORY_MB = 256;
// One core stays for the event loop: on 2 cores two busy workers starved it (bench/cfdi.ts: p99
// added 62 ms with 2 workers, 7 ms with 1, same run conditions).
export const CFDI_POOL_SIZE = Math.max(1, Math.min(2, os.availableParallelism() - 1));

export const CFDI_POOL_TEXTS = {
  timeout: (seconds: number) =>
    `El CFDI tardó más de ${seconds} s en leerse y se detuvo su lectura. Inténtalo de nuevo en unos momentos; si se repite, revisa el archivo.`,
  crashed: 'No se pudo leer el CFDI: el proceso que lo lee se detuvo inesperadamente. Inténtalo de nuevo; si se repite, revisa el archivo.',
  busy: 'El servidor está leyendo muchos CFDI en este momento. Inténtalo de nuevo en unos segundos.',
  closing: 'El servidor se está deteniendo; el CFDI no se leyó. Inténtalo de nuevo en unos momentos.',
} as const;

/** An AppError as it crosses between threads. */
export interface SerializedAppError {
  code: ErrorCode;
  message?: string;
  errors?: Record<string, string>;
}

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

/** Worker → pool. `fault` is an unexpected exception (a bug): answered 500 like any other. */
export type CfdiReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error?: SerializedAppError; fault?: string };

interface Pending {
  id: number;
  task: CfdiTask;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
}

export interface CfdiPoolOptions {
  size?: number;
  timeoutMs?: number;
  queueLimit?: number;
  memoryMb?: number;
  /** Tests only: the worker's source, run with eval (a worker made to fail). */
  workerSource?: string;
}

/** How a worker is started here: the compiled JavaScript, or the TypeScript through tsx. */
function workerBootstrap(): { source: string; eval: true } | { file: string } {
  const compiled = __filename.endsWith('.js');
  if (compiled) return { file: path.join(__dirname, 'cfdi.worker.js') };
  const tsx = require.resolve('tsx/cjs/api');
  const file = path.join(__dirname, 'cfdi.worker.ts');
  return { source: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(file)});`, eval: true };
}

export class CfdiPool {
  readonly size: number;
  readonly timeoutMs: number;
  readonly queueLimit: number;
  private readonly memoryMb: number;
  private readonly workerSource?: string;
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private nextId = 1;
  private users = 0;
  /** Workers started so far (replacements included); for tests and the bench. */
  started = 0;

  constructor(options: CfdiPoolOptions = {}) {
    this.size = options.size ?? CFDI_POOL_SIZE;
    this.timeoutMs = options.timeoutMs ?? CFDI_TASK_TIMEOUT_MS;
    this.queueLimit = options.queueLimit ?? CFDI_QUEUE_LIMIT;
    this.memoryMb = options.memoryMb ?? CFDI_WORKER_MEMORY_MB;
    this.workerSource = options.workerSource;
  }

  /** POST /api/cfdi/parse's reading, checks and rows (cfdi.service.ts prepareAnalysis). */
  analyse(bytes: Buffer, institutionRfc: string | null): Promise<PreparedAnalysis> {
    return this.run({ op: 'analyse', bytes: copyOf(bytes), institutionRfc }) as Promise<PreparedAnalysis>;
  }

  /** POST /api/invoices with `cfdi`: the XML read and checked again (readCfdi + checkCfdi). */
  read(bytes: Buffer, institutionRfc: string | null): Promise<Cfdi & { uuid: string }> {
    return this.run({ op: 'read', bytes: copyOf(bytes), institutionRfc }) as Promise<Cfdi & { uuid: string }>;
  }

  /** Sends any task (tests use it with their own worker). */
  run(task: CfdiTask): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const busy = this.slots.filter((s) => s.current).length;
      if (busy >= this.size && this.queue.length >= this.queueLimit) {
        reject(new AppError('UNAVAILABLE', CFDI_POOL_TEXTS.busy));
        return;
      }
      this.queue.push({ id: this.nextId++, task, resolve, reject });
      this.dispatch();
    });
  }

  /** One more app uses the pool (cfdi/index.ts on register); release() on its close. */
  retain(): void {
    this.users++;
  }

  async release(): Promise<void> {
    this.users = Math.max(0, this.users - 1);
    if (this.users === 0) await this.close();
  }

  /** Terminates every worker; waiting tasks are refused with 503. A later task starts new workers. */
  async close(): Promise<void> {
    const queued = this.queue;
    this.queue = [];
    for (const pending of queued) pending.reject(new AppError('UNAVAILABLE', CFDI_POOL_TEXTS.closing));
    const slots = this.slots;
    this.slots = [];
    await Promise.all(
      slots.map(async (slot) => {
        this.finish(slot, new AppError('UNAVAILABLE', CFDI_POOL_TEXTS.closing));
        await slot.worker.terminate();
      }),
    );
  }

  /** Workers alive now. */
  get workers(): number {
    return this.slots.length;
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.current);
      if (!slot) {
        if (this.slots.length >= this.size) return;
        slot = this.spawn();
      }
      const pending = this.queue.shift()!;
      slot.current = pending;
      slot.timer = setTimeout(
        () => this.fail(slot!, new AppError('UNAVAILABLE', CFDI_POOL_TEXTS.timeout(Math.round(this.timeoutMs / 1000)))),
        this.timeoutMs,
      );
      slot.worker.postMessage({ id: pending.id, ...pending.task }, [pending.task.bytes.buffer as ArrayBuffer]);
    }
  }

  private spawn(): Slot {
    const resourceLimits = { maxOldGenerationSizeMb: this.memoryMb };
    let worker: Worker;
    if (this.workerSource !== undefined) worker = new Worker(this.workerSource, { eval: true, resourceLimits });
    else {
      const boot = workerBootstrap();
      worker = 'file' in boot ? new Worker(boot.file, { resourceLimits }) : new Worker(boot.source, { eval: true, resourceLimits });
    }
    worker.unref();
    this.started++;
    const slot: Slot = { worker, current: null, timer: null };
    worker.on('message', (reply: CfdiReply) => {
      const pending = slot.current;
      if (!pending || reply.id !== pending.id) return;
      if (reply.ok) this.finish(slot, null, reply.value);
      else if (reply.error) this.finish(slot, new AppError(reply.error.code, reply.error.message, reply.error.errors));
      else this.finish(slot, new Error(`Falló la lectura del CFDI en el worker: ${reply.fault ?? 'error desconocido'}`));
      this.dispatch();
    });
    worker.on('error', () => this.fail(slot, new AppError('UNAVAILABLE', CFDI_POOL_TEXTS.crashed)));
    worker.on('exit', () => this.fail(slot, new AppError('UNAVAILABLE', CFDI_POOL_TEXTS.crashed)));
    this.slots.push(slot);
    return slot;
  }

  /** Answers the slot's task (if any) and frees the slot. */
  private finish(slot: Slot, error: Error | null, value?: unknown): void {
    const pending = slot.current;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.current = null;
    if (!pending) return;
    if (error) pending.reject(error);
    else pending.resolve(value);
  }

  /** A worker that crashed or ran out of time: its task gets `error`, the worker goes, a new one takes the queue. */
  private fail(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return; // already removed (terminate's own exit event, or closed)
    this.slots.splice(index, 1);
    this.finish(slot, error);
    void slot.worker.terminate();
    this.dispatch();
  }
}

/** The bytes in an ArrayBuffer of their own, transferred to the worker (the request keeps its Buffer). */
function copyOf(bytes: Buffer): Uint8Array {
  return new Uint8Array(bytes);
}

/** The API's pool: one per process, shared by POST /api/cfdi/parse and POST /api/invoices. */
export const cfdiPool = new CfdiPool();
