// Attacks on the embedded provider's sign-in and token endpoints over REAL HTTP, each request on
// its own connection so they really run at the same time, from several loopback addresses
// (127.0.0.x: the API trusts no proxy, so the client address is the socket's):
//   * 200 simultaneous guesses at one user from one address → at most 5 passwords are checked;
//   * 80 usernames at once from one address → at most 20 checked;
//   * a burst of 300 sign-ins does not stall static files and the API (password hashing shares
//     Node's 4 worker threads with file reads and compression, so it is bounded);
//   * wrong passwords from one address do not lock the owner out from another; guesses spread
//     over several addresses slow the username down instead of locking it;
//   * an authorization code or a refresh token redeemed 10 times at once works once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BAD_CREDENTIALS } from '../../src/idp';
import { addUser } from '../../src/idp/users';
import { startIdpApp, type IdpApp } from '../idp/idp-app';
import { OidcTestClient, type TokenSet } from '../idp/oidc-client';
import { guess, openSignInForm, send, type Answer } from './sign-in-client';

// Hundreds of scrypt hashes on a shared 2-core machine (before the fixes, all of them).
jest.setTimeout(180_000);

const USER = 'lucia';
const PASSWORD = 'almacen-2024-seguro';
const WAIT_MESSAGE = /Demasiados intentos fallidos\. Espera \d+ segundos? e inténtalo de nuevo\./;
const BUSY_MESSAGE = 'Hay muchos inicios de sesión en este momento. Espera unos segundos e inténtalo de nuevo.';

let t: IdpApp;
let staticRoot: string;

beforeAll(async () => {
  staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-login-attacks-'));
  fs.mkdirSync(path.join(staticRoot, 'shell/dist'), { recursive: true });
  fs.writeFileSync(
    path.join(staticRoot, 'shell/dist/index.html'),
    '<!doctype html><html lang="es-MX"><body><div id="root"></div></body></html>',
  );
  // A chunk big enough to be read from disk and compressed on the worker threads.
  const lines = Array.from({ length: 6000 }, (_, i) => `export const fila${i} = ${JSON.stringify(`producto ${i} ${(i * 7919) % 10007}`)};`);
  fs.writeFileSync(path.join(staticRoot, 'shell/dist/main.0123abcd45.js'), lines.join('\n'));
  // The account calls the API afterwards: it needs a role, given by ADMIN_USERS.
  t = await startIdpApp({ env: { STATIC_ROOT: staticRoot, ADMIN_USERS: `admin,${USER}` } });
  await addUser(t.db, { username: USER, name: 'Lucía Hernández', password: PASSWORD });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(staticRoot, { recursive: true, force: true });
});

beforeEach(async () => {
  await t.db.query('DELETE FROM idp_login_failures');
});

const openForm = () => openSignInForm(t.publicUrl);

const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

function expectRefusedToWait(answer: Answer) {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.body).toMatch(WAIT_MESSAGE);
}

describe('password guessing', () => {
  it('200 simultaneous guesses at one user from one address: at most 5 passwords are checked, the rest are told to wait', async () => {
    const form = await openForm();
    const right = Math.floor(Math.random() * 200);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => guess(form, USER, i === right ? PASSWORD : `adivinanza-${i}`, '127.0.0.2')),
    );
    // A 401 is a wrong password that was checked; a 303 is the right one, checked and let in.
    expect(count(answers, 401)).toBeLessThanOrEqual(5);
    expect(count(answers, 401)).toBeGreaterThan(0);
    for (const [i, answer] of answers.entries()) {
      if (answer.status === 401) expect(answer.body).toContain(BAD_CREDENTIALS);
      else if (i === right && answer.status === 303) expect(answer.headers.location).toMatch(/\/oidc\/auth\//);
      else expectRefusedToWait(answer);
    }
    // Still locked for that address: the right password is not even checked.
    expectRefusedToWait(await guess(form, USER, PASSWORD, '127.0.0.2'));
  });

  it('80 usernames at once from one address: at most 20 passwords are checked', async () => {
    const form = await openForm();
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => guess(form, `usuario${i}`, 'adivinanza', '127.0.0.3')));
    expect(count(answers, 401)).toBeLessThanOrEqual(20);
    expect(count(answers, 401)).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.status !== 401)) {
      expect(answer.status).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      // Told to wait by the address's limit, or shed because too many checks were queued.
      expect(WAIT_MESSAGE.test(answer.body) || answer.body.includes(BUSY_MESSAGE)).toBe(true);
    }
  });

  it('wrong passwords from one address do not lock the owner out from another', async () => {
    const form = await openForm();
    for (let i = 1; i <= 5; i++) expect((await guess(form, USER, `adivinanza-${i}`, '127.0.0.4')).status).toBe(401);
    expectRefusedToWait(await guess(form, USER, PASSWORD, '127.0.0.4'));

    const owner = await guess(form, USER, PASSWORD, '127.0.0.5');
    expect(owner.status).toBe(303);
  });

  it('guesses spread over several addresses slow the username down instead of locking it', async () => {
    const form = await openForm();
    // 11 failures from three addresses: past the username's 10 free ones.
    for (const [from, tries] of [
      ['127.0.0.6', 5],
      ['127.0.0.7', 5],
      ['127.0.0.8', 1],
    ] as const) {
      for (let i = 1; i <= tries; i++) expect((await guess(form, USER, `adivinanza-${from}-${i}`, from)).status).toBe(401);
    }
    // The owner, from a fourth address, waits for the username's next turn and gets in.
    const owner = await guess(form, USER, PASSWORD, '127.0.0.9');
    expect(owner.status).toBe(303);
    expect(owner.ms).toBeGreaterThan(2000);
  });
});

describe('a burst of sign-ins', () => {
  it('does not stall static files and the API while passwords are hashed', async () => {
    const { access_token: token } = await new OidcTestClient({ publicUrl: t.publicUrl }).signIn(USER, PASSWORD);
    await t.db.query('DELETE FROM idp_login_failures');

    const probe = async () => {
      const started = performance.now();
      const answers = await Promise.all([
        send(`${t.publicUrl}/main.0123abcd45.js`, { headers: { 'accept-encoding': 'gzip' } }),
        send(`${t.publicUrl}/config.json`, { headers: { 'accept-encoding': 'gzip' } }),
        send(`${t.publicUrl}/api/catalog/products`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } }),
      ]);
      for (const answer of answers) expect(answer.status).toBe(200);
      expect(answers[0].headers['content-encoding']).toBe('gzip');
      return performance.now() - started;
    };
    // 300 sign-ins at once from 100 addresses (3 usernames each: no throttle applies to them);
    // once the first answers are back, the portal's files and the API are asked for.
    const burstWhileProbing = async (password: string) => {
      const form = await openForm();
      let answered = 0;
      const burst = Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          guess(form, `rafaga-${i}`, password, `127.0.1.${10 + (i % 100)}`).then((answer) => {
            answered++;
            return answer;
          }),
        ),
      );
      while (answered < 8) await new Promise((resolve) => setTimeout(resolve, 10));
      const during = await probe();
      return { during, answers: await burst };
    };

    // The same burst without passwords (answered 400 before any hash) is the yardstick: it costs
    // the server everything but the hashing, on this machine at this moment.
    const plain = await burstWhileProbing('');
    expect(count(plain.answers, 400)).toBe(300);
    const signIns = await burstWhileProbing('adivinanza');

    // Unbounded, the probe would wait behind every queued hash on the worker threads.
    expect(signIns.during).toBeLessThan(3 * plain.during + 1000);
    expect(count(signIns.answers, 401)).toBeGreaterThan(0);
    for (const answer of signIns.answers.filter((a) => a.status !== 401)) {
      expect(answer.status).toBe(429);
      expect(answer.body).toContain(BUSY_MESSAGE);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

describe('one-time credentials redeemed at once', () => {
  const tokenRequest = (form: Record<string, string>) =>
    send(`${t.publicUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });

  it('an authorization code sent 10 times at once yields tokens once, and the race ends the grant', async () => {
    const client = new OidcTestClient({ publicUrl: t.publicUrl });
    const page = await client.openLoginPage();
    const { code } = await client.submitLogin(page.html, USER, PASSWORD);
    expect(code).toBeDefined();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        tokenRequest({
          grant_type: 'authorization_code',
          code: code!,
          redirect_uri: client.redirectUri,
          client_id: client.clientId,
          code_verifier: client.verifier,
        }),
      ),
    );
    expect(count(answers, 200)).toBe(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_grant' });
    }
    // As for a code used twice in a row: whoever raced for it, no refresh chain survives.
    const winner = JSON.parse(answers.find((a) => a.status === 200)!.body) as TokenSet;
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: winner.refresh_token!, client_id: client.clientId });
    expect(refresh.status).toBe(400);
  });

  it('a refresh token sent 10 times at once is renewed once, and the race ends the grant', async () => {
    const client = new OidcTestClient({ publicUrl: t.publicUrl });
    const tokens = await client.signIn(USER, PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: client.clientId }),
      ),
    );
    expect(count(answers, 200)).toBe(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_grant' });
    }
    const winner = JSON.parse(answers.find((a) => a.status === 200)!.body) as TokenSet;
    const next = await tokenRequest({ grant_type: 'refresh_token', refresh_token: winner.refresh_token!, client_id: client.clientId });
    expect(next.status).toBe(400);
  });
});
