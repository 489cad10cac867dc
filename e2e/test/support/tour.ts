// Every page of the portal and its main dialogs, as a list of stops a person reaches signed in as
// admin (issue #14): the accessibility pass (accessibility.test.ts) and `npm run screenshots`
// (e2e/scripts/screenshots.ts) walk the same list, so neither can forget a page the other sees.
// A stop opens its address itself (on a phone the side menu folds away) and waits until its content
// or dialog is on screen; a dialog is left open for the caller to check or photograph.
import type { Locator, Page } from 'playwright-core';
import { baseUrl } from './env';
import { AREAS } from './portal';
import { apiClient, createDispatch, createInvoice, createPeople, createProduct, uniqueTag } from './seed';

/** A little data, through the API, so tables, detail rows and the dialogs have something to show. */
export interface TourData {
  tag: string;
  category: { id: number; description: string };
  dispatch: { id: number };
}

export async function seedTour(): Promise<TourData> {
  const api = await apiClient();
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const category = await api<{ id: number; description: string }>('/api/catalog/product-categories', {
    method: 'POST',
    body: { description: `Papelería ${tag}` },
  });
  const paper = await createProduct(api, `Hojas blancas tamaño carta ${tag}`);
  const pens = await createProduct(api, `Bolígrafo azul ${tag}`);
  await createInvoice(api, people, `FC-${tag}`, [
    { productId: paper.id, quantity: '20', price: '95.50' },
    { productId: pens.id, quantity: '100', price: '4.20' },
  ]);
  const dispatch = await createDispatch(api, people, [
    { productId: paper.id, quantity: '3', observations: `Dirección ${tag}` },
    { productId: pens.id, quantity: '10' },
  ]);
  return { tag, category, dispatch };
}

export interface Stop {
  /** File-name friendly: "01-inicio". */
  slug: string;
  /** What a person would call it: "Productos", "Diálogo «Nueva partida»". */
  title: string;
  /** Opens the stop; for a dialog, returns it (open). */
  visit(page: Page, data: TourData): Promise<Locator | void>;
}

const main = (page: Page) => page.locator('main');

/** Opens `path` and waits for the main area's level-1 heading and the data it asked for. */
async function openPage(page: Page, path: string, heading?: RegExp): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await main(page).getByRole('heading', { level: 1, name: heading }).first().waitFor({ state: 'visible' });
  // Tables load after the heading; a busy machine may keep a request open, so this waits a while only.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // Fluent's enter animations (dialogs, menus) last ~250 ms.
  await page.waitForTimeout(300);
}

const slugOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const pages: Array<{ title: string; path: string; heading?: RegExp }> = [
  { title: 'Inicio', path: '/dashboard' },
  ...AREAS.map((area) => ({ title: area.label, path: area.path, heading: area.heading })),
  { title: 'Cierres de periodo', path: '/dashboard/stock/closings' },
  { title: 'Usuarios', path: '/dashboard/admin/users', heading: /^Usuarios$/ },
  { title: 'Bitácora', path: '/dashboard/admin/audit', heading: /^Bitácora$/ },
];

async function openDialog(page: Page, dialog: Locator): Promise<Locator> {
  await dialog.waitFor({ state: 'visible' });
  await page.waitForTimeout(300);
  return dialog;
}

const dialogs: Stop[] = [
  {
    slug: 'dialogo-anadir-partida',
    title: 'Diálogo «Nueva partida» (Partidas → Añadir partida)',
    async visit(page) {
      await openPage(page, '/dashboard/catalogs/categories', /^Partidas$/);
      await main(page).getByRole('button', { name: 'Añadir partida', exact: true }).click();
      return openDialog(page, page.getByRole('dialog', { name: 'Nueva partida' }));
    },
  },
  {
    slug: 'dialogo-eliminar-partida',
    title: 'Confirmación «¿Realmente deseas hacer esto?» (Partidas → Eliminar partida)',
    async visit(page, data) {
      await openPage(page, '/dashboard/catalogs/categories', /^Partidas$/);
      await main(page).getByRole('searchbox', { name: 'Buscar' }).first().fill(data.tag);
      const row = main(page)
        .getByRole('table', { name: 'Partidas', exact: true })
        .locator('tbody tr')
        .filter({ hasText: data.category.description });
      await row.getByRole('button', { name: /^Acciones/ }).click();
      await page.getByRole('menuitem', { name: 'Eliminar partida', exact: true }).click();
      return openDialog(page, page.getByRole('alertdialog', { name: '¿Realmente deseas hacer esto?' }));
    },
  },
  {
    slug: 'dialogo-cancelar-salida',
    title: 'Diálogo «Cancelar salida» (Historial de salidas → detalle)',
    async visit(page, data) {
      await openPage(page, '/dashboard/dispatches/history', /^Historial de salidas$/);
      const history = main(page).getByRole('table', { name: 'Salidas', exact: true });
      const row = history
        .locator(':scope > tbody > tr[aria-rowindex]')
        .filter({ has: page.locator(':scope > td').getByText(String(data.dispatch.id), { exact: true }) });
      await row.getByRole('button', { name: 'Expandir fila' }).click();
      await main(page).getByRole('button', { name: 'Cancelar salida', exact: true }).click();
      return openDialog(page, page.getByRole('dialog', { name: `Cancelar salida ${data.dispatch.id}` }));
    },
  },
];

/** Every page (Inicio, each menu entry, Cierres de periodo, Usuarios, Bitácora), then the main dialogs. */
export const STOPS: Stop[] = [
  ...pages.map(({ title, path, heading }) => ({
    slug: slugOf(title),
    title,
    visit: (page: Page) => openPage(page, path, heading),
  })),
  ...dialogs,
].map((stop, index) => ({ ...stop, slug: `${String(index + 1).padStart(2, '0')}-${stop.slug}` }));
