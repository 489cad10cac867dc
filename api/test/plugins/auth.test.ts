// Every way a token can be wrong gets 401 with a Spanish message; good tokens pass, also after
// the provider rotates its signing key and within the allowed clock skew.
import { SignJWT } from 'jose';
import { ERROR_CODES } from '@almacen/shared/domain';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// /api/catalog/roles exists once the catalogues module is there; an unknown /api path also
// passes through the same check (its 404 comes only after a valid token).
const PATH = '/api/no-existe';
const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: PATH, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function expectRejected(response: Awaited<ReturnType<typeof get>>) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ message: ERROR_CODES.UNAUTHORIZED.message, code: 'UNAUTHORIZED' });
}

test('a valid token passes the check (the unknown route then answers 404)', async () => {
  const response = await get(bearer(await t.token()));
  expect(response.statusCode).toBe(404);
  expect(response.json().message).toBe('La ruta solicitada no existe.');
});

describe('refused tokens', () => {
  test('no Authorization header', async () => expectRejected(await get()));
  test('a scheme other than Bearer', async () =>
    expectRejected(await get({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` })));
  test('malformed token', async () => expectRejected(await get(bearer('esto.no.es-un-jwt'))));
  test('empty bearer', async () => expectRejected(await get({ authorization: 'Bearer ' })));
  test('expired beyond the 60 s skew', async () => expectRejected(await get(bearer(await t.token({}, { expiresIn: -120 })))));
  test('not valid before a time beyond the 60 s skew', async () =>
    expectRejected(await get(bearer(await t.token({}, { notBefore: 180 })))));
  test('wrong audience', async () => expectRejected(await get(bearer(await t.token({}, { audience: 'otra-api' })))));
  test('wrong issuer', async () => expectRejected(await get(bearer(await t.token({}, { issuer: 'https://otro-emisor.example' })))));
  test('signed with a key the issuer does not publish', async () =>
    expectRejected(await get(bearer(await t.token({}, { key: await t.issuer.unpublishedKey() })))));
  test('an unexpected typ (an ID token or a logout token)', async () =>
    expectRejected(await get(bearer(await t.token({}, { typ: 'logout+jwt' })))));

  test('alg "none" (unsigned)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = { iss: t.issuer.url, aud: 'almacen-api', sub: 'intruso', exp: now + 300, iat: now };
    expectRejected(await get(bearer(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.`)));
  });

  test('HS256 "signed" with the issuer\'s public key (key confusion)', async () => {
    const pem = await t.issuer.publicKeyPem();
    const forged = await new SignJWT({ name: 'Intruso' })
      .setProtectedHeader({ alg: 'HS256', kid: t.issuer.currentKid(), typ: 'JWT' })
      .setIssuer(t.issuer.url)
      .setAudience('almacen-api')
      .setSubject('intruso')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(pem));
    expectRejected(await get(bearer(forged)));
  });

  test('a valid signature over a tampered payload', async () => {
    const [header, , signature] = (await t.token()).split('.');
    const now = Math.floor(Date.now() / 1000);
    const payload = b64url({ iss: t.issuer.url, aud: 'almacen-api', sub: 'admin', exp: now + 300 });
    expectRejected(await get(bearer(`${header}.${payload}.${signature}`)));
  });

  test('a correctly signed token without expiry', async () => expectRejected(await get(bearer(await t.token({}, { expiresIn: null })))));
});

test('tokens within the 60 s clock skew are accepted', async () => {
  expect((await get(bearer(await t.token({}, { expiresIn: -30 })))).statusCode).toBe(404);
  expect((await get(bearer(await t.token({}, { notBefore: 30 })))).statusCode).toBe(404);
});

test('typ "JWT" (most providers) is accepted as well as "at+jwt"', async () => {
  expect((await get(bearer(await t.token({}, { typ: 'JWT' })))).statusCode).toBe(404);
});

test('after the provider rotates its key, tokens with the new key are accepted without a restart', async () => {
  const before = await t.token();
  expect((await get(bearer(before))).statusCode).toBe(404);
  await t.issuer.rotate();
  const after = await t.token();
  expect((await get(bearer(after))).statusCode).toBe(404);
  // The old key is no longer published: its tokens stop working.
  expectRejected(await get(bearer(before)));
});

describe('a token that passed is remembered (its signature is not checked again on every call)', () => {
  // Watched, not replaced: how many RSA signature checks jose asks WebCrypto for.
  const signatureChecks = () => jest.spyOn(globalThis.crypto.subtle, 'verify');
  afterEach(() => jest.restoreAllMocks());

  test('the same token on many calls is checked in full once; another token is checked on its own', async () => {
    const token = await t.token({ sub: 'user-memo' });
    const checks = signatureChecks();
    for (let i = 0; i < 5; i += 1) expect((await get(bearer(token))).statusCode).toBe(404);
    expect(checks).toHaveBeenCalledTimes(1);
    expect((await get(bearer(await t.token({ sub: 'user-otro' })))).statusCode).toBe(404);
    expect(checks).toHaveBeenCalledTimes(2);
  });

  test('a remembered token is still refused once it expires (same 60 s skew)', async () => {
    // Expired 58.5 s ago: accepted for about 1.5 s more.
    const token = await t.token({}, { expiresIn: -58.5 });
    expect((await get(bearer(token))).statusCode).toBe(404);
    expect((await get(bearer(token))).statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expectRejected(await get(bearer(token)));
  });

  test('its signature over another payload is refused; refusals are never remembered', async () => {
    const good = await t.token({ sub: 'user-memo-2' });
    expect((await get(bearer(good))).statusCode).toBe(404);
    const [header, , signature] = good.split('.');
    const now = Math.floor(Date.now() / 1000);
    const tampered = `${header}.${b64url({ iss: t.issuer.url, aud: 'almacen-api', sub: 'admin', exp: now + 300 })}.${signature}`;
    const checks = signatureChecks();
    expectRejected(await get(bearer(tampered)));
    expectRejected(await get(bearer(tampered)));
    expect(checks).toHaveBeenCalledTimes(2);
  });

  test('after the key set is downloaded again, a remembered token is checked in full again', async () => {
    const token = await t.token({ sub: 'user-memo-3' });
    expect((await get(bearer(token))).statusCode).toBe(404);
    const downloads = t.issuer.jwksRequests();
    // A new key (the old one still published): a token signed with it makes the server fetch the JWKS.
    await t.issuer.rotate({ keepOld: true });
    expect((await get(bearer(await t.token({ sub: 'user-nueva-llave' })))).statusCode).toBe(404);
    expect(t.issuer.jwksRequests()).toBeGreaterThan(downloads);
    const checks = signatureChecks();
    expect((await get(bearer(token))).statusCode).toBe(404);
    expect(checks).toHaveBeenCalledTimes(1);
    expect((await get(bearer(token))).statusCode).toBe(404);
    expect(checks).toHaveBeenCalledTimes(1);
  });
});
