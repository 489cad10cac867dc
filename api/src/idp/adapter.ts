// oidc-provider's storage adapter on PostgreSQL (table idp_store, migration 0050): every copy of
// the API reads and writes the same sessions, interactions, codes and tokens, so a sign-in that
// starts on one copy can finish on another. Expired rows are treated as absent and swept
// periodically (sweepExpired).
import type { Db } from '../db/pool';
import type { AdapterPayload, OidcAdapter } from './types';

/** Models whose rows belong to a grant and die with it (revokeByGrantId). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

export interface AdapterOptions {
  /** The error the provider answers when a code or refresh token was already used (invalid_grant). */
  alreadyUsed(model: string): Error;
}

export function createAdapterClass(db: Db, { alreadyUsed }: AdapterOptions): new (model: string) => OidcAdapter {
  return class PgAdapter implements OidcAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      await db.query(
        `INSERT INTO idp_store (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::integer IS NULL THEN NULL ELSE now() + make_interval(secs => $7::integer) END)
         ON CONFLICT (model, id) DO UPDATE
           SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, user_code = EXCLUDED.user_code,
               uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
          payload.userCode ?? null,
          payload.uid ?? null,
          typeof expiresIn === 'number' ? Math.max(1, Math.ceil(expiresIn)) : null,
        ],
      );
    }

    private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const { rows } = await db.query<{ payload: AdapterPayload; consumed: number | null }>(
        `SELECT payload, extract(epoch FROM consumed_at)::bigint AS consumed FROM idp_store
          WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())
          LIMIT 1`,
        [this.model, value],
      );
      const row = rows[0];
      if (!row) return undefined;
      return row.consumed === null ? row.payload : { ...row.payload, consumed: Number(row.consumed) };
    }

    find(id: string) {
      return this.findBy('id', id);
    }

    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode);
    }

    /**
     * The provider reads a code or refresh token, sees it unused, then consumes it: requests
     * racing with the same one all pass the reading. Only the one whose UPDATE marks it gets on;
     * for the others it is a reuse, treated as the provider treats a reuse it sees — the grant
     * and every token from it are revoked (RFC 6749 §4.1.2, RFC 9700 §4.14.2) — and invalid_grant.
     */
    async consume(id: string): Promise<void> {
      const { rowCount } = await db.query('UPDATE idp_store SET consumed_at = now() WHERE model = $1 AND id = $2 AND consumed_at IS NULL', [
        this.model,
        id,
      ]);
      if (rowCount) return;
      await db.query(
        `WITH used AS (SELECT payload->>'grantId' AS grant_id FROM idp_store WHERE model = $1 AND id = $2)
         DELETE FROM idp_store s USING used
          WHERE s.grant_id = used.grant_id OR (s.model = 'Grant' AND s.id = used.grant_id)`,
        [this.model, id],
      );
      throw alreadyUsed(this.model);
    }

    async destroy(id: string): Promise<void> {
      await db.query('DELETE FROM idp_store WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('DELETE FROM idp_store WHERE grant_id = $1', [grantId]);
    }
  };
}

/** Deletes what has expired; returns how many rows went. */
export async function sweepExpired(db: Db): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM idp_store WHERE expires_at < now()');
  await db.query("DELETE FROM idp_login_failures WHERE last_failure_at < now() - interval '1 day'");
  return rowCount ?? 0;
}
