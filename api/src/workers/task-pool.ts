// A small fixed pool of worker threads (node:worker_threads) for the CPU-heavy reading of what a
// client uploads — a CFDI (modules/cfdi), a spreadsheet (files/) — so that the thread answering
// requests never parses a file:
//   size      workers started on first use, one task each
//   queue     at most queueLimit tasks wait for a worker; beyond that 503 (texts.busy)
//   owner     a task may name who sent it: one owner has at most ownerLimit tasks running or
//             waiting, so one person cannot fill the queue for everybody (texts.ownerBusy)
//   time      a task that runs longer than timeoutMs is stopped: its worker is terminated, the
//             request gets 503 and the next task gets a new worker
//   crash     a worker that dies (an exception outside a task, out of memory — each worker has
//             memoryMb of heap) answers its request 503 and is replaced the same way
//   close()   terminates the workers; a later task starts new ones. Workers are unref'd, so a
//             forgotten pool never keeps a process alive.
// A worker is `<name>.js` next to its module in the compiled API (dist/), and `<name>.ts` loaded
// through tsx when the API runs from its TypeScript sources (tsx, jest, bench).
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@almacen/shared/domain';
import { AppError } from '../http/errors';

/** An AppError as it crosses between threads. */
export interface SerializedAppError {
  code: ErrorCode;
  message?: string;
  errors?: Record<string, string>;
}

/** Worker → pool. `fault` is an unexpected exception (a bug): answered 500 like any other. */
export type TaskReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error?: SerializedAppError; fault?: string };

/** Every task carries its input's bytes, transferred (not copied) to the worker. */
export interface PoolTask {
  bytes: Uint8Array;
}

export interface PoolTexts {
  timeout: (seconds: number) => string;
  crashed: string;
  busy: string;
  ownerBusy: string;
  closing: string;
  /** The start of a fault's message in the log ("Falló la lectura del CFDI en el worker"). */
  fault: string;
}

export interface TaskPoolOptions {
  size?: number;
  timeoutMs?: number;
  queueLimit?: number;
  ownerLimit?: number;
  memoryMb?: number;
  /** Tests only: the worker's source, run with eval (a worker made to fail). */
  workerSource?: string;
}

interface Pending<T extends PoolTask> {
  id: number;
  task: T;
  owner: string | null;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot<T extends PoolTask> {
  worker: Worker;
  current: Pending<T> | null;
  timer: NodeJS.Timeout | null;
}

// One core stays for the event loop: on 2 cores two busy workers starved it (bench/cfdi.ts).
export const DEFAULT_POOL_SIZE = Math.max(1, Math.min(2, os.availableParallelism() - 1));

/** How a worker is started: the compiled JavaScript, or the TypeScript through tsx. */
function workerBootstrap(dir: string, name: string, compiled: boolean): { source: string; eval: true } | { file: string } {
  if (compiled) return { file: path.join(dir, `${name}.js`) };
  const tsx = require.resolve('tsx/cjs/api');
  const file = path.join(dir, `${name}.ts`);
  return { source: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(file)});`, eval: true };
}

/** The bytes in an ArrayBuffer of their own, transferred to the worker (the request keeps its Buffer). */
export const copyOf = (bytes: Buffer): Uint8Array => new Uint8Array(bytes);

export class TaskPool<T extends PoolTask> {
  readonly size: number;
  readonly timeoutMs: number;
  readonly queueLimit: number;
  readonly ownerLimit: number;
  private readonly memoryMb: number;
  private readonly workerSource?: string;
  private slots: Slot<T>[] = [];
  private queue: Pending<T>[] = [];
  private nextId = 1;
  private users = 0;
  /** Workers started so far (replacements included); for tests and the bench. */
  started = 0;

  constructor(
    /** The worker: its folder, and its file name without extension. */
    private readonly worker: { dir: string; name: string; compiled: boolean },
    private readonly texts: PoolTexts,
    defaults: Required<Omit<TaskPoolOptions, 'workerSource' | 'size'>>,
    options: TaskPoolOptions = {},
  ) {
    this.size = options.size ?? DEFAULT_POOL_SIZE;
    this.timeoutMs = options.timeoutMs ?? defaults.timeoutMs;
    this.queueLimit = options.queueLimit ?? defaults.queueLimit;
    this.ownerLimit = options.ownerLimit ?? defaults.ownerLimit;
    this.memoryMb = options.memoryMb ?? defaults.memoryMb;
    this.workerSource = options.workerSource;
  }

  /** Sends a task; `owner` (the person's sub) counts against ownerLimit. */
  run(task: T, owner: string | null = null): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (owner !== null) {
        const mine = this.queue.filter((p) => p.owner === owner).length + this.slots.filter((s) => s.current?.owner === owner).length;
        if (mine >= this.ownerLimit) {
          reject(new AppError('UNAVAILABLE', this.texts.ownerBusy));
          return;
        }
      }
      if (this.running >= this.size && this.queue.length >= this.queueLimit) {
        reject(new AppError('UNAVAILABLE', this.texts.busy));
        return;
      }
      this.queue.push({ id: this.nextId++, task, owner, resolve, reject });
      this.dispatch();
    });
  }

  /** One more app uses the pool (on its register); release() on its close. */
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
    for (const pending of queued) pending.reject(new AppError('UNAVAILABLE', this.texts.closing));
    const slots = this.slots;
    this.slots = [];
    await Promise.all(
      slots.map(async (slot) => {
        this.finish(slot, new AppError('UNAVAILABLE', this.texts.closing));
        await slot.worker.terminate();
      }),
    );
  }

  /** Workers alive now. */
  get workers(): number {
    return this.slots.length;
  }

  /** Tasks a worker is on now. */
  get running(): number {
    return this.slots.filter((s) => s.current).length;
  }

  /** Tasks waiting for a worker. */
  get waiting(): number {
    return this.queue.length;
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
        () => this.fail(slot!, new AppError('UNAVAILABLE', this.texts.timeout(Math.round(this.timeoutMs / 1000)))),
        this.timeoutMs,
      );
      slot.worker.postMessage({ id: pending.id, ...pending.task }, [pending.task.bytes.buffer as ArrayBuffer]);
    }
  }

  private spawn(): Slot<T> {
    const resourceLimits = { maxOldGenerationSizeMb: this.memoryMb };
    let worker: Worker;
    if (this.workerSource !== undefined) worker = new Worker(this.workerSource, { eval: true, resourceLimits });
    else {
      const boot = workerBootstrap(this.worker.dir, this.worker.name, this.worker.compiled);
      worker = 'file' in boot ? new Worker(boot.file, { resourceLimits }) : new Worker(boot.source, { eval: true, resourceLimits });
    }
    worker.unref();
    this.started++;
    const slot: Slot<T> = { worker, current: null, timer: null };
    worker.on('message', (reply: TaskReply) => {
      const pending = slot.current;
      if (!pending || reply.id !== pending.id) return;
      if (reply.ok) this.finish(slot, null, reply.value);
      else if (reply.error) this.finish(slot, new AppError(reply.error.code, reply.error.message, reply.error.errors));
      else this.finish(slot, new Error(`${this.texts.fault}: ${reply.fault ?? 'error desconocido'}`));
      this.dispatch();
    });
    worker.on('error', () => this.fail(slot, new AppError('UNAVAILABLE', this.texts.crashed)));
    worker.on('exit', () => this.fail(slot, new AppError('UNAVAILABLE', this.texts.crashed)));
    this.slots.push(slot);
    return slot;
  }

  /** Answers the slot's task (if any) and frees the slot. */
  private finish(slot: Slot<T>, error: Error | null, value?: unknown): void {
    const pending = slot.current;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.current = null;
    if (!pending) return;
    if (error) pending.reject(error);
    else pending.resolve(value);
  }

  /** A worker that crashed or ran out of time: its task gets `error`, the worker goes, a new one takes the queue. */
  private fail(slot: Slot<T>, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return; // already removed (terminate's own exit event, or closed)
    this.slots.splice(index, 1);
    this.finish(slot, error);
    void slot.worker.terminate();
    this.dispatch();
  }
}

/**
 * A worker's side: answers each message with `perform`'s value. A refusal (AppError) travels as
 * its code, message and fields; anything else as a fault.
 */
export function serveTasks<T>(port: import('node:worker_threads').MessagePort, perform: (task: T & { id: number }) => unknown): void {
  port.on('message', async (message: T & { id: number }) => {
    let reply: TaskReply;
    try {
      reply = { id: message.id, ok: true, value: await perform(message) };
    } catch (error) {
      reply =
        error instanceof AppError
          ? { id: message.id, ok: false, error: { code: error.code, message: error.message, errors: error.errors } }
          : { id: message.id, ok: false, fault: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
