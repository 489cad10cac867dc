// Rotating the embedded provider's signing key, as an operator would: `rotate-keys` from the CLI,
// then a restart. The new key signs; tokens signed with the previous one keep working (it stays
// published); a second rotation retires the oldest, and the API refuses what it signed.
import { decodeProtectedHeader } from 'jose';
import { run } from '../../src/cli/users';
import { ADMIN_PASSWORD, SECRETS_KEY, startIdpApp, type IdpApp } from './idp-app';
import { OidcTestClient } from './oidc-client';

jest.setTimeout(120_000);

let current: IdpApp & { database: { url: string; drop(): Promise<void> } };
afterAll(() => current?.close());

const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const published = async () =>
  ((await (await fetch(`${current.publicUrl}/oidc/jwks`)).json()) as { keys: Array<{ kid: string; d?: string }> }).keys;
const apiStatus = async (token: string) =>
  (await fetch(`${current.publicUrl}/api/catalog/product-units`, { headers: { authorization: `Bearer ${token}` } })).status;
const signIn = async () => (await new OidcTestClient({ publicUrl: current.publicUrl }).signIn('admin', ADMIN_PASSWORD)).access_token;

async function rotate(): Promise<string[]> {
  const lines: string[] = [];
  await run(['rotate-keys'], { DATABASE_URL: current.databaseUrl, SECRETS_KEY, LOG_LEVEL: 'silent' }, (line) => lines.push(line));
  return lines;
}

/** The same installation started again: same database, same address (so the same issuer). */
async function restart(): Promise<void> {
  await current.close({ drop: false });
  current = await startIdpApp({ database: current.database, port: Number(new URL(current.publicUrl).port) });
}

test('rotate-keys: the new key signs after a restart, the previous one still verifies, the one before is retired', async () => {
  current = await startIdpApp();
  const first = await signIn();
  const k1 = kidOf(first);
  expect((await published()).map((k) => k.kid)).toEqual([k1]);

  const said = await rotate();
  expect(said[0]).toMatch(/^Llave de firma nueva: [0-9a-f-]{36}\.$/);
  expect(said).toContain(`Sigue publicada para los tokens que ya firmó: ${k1}.`);
  expect(said).toContain('Reinicia cada copia del API para que firme con la llave nueva.');
  await restart();

  const second = await signIn();
  const k2 = kidOf(second);
  expect(k2).not.toBe(k1);
  expect(said[0]).toContain(k2!);
  const keys = await published();
  expect(keys.map((k) => k.kid)).toEqual([k2, k1]);
  expect(keys.every((k) => k.d === undefined)).toBe(true); // public halves only
  expect(await apiStatus(second)).toBe(200);
  expect(await apiStatus(first)).toBe(200); // signed before the rotation, still valid

  const again = await rotate();
  expect(again).toContain(`Retirada (sus tokens ya no se aceptan): ${k1}.`);
  await restart();
  expect((await published()).map((k) => k.kid)).not.toContain(k1);
  expect(await apiStatus(first)).toBe(401);
  expect(await apiStatus(second)).toBe(200);
  expect(await apiStatus(await signIn())).toBe(200);
});
