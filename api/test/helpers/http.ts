// Small helpers around app.inject() so tests read like the requests a client sends.
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { JWTPayload } from 'jose';
import type { TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Client {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

/** A signed-in client: every request carries a fresh valid token for `claims`. */
export function client(t: TestApp, claims?: JWTPayload): Client {
  const send = async (method: Method, url: string, body?: unknown) =>
    (t.app as FastifyInstance).inject({
      method,
      url,
      headers: { authorization: `Bearer ${await t.token(claims)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body),
    put: (url, body) => send('PUT', url, body),
    del: (url) => send('DELETE', url),
  };
}

/** Row counts of the given tables, to prove a rejected request changed nothing. */
export async function countRows(t: TestApp, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
    counts[table] = Number(rows[0].n);
  }
  return counts;
}

export async function auditRows(t: TestApp, entity: string, entityId?: string | number) {
  const { rows } = await t.db.query(
    `SELECT actor_sub, actor_name, action, entity, entity_id, before, after FROM audit_log
      WHERE entity = $1 AND ($2::text IS NULL OR entity_id = $2) ORDER BY id`,
    [entity, entityId === undefined ? null : String(entityId)],
  );
  return rows;
}
