// Who the client is, behind a reverse proxy (TRUST_PROXY), over REAL HTTP. The sign-in throttle
// counts failures per address, so the address must be the person's, not the proxy's (behind
// docker compose's nginx every attempt would otherwise share one address: 20 failures of anyone
// would make everyone wait, and anyone could lock a user out again), and it must never be one
// the client picks (X-Forwarded-For from a sender that is not a listed proxy is ignored).
import { addUser } from '../../src/idp/users';
import { startIdpApp, type IdpApp } from '../idp/idp-app';
import { guess, openSignInForm, type Answer } from './sign-in-client';

jest.setTimeout(120_000);

const USER = 'lucia';
const PASSWORD = 'almacen-2024-seguro';
/** The proxy: only this loopback address is listed in TRUST_PROXY. */
const PROXY = '127.0.0.1';
const STRANGER = '127.0.0.3';

let t: IdpApp;

beforeAll(async () => {
  t = await startIdpApp({ env: { TRUST_PROXY: PROXY } });
  await addUser(t.db, { username: USER, name: 'Lucía Hernández', password: PASSWORD });
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await t.db.query('DELETE FROM idp_login_failures');
});

const forwardedFor = (client: string) => ({ 'x-forwarded-for': client });

function expectRefusedToWait(answer: Answer) {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatch(/Demasiados intentos fallidos\. Espera \d+ segundos? e inténtalo de nuevo\./);
}

it('through the listed proxy, each person is counted at their own address: a guesser is slowed, the owner elsewhere gets in', async () => {
  const form = await openSignInForm(t.publicUrl);
  for (let i = 1; i <= 5; i++) {
    expect((await guess(form, USER, `adivinanza-${i}`, PROXY, forwardedFor('198.51.100.7'))).status).toBe(401);
  }
  expectRefusedToWait(await guess(form, USER, PASSWORD, PROXY, forwardedFor('198.51.100.7')));

  // Same proxy, another person: without TRUST_PROXY both would be 127.0.0.1 and she would wait.
  const owner = await guess(form, USER, PASSWORD, PROXY, forwardedFor('203.0.113.9'));
  expect(owner.status).toBe(303);

  const keys = (await t.db.query<{ key: string }>('SELECT key FROM idp_login_failures')).rows.map((row) => row.key);
  expect(keys.some((key) => key.includes('198.51.100.7'))).toBe(true);
  expect(keys.some((key) => key.includes(PROXY))).toBe(false);
});

it('a sender that is not a listed proxy cannot pick its address: a new X-Forwarded-For on every guess is still one address', async () => {
  const form = await openSignInForm(t.publicUrl);
  for (let i = 1; i <= 5; i++) {
    expect((await guess(form, USER, `adivinanza-${i}`, STRANGER, forwardedFor(`198.51.100.${i}`))).status).toBe(401);
  }
  expectRefusedToWait(await guess(form, USER, `adivinanza-6`, STRANGER, forwardedFor('198.51.100.66')));

  const keys = (await t.db.query<{ key: string }>('SELECT key FROM idp_login_failures')).rows.map((row) => row.key);
  expect(keys.some((key) => key.includes(STRANGER))).toBe(true);
  expect(keys.some((key) => key.includes('198.51.100.'))).toBe(false);
});
