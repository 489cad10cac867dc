// The tables and the layout in a real browser at 1280×800 and 390×844, checking
// what a person can SEE:
// - the tables of "Productos" and "Stock de productos" fit their container (no sideways scroll),
//   their "Acciones" column / row menu and the expander are in sight, and opening a row's menu
//   does not scroll ID and Nombre away; on a phone the priority columns (ID, Nombre) stay;
// - the Partida and Unidad filters of the stock page fit their columns;
// - the movements under an entry and in the stock panel show the product's name beside its ID;
// - every area starts its content at the same left edge (the title does not jump);
// - a selected side-menu sub-item shows the same bar as a selected top-level item;
// - the date input is as tall as the other fields, and fields in a row line up;
// - the summary table of the entry wizard (step 3) has no cells on top of each other at 390 px.
import type { Browser, Locator } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn, type Viewport } from './support/browser';
import { choose, main, rowWith, search, table } from './support/catalog-ui';
import { baseUrl } from './support/env';
import { AREAS } from './support/portal';
import { apiClient, createInvoice, createPeople, createProduct, uniqueTag, type ApiClient, type People } from './support/seed';
import { expectInView, expectVisible } from './support/visibility';

let browser: Browser;
let api: ApiClient;
beforeAll(async () => {
  browser = await launchBrowser();
  api = await apiClient();
});
afterAll(async () => {
  await browser?.close();
});

interface Seed {
  tag: string;
  people: People;
  product: { id: number; name: string };
  invoice: { id: number; number: string };
}

/** A product with a long name, a long partida and a unit, in stock (so it has movements). */
async function seed(): Promise<Seed> {
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const category = await api<{ id: number }>('/api/catalog/product-categories', {
    method: 'POST',
    body: { description: `2111 Materiales, útiles y equipos menores de oficina ${tag}` },
  });
  const unit = await api<{ id: number }>('/api/catalog/product-units', { method: 'POST', body: { description: `Paquete ${tag}` } });
  const created = await createProduct(api, `Hojas blancas tamaño carta de 75 g/m² ${tag}`);
  await api('/api/catalog/products', {
    method: 'PUT',
    body: { id: created.id, name: created.name, categoryId: category.id, unitId: unit.id },
  });
  const invoice = await createInvoice(api, people, `T-${tag}`, [{ productId: created.id, quantity: '20', price: '85' }]);
  return { tag, people, product: created, invoice: { id: invoice.id, number: `T-${tag}` } };
}

/** Whether the table scrolls sideways in its container: "fits" or "W px in C px". */
async function fitOf(tableLocator: Locator): Promise<string> {
  return tableLocator.evaluate((element) => {
    const container = element.parentElement!;
    return container.scrollWidth <= container.clientWidth + 1 ? 'fits' : `${container.scrollWidth} px in ${container.clientWidth} px`;
  });
}

/** The horizontal scroll of the table's container (0: its first columns are where they belong). */
const scrollLeftOf = (tableLocator: Locator) => tableLocator.evaluate((element) => element.parentElement!.scrollLeft);

const VIEWPORTS: Array<[string, Viewport]> = [
  ['1280×800', DESKTOP],
  ['390×844', PHONE],
];

describe.each(VIEWPORTS)('at %s', (size, viewport) => {
  let data: Seed;
  beforeAll(async () => {
    data = await seed();
  });

  it('"Productos" fits its container, "Acciones" and the row menu are in sight, and opening the menu keeps ID and Nombre in view', async () => {
    const { page, log } = await newPage(browser, viewport);
    await signIn(page);
    await page.goto(`${baseUrl()}/dashboard/catalogs/products`);
    const products = table(page, 'Productos');
    await expectVisible(products, 'la tabla de productos');
    await search(page, data.tag);
    const row = rowWith(products, data.product.name);
    await expectVisible(row, 'la fila del producto');

    expect(`Productos: ${await fitOf(products)}`).toBe('Productos: fits');
    await expectInView(products.getByRole('columnheader', { name: 'Acciones' }), 'la columna "Acciones"');
    await expectInView(products.getByRole('columnheader', { name: 'ID' }), 'la columna "ID"');
    await expectInView(products.getByRole('columnheader', { name: 'Nombre' }), 'la columna "Nombre"');
    if (viewport.width >= 1024) {
      await expectInView(products.getByRole('columnheader', { name: 'Unidad' }), 'la columna "Unidad"');
      await expectInView(products.getByRole('columnheader', { name: 'Partida' }), 'la columna "Partida"');
    }
    const menuButton = row.getByRole('button', { name: `Acciones del producto ${data.product.id}` });
    await expectInView(menuButton, 'el menú de la fila');
    await screenshot(page, `table-products-${size}`);

    await menuButton.click();
    await expectVisible(page.getByRole('menuitem', { name: 'Eliminar producto' }), 'el menú abierto');
    expect(await scrollLeftOf(products)).toBe(0);
    await expectInView(row.getByRole('cell', { name: String(data.product.id), exact: true }), 'el ID de la fila con el menú abierto');
    await expectInView(row.getByRole('cell', { name: data.product.name, exact: true }), 'el nombre de la fila con el menú abierto');
    await screenshot(page, `table-products-menu-${size}`);
    await page.keyboard.press('Escape');

    if (viewport.width >= 1024) {
      // Dragging Nombre's edge 60 px to the right widens it by those 60 px (the edge follows the
      // pointer); the other columns make room, so the table still fits and "Acciones" stays.
      const nameHeader = products.getByRole('columnheader', { name: 'Nombre' });
      const before = (await nameHeader.boundingBox())!.width;
      const handle = (await nameHeader.locator('.fui-TableResizeHandle').boundingBox())!;
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      for (let step = 1; step <= 6; step += 1) {
        await page.mouse.move(handle.x + handle.width / 2 + step * 10, handle.y + handle.height / 2);
        await page.waitForTimeout(50);
      }
      await page.mouse.up();
      await page.waitForTimeout(200);
      const after = (await nameHeader.boundingBox())!.width;
      expect(Math.abs(after - before - 60)).toBeLessThanOrEqual(2);
      expect(`Productos tras ensanchar Nombre: ${await fitOf(products)}`).toBe('Productos tras ensanchar Nombre: fits');
      await expectInView(products.getByRole('columnheader', { name: 'Acciones' }), 'la columna "Acciones" tras ensanchar Nombre');
      await screenshot(page, `table-products-resized-${size}`);
    }

    expect(log.errors).toEqual([]);
    expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
  });

  it('a table too wide for the screen scrolls sideways with its "Acciones" column stuck in sight (Empleados)', async () => {
    const { page, log } = await newPage(browser, viewport);
    await signIn(page);
    await page.goto(`${baseUrl()}/dashboard/catalogs/employees`);
    const employees = table(page, 'Empleados');
    await expectVisible(employees, 'la tabla de empleados');
    const employee = data.people.employees[0];
    await search(page, employee.name);
    const row = rowWith(employees, employee.name);
    await expectVisible(row, 'la fila del empleado');
    // Whether it fits or not, the actions column is in sight, before and after scrolling sideways.
    const menuButton = row.getByRole('button', { name: `Acciones de ${employee.name} ${employee.lastName}` });
    await expectInView(employees.getByRole('columnheader', { name: 'Acciones' }), 'la columna "Acciones"');
    await expectInView(menuButton, 'el menú de la fila');
    await employees.evaluate((element) => element.parentElement!.scrollBy({ left: 200 }));
    await expectInView(employees.getByRole('columnheader', { name: 'Acciones' }), 'la columna "Acciones" tras desplazar la tabla');
    await expectInView(menuButton, 'el menú de la fila tras desplazar la tabla');
    await employees.evaluate((element) => element.parentElement!.scrollTo({ left: 0 }));
    await menuButton.click();
    await expectVisible(page.getByRole('menuitem', { name: 'Editar empleado' }), 'el menú abierto');
    expect(await scrollLeftOf(employees)).toBe(0);
    await expectInView(row.getByRole('cell', { name: employee.name, exact: true }), 'el nombre con el menú abierto');
    await screenshot(page, `table-employees-menu-${size}`);
    await page.keyboard.press('Escape');

    expect(log.errors).toEqual([]);
    expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
  });

  it('"Stock de productos" fits its container with the expander, its filters and an open row in sight', async () => {
    const { page, log } = await newPage(browser, viewport);
    await signIn(page);
    await page.goto(`${baseUrl()}/dashboard/stock`);
    const products = table(page, 'Productos');
    await expectVisible(products, 'la tabla de productos');
    await search(page, data.tag);
    const row = rowWith(products, data.product.name);
    await expectVisible(row, 'la fila del producto');

    expect(`Stock: ${await fitOf(products)}`).toBe('Stock: fits');
    const expander = row.getByRole('button', { name: 'Expandir fila' });
    await expectInView(expander, 'el botón para expandir la fila');
    // Not squeezed: the whole button (its 24 px) is inside its cell.
    const box = await expander.evaluate((button) => {
      const cell = button.closest('td')!.getBoundingClientRect();
      const own = button.getBoundingClientRect();
      return { width: Math.round(own.width), inside: own.left >= cell.left - 0.5 && own.right <= cell.right + 0.5 };
    });
    expect(box).toEqual({ width: 24, inside: true });
    await expectInView(row.getByRole('cell', { name: String(data.product.id), exact: true }), 'el ID');
    await expectInView(row.getByRole('cell', { name: data.product.name, exact: true }), 'el nombre');

    // The column filters, each inside its column.
    await main(page).getByRole('button', { name: 'Mostrar filtros' }).click();
    const filters = viewport.width >= 1024 ? ['Nombre', 'Unidad', 'Partida'] : ['Nombre'];
    for (const header of filters) {
      const filter = products.getByRole(header === 'Nombre' ? 'textbox' : 'combobox', { name: `Filtrar por ${header}` });
      await expectInView(filter, `el filtro "${header}"`);
      const inside = await filter.evaluate((element) => {
        const cell = element.closest('td')!.getBoundingClientRect();
        const box = (element.closest('.fui-Combobox, .fui-Input') ?? element).getBoundingClientRect();
        return box.left >= cell.left - 0.5 && box.right <= cell.right + 0.5;
      });
      expect(`${header}: ${inside ? 'en su columna' : 'fuera de su columna'}`).toBe(`${header}: en su columna`);
    }
    expect(`Stock con filtros: ${await fitOf(products)}`).toBe('Stock con filtros: fits');
    await screenshot(page, `table-stock-filters-${size}`);

    await expander.click();
    const panel = main(page).getByRole('region', { name: `Existencias del producto ${data.product.id}` });
    await expectVisible(panel, 'las existencias del producto');
    expect(`Stock con la fila abierta: ${await fitOf(products)}`).toBe('Stock con la fila abierta: fits');
    await expectInView(row.getByRole('cell', { name: data.product.name, exact: true }), 'el nombre con la fila abierta');
    if (viewport.width >= 1024) {
      // The product's name beside its ID in the movements (on a phone the open row above says it).
      const movements = panel.getByRole('table', { name: `Movimientos del producto ${data.product.id}` });
      await expectInView(
        movements.getByRole('cell', { name: `${data.product.id} · ${data.product.name}`, exact: true }),
        'el producto del movimiento',
      );
    }
    await screenshot(page, `table-stock-open-${size}`);

    expect(log.errors).toEqual([]);
    expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
  });

  it("the movements of an entry show the product's name beside its ID", async () => {
    const { page, log } = await newPage(browser, viewport);
    await signIn(page);
    await page.goto(`${baseUrl()}/dashboard/invoices/history`);
    const entries = table(page, 'Entradas');
    await expectVisible(entries, 'la tabla de entradas');
    await search(page, data.invoice.number);
    const entry = rowWith(entries, data.invoice.number);
    await entry.getByRole('button', { name: 'Expandir fila' }).click();
    const movements = main(page).getByRole('table', { name: `Movimientos de la entrada ${data.invoice.id}` });
    await expectVisible(movements, 'los movimientos de la entrada');
    await expectInView(
      movements.getByRole('cell', { name: `${data.product.id} · ${data.product.name}`, exact: true }),
      'el producto del movimiento',
    );
    await screenshot(page, `history-entry-movements-${size}`);

    expect(log.errors).toEqual([]);
    expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
  });

  it('a selected side-menu sub-item shows the same bar as a selected top-level item', async () => {
    const { page, log } = await newPage(browser, viewport);
    await signIn(page);
    /** Where the selected entry's bar is drawn, and whether the menu clips it away. */
    const selectedBar = async () => {
      if (viewport.width < 720) {
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        await page.waitForTimeout(500); // the drawer slides in
      }
      return page.evaluate(() => {
        const item = document.querySelector('.fui-NavItem[aria-current="page"], .fui-NavSubItem[aria-current="page"]');
        if (!item) return 'nothing selected';
        const bar = getComputedStyle(item, '::after');
        if (bar.content === 'none' || bar.width !== '4px') return 'no bar';
        const box = item.getBoundingClientRect();
        const left = box.left + parseFloat(getComputedStyle(item).paddingLeft) + parseFloat(bar.marginInlineStart);
        for (let parent = item.parentElement; parent; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX === 'visible') continue;
          const clip = parent.getBoundingClientRect().left + parseFloat(getComputedStyle(parent).borderLeftWidth);
          if (left < clip - 0.5) return `bar at ${Math.round(left)} px cut off by the menu at ${Math.round(clip)} px`;
        }
        return `bar at ${Math.round(left)} px, ${bar.backgroundColor}`;
      });
    };
    await page.goto(`${baseUrl()}/dashboard/stock`);
    await expectVisible(main(page).getByRole('heading', { level: 1, name: 'Stock de productos' }), 'la página de stock');
    const topLevel = await selectedBar();
    expect(topLevel).toMatch(/^bar at \d+ px, rgb/);
    await page.goto(`${baseUrl()}/dashboard/catalogs/products`);
    await expectVisible(main(page).getByRole('heading', { level: 1, name: 'Productos' }), 'la página de productos');
    expect(await selectedBar()).toBe(topLevel);
    await screenshot(page, `side-menu-sub-item-${size}`);

    expect(log.errors).toEqual([]);
    expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
  });

  it("the wizards' date input is as tall as the other fields and the fields of a row line up", async () => {
    const { page, log } = await newPage(browser, viewport);
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page);
    for (const path of ['/dashboard/invoices/generate', '/dashboard/dispatches/generate']) {
      await page.goto(`${baseUrl()}${path}`);
      const date = main(page).getByLabel(/^Fecha/);
      await expectVisible(date, 'la fecha');
      const fields = await page.evaluate(() =>
        Array.from(document.querySelectorAll('main fieldset:not([hidden]) .fui-Field')).map((field) => {
          const box = field.querySelector('.fui-Input, .fui-Combobox')!.getBoundingClientRect();
          return {
            label: field.querySelector('label')?.textContent ?? '',
            row: Math.round(field.getBoundingClientRect().top),
            top: box.top,
            height: box.height,
          };
        }),
      );
      expect(fields.length).toBeGreaterThan(1);
      const dateField = fields.find((field) => field.label.startsWith('Fecha'))!;
      for (const field of fields) {
        expect(`${field.label}: ${field.height} px`).toBe(`${field.label}: ${dateField.height} px`);
        const first = fields.find((other) => other.row === field.row)!;
        expect(`${field.label}: ${field.top}`).toBe(`${field.label}: ${first.top}`);
      }
      await screenshot(page, `wizard-fields-${path.split('/')[2]}-${size}`);
    }

    expect(log.errors).toEqual([]);
    expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
  });

  it('every area starts its title at the same left edge', async () => {
    const { page, log } = await newPage(browser, viewport);
    await signIn(page);
    const edges: string[] = [];
    for (const area of AREAS) {
      await page.goto(`${baseUrl()}${area.path}`);
      const heading = main(page).getByRole('heading', { level: 1 }).first();
      await expectVisible(heading, `el título de ${area.label}`);
      const left = await heading.evaluate((element) => Math.round(element.getBoundingClientRect().left));
      edges.push(`${area.label}: ${left}`);
    }
    await page.goto(`${baseUrl()}/dashboard`);
    const home = main(page).getByRole('heading', { level: 1 }).first();
    await expectVisible(home, 'el título de Inicio');
    const edge = await home.evaluate((element) => Math.round(element.getBoundingClientRect().left));
    expect(edges).toEqual(AREAS.map((area) => `${area.label}: ${edge}`));

    expect(log.errors).toEqual([]);
    expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
  });

  it.each(['entrada', 'salida'])("the %s wizard's summary table has no cells on top of each other", async (kind) => {
    const { page, log } = await newPage(browser, viewport);
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page);
    const { tag, people, product } = data;
    const name = (index: number) => `${people.employees[index].name} ${people.employees[index].lastName}`;
    const row = page.getByRole('group', { name: 'Producto 1', exact: true });
    let summary: Locator;
    if (kind === 'entrada') {
      await page.goto(`${baseUrl()}/dashboard/invoices/generate`);
      const stepOne = page.getByRole('group', { name: 'Datos de la factura', exact: true });
      await choose(stepOne, 'Tienda de procedencia', people.supplier.name, tag);
      await stepOne.getByRole('textbox', { name: 'Número de factura' }).fill(`R-${tag}`);
      await choose(stepOne, 'Tipo de entrada', 'Compra directa', 'Compra');
      await choose(stepOne, 'Director del plantel', name(0), `Dora ${tag}`);
      await choose(stepOne, 'Elaborador', name(1), `Elena ${tag}`);
      await choose(stepOne, 'Almacenista', name(2), `Alma ${tag}`);
      await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();
      await page.getByRole('button', { name: 'Añadir un producto', exact: true }).click();
      await choose(row, 'Producto', product.name, tag);
      await row.getByRole('textbox', { name: 'Cantidad' }).fill('4');
      await row.getByRole('textbox', { name: 'Precio del artículo' }).fill('10');
      await row.getByRole('textbox', { name: 'Observaciones' }).fill('Entregadas en la bodega norte');
      await page.getByRole('button', { name: 'Ver resumen de entrada', exact: true }).click();
      summary = page.getByRole('group', { name: 'Resumen de factura', exact: true }).getByRole('table');
    } else {
      await page.goto(`${baseUrl()}/dashboard/dispatches/generate`);
      const stepOne = page.getByRole('group', { name: 'Datos de la salida', exact: true });
      await choose(stepOne, 'Responsable del área solicitante', name(0), `Dora ${tag}`);
      await choose(stepOne, 'Solicitante', name(1), `Elena ${tag}`);
      await choose(stepOne, 'Almacenista', name(2), `Alma ${tag}`);
      await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();
      await page.getByRole('button', { name: 'Añadir un producto', exact: true }).click();
      await choose(row, 'Producto', product.name, tag);
      await row.getByText(/^Disponible: /).waitFor();
      await row.getByRole('textbox', { name: 'Cantidad' }).fill('1');
      await row.getByRole('textbox', { name: 'Observaciones' }).fill('Para el taller de carpintería');
      await page.getByRole('button', { name: 'Ver resumen de salida', exact: true }).click();
      summary = page.getByRole('group', { name: 'Resumen de salida', exact: true }).getByRole('table');
    }
    await expectVisible(summary, 'la tabla del resumen');
    await expectVisible(rowWith(summary, product.name), 'el producto en el resumen');
    await screenshot(page, `wizard-summary-table-${kind}-${size}`);

    // Each cell's content inside its own cell, and no two cells of a row sharing any area.
    const problems = await summary.evaluate((element) => {
      const found: string[] = [];
      for (const tr of Array.from(element.querySelectorAll('tr'))) {
        const cells = Array.from(tr.children) as HTMLElement[];
        const boxes = cells.map((cell) => cell.getBoundingClientRect());
        cells.forEach((cell, i) => {
          if (cell.scrollWidth > cell.clientWidth + 1) found.push(`"${cell.textContent}" se sale de su celda`);
          const next = boxes[i + 1];
          if (next && boxes[i].right > next.left + 0.5) found.push(`"${cell.textContent}" se encima con la siguiente`);
        });
      }
      return found;
    });
    expect(problems).toEqual([]);
    // The cells the person reads first are on screen (the rest is a sideways scroll away).
    await expectInView(rowWith(summary, product.name).getByRole('cell', { name: String(product.id), exact: true }), 'el ID en el resumen');

    expect(log.errors).toEqual([]);
    expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
  });
});
