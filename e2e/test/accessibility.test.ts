// axe-core on every page of the portal, its dialogs and the states a person reaches (support/tour.ts:
// the count sheet, each import preview, the wizards' summaries, a toast on screen; on a phone the
// menu open too), signed in as admin, at 1280×800 and 390×844; and every page as a person of each
// other access role sees it. No serious or critical violation may remain; a failure lists each one
// as "rule (impact) target — help [element]".
import type { Browser, Page } from 'playwright-core';
import type { AccessRole, NewUserResult } from '../../shared/src/domain/access';
import { seriousViolations } from './support/axe';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn, type Viewport } from './support/browser';
import { apiClient } from './support/seed';
import { DRAWER_STOP, seedTour, STOPS, type Stop, type TourData } from './support/tour';

let browser: Browser;
let data: TourData;
beforeAll(async () => {
  browser = await launchBrowser();
  data = await seedTour();
});
afterAll(async () => {
  await browser?.close();
});

describe.each<[string, Viewport]>([
  ['1280×800', DESKTOP],
  ['390×844', PHONE],
])('as admin at %s', (size, viewport) => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await newPage(browser, viewport));
    await signIn(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  const stops: Stop[] = viewport === PHONE ? [...STOPS, DRAWER_STOP] : STOPS;
  it.each(stops.map((stop) => [stop.title, stop] as const))('%s has no serious or critical axe violation', async (_title, stop) => {
    await stop.visit(page, data);
    await screenshot(page, `accessibility-${stop.slug}-${size.split('×')[0]}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

// The pages each role reaches (the administrator's above): what they do not see is not drawn, and
// what is drawn instead (the 403 message, a menu without entries) must pass too.
const PAGES_BY_ROLE = STOPS.filter(
  (stop) => !/Diálogo|Confirmación|Vista previa|Resumen|aviso|Conteo \(|Usuarios|Bitácora/.test(stop.title),
);
describe.each<[AccessRole, string, Viewport]>([
  ['CONSULTA', '1280×800', DESKTOP],
  ['CONSULTA', '390×844', PHONE],
  ['ALMACENISTA', '1280×800', DESKTOP],
  ['ALMACENISTA', '390×844', PHONE],
  ['AUTORIZADOR', '1280×800', DESKTOP],
  ['AUTORIZADOR', '390×844', PHONE],
])('as %s at %s', (role, size, viewport) => {
  let page: Page;
  beforeAll(async () => {
    const admin = await apiClient();
    const username = `a11y-${role.toLowerCase()}-${size.split('×')[0]}-${Date.now() % 100_000}`;
    const { password } = await admin<NewUserResult>('/api/users', {
      method: 'POST',
      body: { username, name: `Carla Ortiz ${role.toLowerCase()}`, email: `${username}@escuela.example.mx`, roles: [role] },
    });
    ({ page } = await newPage(browser, viewport));
    await signIn(page, username, password);
    // A page this role may not use shows its message instead of the heading a stop waits for.
    page.setDefaultTimeout(8_000);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it.each(PAGES_BY_ROLE.map((stop) => [stop.title, stop] as const))('%s has no serious or critical axe violation', async (_title, stop) => {
    await stop.visit(page, data).catch(() => undefined);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
