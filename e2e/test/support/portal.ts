// What the portal looks like to a person: the side navigation and each area's heading.
import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { baseUrl } from './env';

export interface AreaVisit {
  /** Side navigation group to open first (Catálogos, Entradas, Salidas, Solicitudes). */
  group?: string;
  label: string;
  path: string;
  remote: 'mf-catalogs' | 'mf-invoices' | 'mf-dispatches' | 'mf-stock' | 'mf-requests';
  /** The page's heading (level 1). */
  heading: RegExp;
}

export const AREAS: AreaVisit[] = [
  { group: 'Catálogos', label: 'Empleados', path: '/dashboard/catalogs/employees', remote: 'mf-catalogs', heading: /^Empleados$/ },
  { group: 'Catálogos', label: 'Partidas', path: '/dashboard/catalogs/categories', remote: 'mf-catalogs', heading: /^Partidas$/ },
  { group: 'Catálogos', label: 'Productos', path: '/dashboard/catalogs/products', remote: 'mf-catalogs', heading: /^Productos$/ },
  { group: 'Catálogos', label: 'Proveedores', path: '/dashboard/catalogs/suppliers', remote: 'mf-catalogs', heading: /^Proveedores$/ },
  { group: 'Catálogos', label: 'Roles', path: '/dashboard/catalogs/roles', remote: 'mf-catalogs', heading: /^Roles$/ },
  { group: 'Catálogos', label: 'Unidades', path: '/dashboard/catalogs/units', remote: 'mf-catalogs', heading: /^Unidades/ },
  {
    group: 'Entradas',
    label: 'Generar entrada de productos',
    path: '/dashboard/invoices/generate',
    remote: 'mf-invoices',
    heading: /^Nueva factura$/,
  },
  {
    group: 'Entradas',
    label: 'Consultar historial de entradas',
    path: '/dashboard/invoices/history',
    remote: 'mf-invoices',
    heading: /^Historial de entradas$/,
  },
  {
    group: 'Salidas',
    label: 'Generar salida de productos',
    path: '/dashboard/dispatches/generate',
    remote: 'mf-dispatches',
    heading: /^Nueva salida$/,
  },
  {
    group: 'Salidas',
    label: 'Consultar historial de salidas',
    path: '/dashboard/dispatches/history',
    remote: 'mf-dispatches',
    heading: /^Historial de salidas$/,
  },
  { label: 'Stock de productos', path: '/dashboard/stock', remote: 'mf-stock', heading: /^Stock de productos$/ },
  { group: 'Solicitudes', label: 'Mis solicitudes', path: '/dashboard/requests', remote: 'mf-requests', heading: /^Mis solicitudes$/ },
];

export const navigation = (page: Page) => page.getByRole('navigation').first();

/** How long a click on a menu entry may take to change the address before it is clicked again. */
const CLICK_NAVIGATES_WITHIN_MS = 10_000;

/** Clicks `area`'s menu entry, opening its group first when it is closed. */
async function clickMenuEntry(page: Page, area: AreaVisit): Promise<void> {
  const nav = navigation(page);
  const link = nav.getByRole('link', { name: area.label, exact: true });
  if (area.group && !(await link.isVisible())) {
    await nav.getByText(area.group, { exact: true }).click();
    // The group opens with an animation; click the entry once it is really there.
    await link.waitFor({ state: 'visible' });
  }
  await link.click();
}

/** Opens `area` from the side navigation (expanding its group when closed). */
export async function openFromNavigation(page: Page, area: AreaVisit): Promise<void> {
  // The router keeps the page it leaves on screen while the next one (a remote's lazy module)
  // loads: remember the heading shown now and wait until it has given way (removed, or the same
  // element now saying something else) — unless the link leads where the page already is.
  const target = `${baseUrl()}${area.path}`;
  // A page just opened may not have drawn its heading yet: wait for it (or for the error of an
  // area that could not load), or the heading read after the click could still be the one of the
  // page being left.
  let leaving = null;
  if (page.url() !== target) {
    await page.waitForSelector('main h1, main [role="alert"]');
    leaving = await page.$('main h1');
  }
  const leavingText = leaving ? await leaving.textContent() : null;
  await clickMenuEntry(page, area);
  try {
    await page.waitForURL(target, { timeout: CLICK_NAVIGATES_WITHIN_MS });
  } catch {
    // Once in a CI run (never here in a loop of the same test), a click Playwright reported as
    // done left the address where it was. Leave what the page showed in the log and artifacts,
    // then click once more as a person would (its group opened again if it had closed); a link
    // that never navigates still fails below.
    const file = await screenshot(page, `navigation-not-followed-${Date.now()}`);
    console.warn(
      `"${area.label}" pulsado, pero la dirección siguió en ${page.url()} durante ${CLICK_NAVIGATES_WITHIN_MS} ms; otro clic (captura: ${file})`,
    );
    await clickMenuEntry(page, area);
    await page.waitForURL(target);
  }
  if (leaving) {
    await page.waitForFunction(([heading, text]) => !heading.isConnected || heading.textContent !== text, [leaving, leavingText] as const);
    await leaving.dispose();
  }
}

/** The level-1 heading of the main area, once it is shown. */
export async function areaHeading(page: Page): Promise<string> {
  const heading = page.locator('main').getByRole('heading', { level: 1 }).first();
  await heading.waitFor({ state: 'visible' });
  return (await heading.textContent())?.trim() ?? '';
}

/** "Cerrar sesión" from the account menu. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Cuenta de / }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
}
