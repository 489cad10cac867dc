// A transfer between two warehouses in a real browser: the administrator adds a plantel through
// the API and gives the centre stock (an entry, before the plantel exists, so it lands in the
// centre); a clerk of the centre only (ALMACENISTA there) at 1280×800 sends part of it with «Nuevo
// traspaso» and downloads its voucher; a clerk of the plantel only, at 390×844, receives it in
// «Traspasos por recibir». Each sees one warehouse — no switcher in the header — and the API
// answers 403 when either asks for the other's stock or transfers. The API then
// says centre 10 @ 12.00 − 4 = 6 @ 12.00 and plantel 4 @ 12.00. Then, with a second shipment on
// the road, «Stock de productos» in «Todos los almacenes» downloads the consolidated stock report:
// the PDF rendered by pdftoppm, the XLSX opened by LibreOffice (its CSV's totals checked). The
// shipment is withdrawn and the plantel deactivated afterwards, so the rest of the suite keeps a
// one-warehouse portal with nothing on the road.
import type { Browser, Page } from 'playwright-core';
import type { AccessRole, NewUserResult, RoleAssignment } from '../../shared/src/domain/access';
import { addDecimal, compareDecimal } from '../../shared/src/domain/decimal';
import { formatCurrency, formatPrice } from '../../shared/src/domain/format';
import { apiToken, DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn } from './support/browser';
import { choose, main, rowWith, search, successToast, table } from './support/catalog-ui';
import { downloadFrom, pdfText, renderPdf, xlsxAsCsv } from './support/downloads';
import { baseUrl } from './support/env';
import { apiClient, createInvoice, createPeople, createProduct, today, uniqueTag, type ApiClient } from './support/seed';
import { expectNotVisible, expectVisible } from './support/visibility';

interface Warehouse {
  id: number;
  code: string;
  name: string;
  address: string | null;
  responsibleEmployeeId: number | null;
  active: boolean;
}

let browser: Browser;
let admin: ApiClient;
let plantel: Warehouse | null = null;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiClient();
});
afterAll(async () => {
  if (plantel) await admin(`/api/warehouses/${plantel.id}`, { method: 'PUT', body: { ...plantel, active: false } });
  await browser?.close();
});

const sameDecimal = (actual: string, expected: string) =>
  expect(`${actual} ${compareDecimal(actual, expected) === 0 ? '=' : '≠'} ${expected}`).toBe(`${actual} = ${expected}`);

async function person(tag: string, who: string, roles: Array<AccessRole | RoleAssignment>) {
  const username = `${who}-${tag}`.toLowerCase();
  const { password } = await admin<NewUserResult>('/api/users', {
    method: 'POST',
    body: { username, name: `${who} ${tag}`, email: `${username}@escuela.example.mx`, roles },
  });
  return { username, password };
}

const stockAt = (productId: number, warehouseId: number) =>
  admin<{ availableQuantity: string; averagePrice: string }>(`/api/stock/${productId}?warehouseId=${warehouseId}`);

const next = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

const SWITCHER = /Cambiar de almacén/;

/** The answer's status to `path` asked with the token of `who` (signed in through the provider). */
async function statusAs(who: { username: string; password: string }, path: string): Promise<number> {
  const token = await apiToken(who.username, who.password);
  const answer = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await answer.arrayBuffer();
  return answer.status;
}

it('a clerk sends from the centre and another person receives at the plantel; both stocks and the voucher agree', async () => {
  const tag = uniqueTag();
  const people = await createPeople(admin, tag);
  const product = await createProduct(admin, `Marcador ${tag}`);
  await createInvoice(admin, people, `T-${tag}`, [{ productId: product.id, quantity: '10', price: '12' }]);
  const [centre] = await admin<Warehouse[]>('/api/warehouses');
  plantel = await admin<Warehouse>('/api/warehouses', {
    method: 'POST',
    body: { code: `P${tag}`, name: `Plantel ${tag}`, address: null, responsibleEmployeeId: null, active: true },
  });
  const clerk = await person(tag, 'Envia', [{ role: 'ALMACENISTA', warehouseId: centre.id }]);
  const receiver = await person(tag, 'Recibe', [{ role: 'ALMACENISTA', warehouseId: plantel.id }]);
  // Each one's warehouse is theirs alone: the other's stock and transfers are refused.
  expect(await statusAs(clerk, `/api/stock/${product.id}?warehouseId=${plantel.id}`)).toBe(403);
  expect(await statusAs(clerk, `/api/transfers?warehouseId=${plantel.id}`)).toBe(403);
  expect(await statusAs(receiver, `/api/stock/${product.id}?warehouseId=${centre.id}`)).toBe(403);
  expect(await statusAs(receiver, `/api/stock/${product.id}?warehouseId=${plantel.id}`)).toBe(200);
  const [sender, , keeper] = people.employees.map((e) => `${e.name} ${e.lastName}`);

  // The clerk, at the centre, on a desktop.
  const { page, log } = await newPage(browser, DESKTOP);
  await signIn(page, clerk.username, clerk.password);
  await page.goto(`${baseUrl()}/dashboard/dispatches/transfers/new?almacen=${centre.code}`);
  await main(page).getByRole('heading', { level: 1, name: 'Nuevo traspaso', exact: true }).waitFor();
  // One warehouse for this person: the header has no switcher.
  await expectNotVisible(page.getByRole('button', { name: SWITCHER }), 'a switcher for a clerk of one warehouse, at 1280');
  const header = page.getByRole('group', { name: 'Datos del traspaso' });
  await expectVisible(header, 'Datos del traspaso at 1280');
  expect(await header.getByRole('combobox', { name: 'Almacén de origen', exact: true }).inputValue()).toBe(
    `${centre.code} · ${centre.name}`,
  );
  await choose(header, 'Almacén de destino', `${plantel.code} · ${plantel.name}`, plantel.code);
  await choose(header, 'Quién envía', sender, `Dora ${tag}`);
  await header.getByRole('textbox', { name: /Quién transporta/ }).fill(`Chofer ${tag}`);
  await screenshot(page, 'transfers-01-header');
  await next(page, 'Siguiente paso');

  await page.getByRole('group', { name: 'Productos del traspaso' }).waitFor();
  await next(page, 'Añadir un producto');
  const line = page.getByRole('group', { name: 'Producto 1' });
  await choose(line, 'Producto', product.name, tag);
  await expectVisible(line.getByText('Disponible en el origen: 10', { exact: true }), 'the origin’s availability');
  const cost = line.getByRole('textbox', { name: 'Costo promedio' });
  expect(await cost.inputValue()).toBe(formatPrice('12'));
  expect(await cost.getAttribute('readonly')).not.toBeNull();
  // More than the origin has is said before anything is sent.
  await line.getByRole('textbox', { name: 'Cantidad' }).fill('11');
  await next(page, 'Ver resumen del traspaso');
  await expectVisible(line.getByText('La cantidad no puede ser mayor a la existencia disponible (10).'), 'the stock limit');
  await screenshot(page, 'transfers-02-lines-limit');
  await line.getByRole('textbox', { name: 'Cantidad' }).fill('4');
  await next(page, 'Ver resumen del traspaso');

  const summary = page.getByRole('group', { name: 'Resumen del traspaso' });
  await expectVisible(summary.getByRole('table', { name: 'Productos del traspaso' }).getByText(product.name), 'the summary’s line');
  expect(await summary.getByRole('textbox', { name: 'Total del traspaso' }).inputValue()).toBe(formatCurrency('48'));
  // The plantel is none of the clerk's warehouses, and the summary names it all the same.
  expect(await summary.getByRole('textbox', { name: 'Almacén de destino', exact: true }).inputValue()).toBe(
    `${plantel.code} · ${plantel.name}`,
  );
  await screenshot(page, 'transfers-03-summary');
  await next(page, 'Enviar traspaso');
  const sent = main(page).getByText(/^Traspaso \d+ enviado$/);
  await expectVisible(sent, 'the transfer’s number');
  const transferId = Number(/\d+/.exec((await sent.textContent()) ?? '')?.[0]);
  await successToast(page, `Traspaso ${transferId} enviado correctamente.`);
  await screenshot(page, 'transfers-04-sent');
  const voucher = await downloadFrom(main(page).getByRole('button', { name: 'Descargar vale', exact: true }));
  expect(voucher.fileName).toBe(`Vale de traspaso - ${transferId}.pdf`);
  expect(voucher.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(voucher.file);
  expect(text).toContain(product.name);
  expect(text).toContain(`Chofer ${tag}`);
  sameDecimal((await stockAt(product.id, centre.id)).availableQuantity, '6');

  // The second person, at the plantel, on a phone.
  const phone = await newPage(browser, PHONE);
  await signIn(phone.page, receiver.username, receiver.password);
  await phone.page.goto(`${baseUrl()}/dashboard/dispatches/transfers/incoming?almacen=${plantel.code}`);
  const incoming = table(phone.page, 'Traspasos en tránsito hacia este almacén');
  const row = incoming.locator('tbody tr').filter({ has: phone.page.getByRole('cell', { name: String(transferId), exact: true }) });
  await expectVisible(row, 'the transfer in transit at 390');
  await expectNotVisible(phone.page.getByRole('button', { name: SWITCHER }), 'a switcher for a clerk of one warehouse, at 390');
  await row.getByRole('button', { name: 'Expandir fila' }).click();
  await expectVisible(main(phone.page).getByRole('button', { name: 'Recibir', exact: true }), '«Recibir» at 390');
  await screenshot(phone.page, 'transfers-05-incoming-phone');
  await main(phone.page).getByRole('button', { name: 'Recibir', exact: true }).click();
  const dialog = phone.page.getByRole('alertdialog', { name: `Recibir traspaso ${transferId}` });
  await expectVisible(
    dialog.getByRole('table', { name: `Productos del traspaso ${transferId}` }).getByText(product.name),
    'the lines first',
  );
  await choose(dialog, 'Quién recibe', keeper, `Alma ${tag}`);
  await screenshot(phone.page, 'transfers-06-receive-phone');
  await dialog.getByRole('button', { name: 'Recibir traspaso', exact: true }).click();
  await successToast(phone.page, `Traspaso ${transferId} recibido correctamente.`);
  await expectNotVisible(row, 'the received transfer, gone from the list');
  expect(phone.log.errors).toEqual([]);

  const centreAfter = await stockAt(product.id, centre.id);
  const plantelAfter = await stockAt(product.id, plantel.id);
  sameDecimal(centreAfter.availableQuantity, '6');
  sameDecimal(centreAfter.averagePrice, '12');
  sameDecimal(plantelAfter.availableQuantity, '4');
  sameDecimal(plantelAfter.averagePrice, '12');
  const transfer = await admin<{ status: string; receiverEmployeeId: number }>(`/api/transfers/${transferId}`);
  expect(transfer.status).toBe('RECIBIDO');
  expect(transfer.receiverEmployeeId).toBe(people.employees[2].id);

  // Back at the centre, the history says it arrived; nothing is left to withdraw.
  await page.goto(`${baseUrl()}/dashboard/dispatches/transfers/history?almacen=${centre.code}`);
  const history = table(page, 'Traspasos');
  const done = history.locator('tbody tr').filter({ has: page.getByRole('cell', { name: String(transferId), exact: true }) });
  await expectVisible(done.getByText('Recibido', { exact: true }), 'the received status at 1280');
  await done.getByRole('button', { name: 'Expandir fila' }).click();
  await expectVisible(main(page).getByRole('button', { name: `Vale de traspaso ${transferId}` }), 'the row’s voucher');
  await expectNotVisible(main(page).getByRole('button', { name: 'Retirar', exact: true }), '«Retirar» of a received transfer');
  await screenshot(page, 'transfers-07-history');
  expect(log.errors).toEqual([]);

  // With two warehouses, the administrator's «Permisos…» lists each grant with its warehouse.
  for (const [viewport, size] of [
    [DESKTOP, '1280'],
    [PHONE, '390'],
  ] as const) {
    const office = await newPage(browser, viewport);
    await signIn(office.page);
    await office.page.goto(`${baseUrl()}/dashboard/admin/users`);
    await search(office.page, `Envia ${tag}`);
    await office.page.getByRole('button', { name: `Acciones de Envia ${tag}` }).click();
    await office.page.getByRole('menuitem', { name: 'Permisos…' }).click();
    const grants = office.page.getByRole('dialog', { name: `Permisos de Envia ${tag}` });
    const role = grants.getByRole('combobox', { name: 'Permiso 1', exact: true });
    const where = grants.getByRole('combobox', { name: 'Almacén del permiso 1', exact: true });
    await expectVisible(role, `the grant's role at ${size}`);
    await expectVisible(where, `the grant's warehouse at ${size}`);
    expect(await role.inputValue()).toBe('ALMACENISTA');
    expect(await where.inputValue()).toBe(String(centre.id));
    await expectVisible(grants.getByRole('button', { name: 'Agregar permiso' }), `«Agregar permiso» at ${size}`);
    // The dialog's entrance ends before the picture (a finite animation; none of the spinners).
    await office.page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished),
      ),
    );
    await screenshot(office.page, `transfers-00-grants-${size}`);
    await grants.getByRole('button', { name: 'Cancelar' }).click();
    await expectNotVisible(grants, `«Permisos de…» after «Cancelar» at ${size}`);
    expect(office.log.errors).toEqual([]);
    await office.page.context().close();
  }
});

/** A CSV line's cells (LibreOffice: comma, double quotes, each cell as shown). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  return [...cells, cell];
}

/** A figure as a spreadsheet shows it ("$1,234.50", "10.") as a decimal string. */
const shown = (text: string | undefined) => (text ?? '').replace(/[$,]/g, '').replace(/\.$/, '');

it('«Todos los almacenes»: the consolidated stock report, as PDF through pdftoppm and as XLSX through LibreOffice', async () => {
  expect(plantel).not.toBeNull();
  const destination = plantel!;
  const tag = uniqueTag();
  const people = await createPeople(admin, tag);
  const [centre] = await admin<Warehouse[]>('/api/warehouses');
  const product = await createProduct(admin, `Borrador ${tag}`);
  // 10 @ 12.00 at the centre, 4 of them sent to the plantel and not yet received.
  await createInvoice(admin, people, `TC-${tag}`, [{ productId: product.id, quantity: '10', price: '12' }], centre.id);
  const onTheRoad = await admin<{ id: number }>('/api/transfers', {
    method: 'POST',
    headers: { 'idempotency-key': `e2e-${tag}-consolidado` },
    body: {
      originWarehouseId: centre.id,
      destinationWarehouseId: destination.id,
      date: today(),
      senderEmployeeId: people.employees[0].id,
      carrier: `Chofer ${tag}`,
      lines: [{ productId: product.id, quantity: '4' }],
    },
  });
  const reader = await person(tag, 'Consulta', ['CONSULTA']);
  const { page, log } = await newPage(browser, DESKTOP);
  await signIn(page, reader.username, reader.password);
  await page.goto(`${baseUrl()}/dashboard/stock?almacen=${centre.code}`);
  await main(page).getByRole('heading', { name: 'Stock de productos', level: 1 }).waitFor();
  await main(page).getByRole('switch', { name: 'Todos los almacenes' }).click();
  await page.waitForURL(/[?&]todos=1/);
  await search(page, product.name);
  // 6 at the centre + 4 on the road: the institution holds 10, worth $120.00.
  const row = rowWith(table(page, 'Productos'), product.name).first();
  await row.filter({ hasText: formatCurrency('120') }).waitFor();
  await screenshot(page, 'transfers-08-all-warehouses');

  const pdf = await downloadFrom(main(page).getByRole('button', { name: 'Reporte de existencias', exact: true }));
  expect(pdf.fileName).toMatch(/^Reporte de existencias de todos los almacenes - \d{4}-\d\d-\d\d\.pdf$/);
  expect(await renderPdf(pdf.file, 100)).toBeGreaterThanOrEqual(1);
  const text = pdfText(pdf.file);
  expect(text).toContain('REPORTE DE EXISTENCIAS · TODOS LOS ALMACENES');
  expect(text).toMatch(new RegExp(`${product.name}.*10 +\\$12\\.00 +\\$120\\.00`));
  expect(text).toContain(`${centre.code} · ${centre.name}`);
  expect(text).toContain(`${destination.code} · ${destination.name}`);
  expect(text).toContain('En tránsito');

  await main(page).getByRole('button', { name: 'Reporte de existencias: elegir formato' }).click();
  const xlsx = await downloadFrom(page.getByRole('menuitem', { name: 'Excel (XLSX)' }));
  expect(xlsx.fileName).toMatch(/^Reporte de existencias de todos los almacenes - .*\.xlsx$/);
  const lines = (await xlsxAsCsv(xlsx.file)).split(/\r?\n/).map(csvCells);
  const line = (first: string) => lines.find((cells) => cells[0] === first) ?? [];
  const [, name, , , quantity, average, value] = line(String(product.id));
  expect(name).toBe(product.name);
  sameDecimal(shown(quantity), '10');
  sameDecimal(shown(average), '12');
  sameDecimal(shown(value), '120');
  // Σ warehouse subtotals + in transit = «Total general», to the cent.
  const first = lines.findIndex((cells) => cells[0] === 'Subtotales por almacén') + 1;
  const transit = lines.findIndex((cells) => cells[0] === 'En tránsito');
  const subtotals = lines.slice(first, transit);
  expect(subtotals.map((cells) => cells[0])).toEqual(
    expect.arrayContaining([`${centre.code} · ${centre.name}`, `${destination.code} · ${destination.name}`]),
  );
  const inTransit = shown(lines[transit][6]);
  expect(compareDecimal(inTransit, '48')).toBeGreaterThanOrEqual(0);
  const total = shown(line('Total general')[6]);
  sameDecimal(addDecimal(...subtotals.map((cells) => shown(cells[6])), inTransit), total);
  expect(log.errors).toEqual([]);

  // A copied link opens the same view on a phone.
  const phone = await newPage(browser, PHONE);
  await signIn(phone.page, reader.username, reader.password);
  await phone.page.goto(`${baseUrl()}/dashboard/stock?almacen=${centre.code}&todos=1`);
  const all = main(phone.page).getByRole('switch', { name: 'Todos los almacenes' });
  await expectVisible(all, '«Todos los almacenes» at 390');
  expect(await all.isChecked()).toBe(true);
  await search(phone.page, product.name);
  await rowWith(table(phone.page, 'Productos'), product.name).first().filter({ hasText: '10' }).waitFor();
  await screenshot(phone.page, 'transfers-09-all-warehouses-phone');
  expect(phone.log.errors).toEqual([]);
  // Withdrawn, the goods are back at the centre: the files after this one find no transfer on the road.
  await admin(`/api/transfers/${onTheRoad.id}/withdrawal`, {
    method: 'POST',
    headers: { 'idempotency-key': `e2e-${tag}-retiro` },
    body: { reason: 'Fin de la prueba del reporte consolidado' },
  });
  sameDecimal((await stockAt(product.id, centre.id)).availableQuantity, '10');
});
