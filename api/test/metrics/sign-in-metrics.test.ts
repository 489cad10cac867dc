// The embedded provider's sign-in as /metrics shows it: a refusal of the throttle (idp/throttle.ts)
// counts in almacen_sign_in_refusals_total, and the provider's routes are labelled by template,
// never by the interaction's id or what was typed.
import { ADMIN_PASSWORD, startIdpApp, type IdpApp } from '../idp/idp-app';
import { OidcTestClient } from '../idp/oidc-client';

let t: IdpApp;
beforeAll(async () => {
  t = await startIdpApp();
}, 60_000);
afterAll(() => t.close());

const refusals = async (reason: string) => {
  const text = await (await fetch(`${t.publicUrl}/metrics`)).text();
  return Number(new RegExp(`^almacen_sign_in_refusals_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
};

test('a sign-in refused by the throttle is counted; labels hold no interaction id or username', async () => {
  expect(await refusals('throttle')).toBe(0);
  const c = new OidcTestClient({ publicUrl: t.publicUrl });
  const page = await c.openLoginPage();
  for (let attempt = 1; attempt <= 5; attempt++) {
    expect((await c.submitLogin(page.html, 'admin', `intento-${attempt}`)).response.status).toBe(401);
  }
  expect(await refusals('throttle')).toBe(0);
  expect((await c.submitLogin(page.html, 'admin', ADMIN_PASSWORD)).response.status).toBe(429);
  expect(await refusals('throttle')).toBe(1);
  expect(await refusals('busy')).toBe(0);

  const text = await (await fetch(`${t.publicUrl}/metrics`)).text();
  const uid = /\/interaction\/([^/"?]+)/.exec(page.url)?.[1];
  expect(uid).toEqual(expect.any(String));
  const labels = [...text.matchAll(/="((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
  expect(labels).toContain('/oidc/interaction/:uid/login');
  expect(labels.filter((value) => value.includes(uid!) || /admin|intento/.test(value))).toEqual([]);
});
