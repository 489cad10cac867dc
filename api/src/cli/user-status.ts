// `users -- deactivate|activate <usuario o correo>`: a person's status in Almacén from the command
// line — the only way for an administrator by ADMIN_USERS, whom the API does not let another
// administrator deactivate. Keeps the rule that one active administrator always remains, ends the
// embedded provider's sessions of an account it deactivates, and writes the audit log.
import type { AppUser } from '../access/users';
import type { Config } from '../config';
import { withTransaction, type Db } from '../db/pool';
import { AppError } from '../http/errors';
import { recordAudit } from '../modules/audit/audit.repository';
import * as repo from '../modules/users/users.repository';

export class UserStatusError extends Error {}

const CLI_ACTOR = { sub: 'cli', name: 'Línea de comandos' } as const;

/** Sets the status of the user named by `who` (username, e-mail or sub); answers the line to print. */
export async function setUserStatus(db: Db, config: Config, who: string, active: boolean): Promise<string> {
  return withTransaction(db, async (trx) => {
    await repo.lockAdministrators(trx);
    const { rows } = await trx.query<{ id: number }>(
      `SELECT id FROM app_users WHERE lower(username) = lower($1) OR lower(email) = lower($1) OR sub = $1 ORDER BY id`,
      [who.trim()],
    );
    if (rows.length === 0) throw new UserStatusError(`No hay en Almacén un usuario "${who}" (usuario, correo o sub).`);
    if (rows.length > 1) throw new UserStatusError(`"${who}" corresponde a ${rows.length} usuarios; indica su usuario o su sub.`);
    const before = (await repo.findUser(trx, rows[0].id, { lock: true }))!;
    const label = `${before.name} (${before.username ?? before.email ?? before.sub})`;
    if (before.active === active) return `${label} ya estaba ${active ? 'activo' : 'desactivado'}.`;
    if (!active) {
      try {
        await repo.keepAnAdministrator(trx, config, before, { ...before, active });
      } catch (error) {
        if (error instanceof AppError) throw new UserStatusError(error.message);
        throw error;
      }
    }
    const after = await repo.setActive(trx, before.id, active);
    if (!active && after.issuer === config.oidcIssuer && config.oidcEmbedded) await repo.endEmbeddedSessions(trx, after.sub);
    const audited = (u: AppUser) => ({ name: u.name, email: u.email, username: u.username, roles: u.roles, active: u.active });
    await recordAudit(trx, CLI_ACTOR, {
      action: 'update',
      entity: 'app_users',
      entityId: after.id,
      before: audited(before),
      after: audited(after),
    });
    return `${label} ${active ? 'reactivado' : 'desactivado'}.`;
  });
}
