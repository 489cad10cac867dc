// Idempotency-Key on POST /api/invoices and /api/dispatches (ARCHITECTURE.md, "The stock ledger": "double
// submission"). The key row is inserted INSIDE the document's transaction, before anything else:
//   * a concurrent request with the same (actor, key) blocks on the primary key until the first
//     one commits or rolls back, so two clicks create one document;
//   * if the first one committed, the second replays its stored answer (same status and body);
//   * if the first one failed (rolled back), its key row vanished with it and the retry runs anew
//     — a refused document is not remembered, so fixing the stock and retrying works;
//   * the same key with another body or on another route is a 409, never a silent replay.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Trx } from '../../db/pool';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../../plugins/auth';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_RE = /^[\x21-\x7e]{1,200}$/;

export interface IdempotencyRequest {
  key: string;
  /** "POST /api/invoices": a key belongs to one route. */
  methodPath: string;
  /** Hash of the canonical request body. */
  requestHash: string;
}

/** JSON with object keys sorted at every level, so {a,b} and {b,a} hash the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The idempotency request of an HTTP call, or undefined when it carries no key. */
export function idempotencyFrom(headers: IncomingHttpHeaders, methodPath: string, body: unknown): IdempotencyRequest | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (Array.isArray(raw) && raw.length > 1) throw invalidKey();
  if (typeof key !== 'string' || !KEY_RE.test(key)) throw invalidKey();
  return { key, methodPath, requestHash: createHash('sha256').update(canonicalJson(body)).digest('hex') };
}

const invalidKey = () =>
  new AppError('VALIDATION', 'La clave de idempotencia (Idempotency-Key) debe tener entre 1 y 200 caracteres visibles, sin espacios.');

export type Claim = { owned: true } | { owned: false; status: number; response: unknown };

/**
 * Takes the key for this transaction, or answers what the first request with it answered.
 * Must be the transaction's first write, so a duplicate waits here and not halfway through.
 */
export async function claimKey(trx: Trx, actor: AuthUser, request: IdempotencyRequest): Promise<Claim> {
  const inserted = await trx.query(
    `INSERT INTO idempotency_keys (actor_sub, key, method_path, request_hash)
     VALUES ($1, $2, $3, $4) ON CONFLICT (actor_sub, key) DO NOTHING RETURNING key`,
    [actor.sub, request.key, request.methodPath, request.requestHash],
  );
  if (inserted.rowCount === 1) return { owned: true };
  const { rows } = await trx.query<{ method_path: string; request_hash: string; status: number | null; response: unknown }>(
    'SELECT method_path, request_hash, status, response FROM idempotency_keys WHERE actor_sub = $1 AND key = $2',
    [actor.sub, request.key],
  );
  const first = rows[0];
  if (!first || first.method_path !== request.methodPath || first.request_hash !== request.requestHash || first.status === null) {
    throw new AppError(
      'IDEMPOTENCY_CONFLICT',
      'La clave de idempotencia ya se usó con otra petición; genera una clave nueva para un documento nuevo.',
    );
  }
  return { owned: false, status: first.status, response: first.response };
}

/** Stores the answer to replay, in the same transaction as the document. */
export async function completeKey(
  trx: Trx,
  actor: AuthUser,
  request: IdempotencyRequest,
  status: number,
  response: unknown,
): Promise<void> {
  await trx.query('UPDATE idempotency_keys SET status = $3, response = $4::jsonb WHERE actor_sub = $1 AND key = $2', [
    actor.sub,
    request.key,
    status,
    JSON.stringify(response),
  ]);
}

/**
 * `work` inside the caller's transaction with its Idempotency-Key claimed first and its answer
 * stored last (`status`, `{ data }`): a replay of the key answers the first answer and runs
 * nothing. Without a key, just `work`.
 */
export async function once<T>(
  trx: Trx,
  actor: AuthUser,
  idempotency: IdempotencyRequest | undefined,
  status: number,
  work: () => Promise<T>,
): Promise<{ data: T; replayed: boolean }> {
  if (idempotency) {
    const claim = await claimKey(trx, actor, idempotency);
    if (!claim.owned) return { data: (claim.response as { data: T }).data, replayed: true };
  }
  const data = await work();
  if (idempotency) await completeKey(trx, actor, idempotency, status, { data });
  return { data, replayed: false };
}
