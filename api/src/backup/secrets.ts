// The embedded identity provider's keys and the backups. idp_secrets goes into a backup as stored,
// encrypted with SECRETS_KEY or DATA_DIR/secrets.key, and that key never goes into one (a stolen
// backup yields no key material). Restored where that key is not, the keys cannot be opened and
// the server refuses to start (idp/secrets.ts never makes new keys on its own). Two ways out: put
// the original key in place, or, if it is lost, `npm run users -w @almacen/api -- rotate-keys
// --lost-key`, which replaces the unreadable keys with new ones (everyone signs in again; accounts,
// passwords and data are untouched).
import type { Db } from '../db/pool';
import { loadCookieKeys, loadSigningKeys, SecretsKeyError, type SecretsConfig } from '../idp/secrets';

export class LostKeyRefusal extends Error {}

/** Why the stored keys cannot be opened with this installation's key; null when they can (or there are none). */
export async function unopenableSecrets(db: Db, config: SecretsConfig): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM idp_secrets');
  try {
    // Only the rows present: nothing is created by looking.
    if (rows.some((r) => r.name === 'jwks')) await loadSigningKeys(db, config);
    if (rows.some((r) => r.name === 'cookie_keys')) await loadCookieKeys(db, config);
    return null;
  } catch (error) {
    if (error instanceof SecretsKeyError) return error.message;
    throw error;
  }
}

/** What the restore says when the restored keys cannot be opened here. */
export const lostKeyAdvice = (problem: string) =>
  'Aviso: el respaldo no contiene la llave de los secretos (SECRETS_KEY o DATA_DIR/secrets.key) y la de esta instalación no abre ' +
  'las llaves del proveedor de identidad incluido que trae: así el servidor no arranca.\n' +
  '  - Con la llave original: copia su archivo secrets.key al DATA_DIR de esta instalación (0600) o define SECRETS_KEY con ella, y arranca.\n' +
  '  - Si se perdió: npm run users -w @almacen/api -- rotate-keys --lost-key crea llaves nuevas (todas las sesiones se cierran y cada ' +
  'persona vuelve a iniciar sesión; las cuentas, contraseñas y datos no cambian).\n' +
  `Detalle: ${problem}`;

/**
 * Replaces keys that this installation's key cannot open with new ones sealed with it, and returns
 * the new signing key's id. Refused when the keys open: a misconfigured copy must not replace
 * the keys every other copy reads.
 */
export async function replaceLostSecrets(db: Db, config: SecretsConfig): Promise<string> {
  if ((await unopenableSecrets(db, config)) === null) {
    throw new LostKeyRefusal(
      'Las llaves del proveedor de identidad se abren con la llave de esta instalación: no hay ninguna perdida. ' +
        'Para cambiar la llave de firma usa rotate-keys sin --lost-key.',
    );
  }
  await db.query('DELETE FROM idp_secrets');
  const { keys } = await loadSigningKeys(db, config);
  await loadCookieKeys(db, config);
  return keys[0].kid;
}
