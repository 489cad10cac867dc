// Every page of the portal and its main dialogs, as a list of stops a person reaches signed in as
// admin: the accessibility pass (accessibility.test.ts) and `npm run screenshots`
// (e2e/scripts/screenshots.ts) walk the same list, so neither can forget a page the other sees.
// A stop opens its address itself (on a phone the side menu folds away) and waits until its content
// or dialog is on screen; a dialog is left open for the caller to check or photograph.
import type { Locator, Page } from 'playwright-core';
import { choose } from './catalog-ui';
import { baseUrl } from './env';
import { AREAS } from './portal';
import { apiClient, createDispatch, createInvoice, createPeople, createProduct, today, uniqueTag, type People } from './seed';

/** A little data, through the API, so tables, detail rows and the dialogs have something to show. */
export interface TourData {
  tag: string;
  people: People;
  category: { id: number; description: string };
  paper: { id: number; name: string };
  dispatch: { id: number };
  count: { id: number };
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
  // The tour's partida has a product, so a count of that partida alone can be created.
  await api('/api/catalog/products', { method: 'PUT', body: { id: paper.id, name: paper.name, categoryId: category.id } });
  await createInvoice(api, people, `FC-${tag}`, [
    { productId: paper.id, quantity: '20', price: '95.50' },
    { productId: pens.id, quantity: '100', price: '4.20' },
  ]);
  const dispatch = await createDispatch(api, people, [
    { productId: paper.id, quantity: '3', observations: `Dirección ${tag}` },
    { productId: pens.id, quantity: '10' },
  ]);
  const count = await api<{ id: number }>('/api/inventory-counts', {
    method: 'POST',
    body: { cutoffDate: today(), description: `Conteo de ${tag}` },
  });
  return { tag, people, category, paper, dispatch, count };
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
  { title: 'Almacenes', path: '/dashboard/admin/warehouses', heading: /^Almacenes$/ },
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
    slug: 'dialogo-imprimir-etiquetas',
    title: 'Diálogo «Imprimir etiquetas» (Productos → Imprimir etiquetas)',
    async visit(page) {
      await openPage(page, '/dashboard/catalogs/products', /^Productos$/);
      await main(page).getByRole('button', { name: 'Imprimir etiquetas', exact: true }).click();
      return openDialog(page, page.getByRole('dialog', { name: 'Imprimir etiquetas' }));
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

const fullName = (employee: { name: string; lastName: string }) => `${employee.name} ${employee.lastName}`;

/** Steps 1 and 2 of a wizard with one line of `data.paper`, then its summary (step 3). */
async function wizardSummary(page: Page, data: TourData, kind: 'entry' | 'exit'): Promise<Locator> {
  const entry = kind === 'entry';
  await openPage(page, entry ? '/dashboard/invoices/generate' : '/dashboard/dispatches/generate');
  const header = page.getByRole('group', { name: entry ? 'Datos de la factura' : 'Datos de la salida' });
  const [first, second, third] = data.people.employees.map(fullName);
  if (entry) {
    await choose(header, 'Tienda de procedencia', data.people.supplier.name, data.tag);
    await header.getByRole('textbox', { name: 'Número de factura' }).fill(`TOUR-${data.tag}`);
    await choose(header, 'Tipo de entrada', 'Compra directa', 'Compra');
    await choose(header, 'Director del plantel', first!, data.tag);
    await choose(header, 'Elaborador', second!, `Elena ${data.tag}`);
  } else {
    await choose(header, 'Responsable del área solicitante', first!, `Dora ${data.tag}`);
    await choose(header, 'Solicitante', second!, `Elena ${data.tag}`);
  }
  await choose(header, 'Almacenista', third!, `Alma ${data.tag}`);
  await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();
  await page.getByRole('group', { name: 'Lista de productos' }).waitFor();
  await page.getByRole('button', { name: 'Añadir un producto', exact: true }).click();
  const line = page.getByRole('group', { name: 'Producto 1' });
  await choose(line, 'Producto', data.paper.name, data.tag);
  await line.getByRole('textbox', { name: 'Cantidad' }).fill('2');
  if (entry) await line.getByRole('textbox', { name: 'Precio del artículo' }).fill('95.50');
  await page.getByRole('button', { name: entry ? 'Ver resumen de entrada' : 'Ver resumen de salida', exact: true }).click();
  const region = main(page).getByRole('table', { name: entry ? 'Productos de la factura' : 'Productos de la salida' });
  await region.waitFor({ state: 'visible' });
  await page.waitForTimeout(300);
  return region;
}

/** A catalogue's import preview: a chosen CSV, or the partidas of the classifier. */
async function importPreview(page: Page, path: string, heading: RegExp, csv: string | null): Promise<Locator> {
  await openPage(page, path, heading);
  if (csv === null) {
    await main(page).getByRole('button', { name: 'Cargar partidas del clasificador', exact: true }).click();
  } else {
    await main(page)
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'productos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  }
  return openDialog(page, page.getByRole('dialog').filter({ has: page.getByRole('table', { name: 'Vista previa de la importación' }) }));
}

const states: Stop[] = [
  {
    slug: 'conteo',
    title: 'Conteo (Conteos → un conteo abierto)',
    async visit(page, data) {
      await openPage(page, `/dashboard/stock/counts/${data.count.id}`);
      await main(page).getByRole('table', { name: 'Líneas del conteo' }).waitFor({ state: 'visible' });
    },
  },
  {
    slug: 'dialogo-nuevo-conteo',
    title: 'Diálogo «Nuevo conteo» (Conteos)',
    async visit(page) {
      await openPage(page, '/dashboard/stock/counts');
      await main(page).getByRole('button', { name: 'Nuevo conteo', exact: true }).click();
      return openDialog(page, page.getByRole('dialog', { name: 'Nuevo conteo' }));
    },
  },
  {
    slug: 'vista-previa-productos',
    title: 'Vista previa de la importación de productos (Productos → Importar)',
    visit: (page, data) =>
      importPreview(
        page,
        '/dashboard/catalogs/products',
        /^Productos$/,
        [
          'ID,Nombre,Unidad,Partida,Existencia mínima,Existencia máxima',
          `,Carpeta de argollas tamaño carta con tres anillos y bolsillo interior ${data.tag},,,2,10`,
          `,Marcador permanente de punta fina color negro para pizarrón ${data.tag},Unidad que no existe ${data.tag},,,`,
        ].join('\n'),
      ),
  },
  {
    slug: 'vista-previa-partidas',
    title: 'Vista previa de las partidas del clasificador (Partidas)',
    visit: (page) => importPreview(page, '/dashboard/catalogs/categories', /^Partidas$/, null),
  },
  {
    slug: 'resumen-entrada',
    title: 'Resumen de entrada (Generar entrada, paso 3)',
    visit: (page, data) => wizardSummary(page, data, 'entry'),
  },
  {
    slug: 'resumen-salida',
    title: 'Resumen de salida (Generar salida, paso 3)',
    visit: (page, data) => wizardSummary(page, data, 'exit'),
  },
  {
    slug: 'aviso',
    title: 'Un aviso en pantalla (Conteos → Nuevo conteo → Crear conteo)',
    async visit(page, data) {
      await openPage(page, '/dashboard/stock/counts');
      await main(page).getByRole('button', { name: 'Nuevo conteo', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo conteo' });
      await dialog.getByRole('textbox', { name: /^Descripción/ }).fill(`Aviso ${data.tag} ${Date.now()}`);
      // Only the tour's partida: a small count, whatever else the server holds.
      await dialog.getByRole('checkbox', { name: data.category.description, exact: true }).check();
      await dialog.getByRole('button', { name: 'Crear conteo', exact: true }).click();
      // «Conteo creado.», shown over the count that opens.
      const toast = page.locator('.fui-Toast').filter({ hasText: 'Conteo creado.' }).first();
      await toast.waitFor({ state: 'visible' });
      // Checked at rest: while it fades in, its text is part-transparent and axe measures that.
      await toast.evaluate((element) =>
        Promise.all(
          [element, ...element.querySelectorAll('*'), element.parentElement ?? element]
            .flatMap((e) => e.getAnimations())
            .map((a) => a.finished),
        ),
      );
      await page.waitForTimeout(300);
    },
  },
];

/** On a phone, the menu folded over the page. */
export const DRAWER_STOP: Stop = {
  slug: 'menu-abierto',
  title: 'Menú abierto (teléfono)',
  async visit(page) {
    await openPage(page, '/dashboard');
    await page.getByRole('button', { name: 'Abrir menú', exact: true }).click();
    return openDialog(page, page.getByRole('dialog', { name: 'Menú' }));
  },
};

/** Every page (Inicio, each menu entry, Cierres de periodo, Usuarios, Bitácora), then the main dialogs and states. */
export const STOPS: Stop[] = [
  ...pages.map(({ title, path, heading }) => ({
    slug: slugOf(title),
    title,
    visit: (page: Page) => openPage(page, path, heading),
  })),
  ...dialogs,
  ...states,
].map((stop, index) => ({ ...stop, slug: `${String(index + 1).padStart(2, '0')}-${stop.slug}` }));
