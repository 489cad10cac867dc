// An opening balance by physical count in a real browser: 1,000 products that never moved (brought in with
// the catalogue import, CSV, in one request) are counted from an XLSX of 1,000 lines ("ID",
// "Cantidad contada", "Costo unitario") uploaded in a session made with the "Inventario inicial"
// preset on the test's own partida; "Aplicar ajustes" with the three signers; then the "Reporte de
// existencias" (XLSX) lists each of the 1,000 at its counted quantity, worth quantity × its unit
// cost to the cent and at that value ÷ the quantity as its average, compared as exact decimals. Other test files share the server: rows are found by tag.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { readXlsx, type CellValue } from '../../api/test/reports/read-report';
import { compareDecimal, divideDecimal, multiplyDecimal } from '../../shared/src/domain/decimal';
import { apiToken, DESKTOP, launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { choose, main, successToast } from './support/catalog-ui';
import { ARTIFACTS, baseUrl } from './support/env';
import { apiClient, createPeople, uniqueTag } from './support/seed';
import { expectInView } from './support/visibility';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const COUNT = 1000;

/** Line i's counted quantity and unit cost: varied, with up to 3 decimals, never 0. */
const quantityOf = (i: number) => (i % 7 === 0 ? `${(i % 40) + 1}.25` : String((i % 90) + 1));
const costOf = (i: number) => `${(i % 300) + 1}.${String((i * 37) % 1000).padStart(3, '0')}`;

/** The report's number as the decimal it stands for, compared exactly with `expected`. */
const exact = (cell: CellValue, expected: string) => typeof cell === 'number' && compareDecimal(String(cell), expected) === 0;

it('an opening balance of 1,000 products loaded from an XLSX in the browser; the stock report shows each worth its quantity × its unit cost', async () => {
  const started = Date.now();
  const api = await apiClient();
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const partida = await api<{ id: number; description: string }>('/api/catalog/product-categories', {
    method: 'POST',
    body: { description: `2111 Inicial ${tag}` },
  });

  // 1,000 products in one request through the catalogue import.
  const names = Array.from({ length: COUNT }, (_, i) => `Artículo ${tag} ${String(i + 1).padStart(4, '0')}`);
  const csv = `ID,Nombre,Unidad,Partida\r\n${names.map((name) => `,${name},,${partida.description}`).join('\r\n')}\r\n`;
  const imported = await fetch(`${baseUrl()}/api/catalog/imports/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await apiToken()}`, 'content-type': 'text/csv' },
    body: csv,
  });
  expect(imported.status).toBe(200);
  const all = await api<Array<{ id: number; name: string }>>('/api/catalog/products');
  const ids = new Map(all.filter((p) => p.name.startsWith(`Artículo ${tag} `)).map((p) => [p.name, p.id]));
  expect(ids.size).toBe(COUNT);
  const lines = names.map((name, i) => ({ id: ids.get(name)!, quantity: quantityOf(i), cost: costOf(i) }));
  const seeded = Date.now();

  // The sheet a new warehouse fills in: ID, Cantidad contada, Costo unitario.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Inventario inicial');
  sheet.addRow(['ID', 'Cantidad contada', 'Costo unitario']);
  for (const line of lines) sheet.addRow([line.id, Number(line.quantity), Number(line.cost)]);
  const sheetFile = path.join(ARTIFACTS, 'downloads', `inventario-inicial-${tag}.xlsx`);
  fs.mkdirSync(path.dirname(sheetFile), { recursive: true });
  await workbook.xlsx.writeFile(sheetFile);

  const { page, log } = await newPage(browser, DESKTOP);
  await signIn(page);
  await page.goto(`${baseUrl()}/dashboard/stock/counts`);
  const content = main(page);
  await content.getByRole('button', { name: 'Nuevo conteo', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Nuevo conteo' });
  await create.getByRole('checkbox', { name: /^Inventario inicial/ }).check();
  expect(await create.getByRole('textbox', { name: /^Descripción/ }).inputValue()).toBe('Inventario inicial');
  await create.getByRole('checkbox', { name: partida.description, exact: true }).check();
  await create.getByRole('button', { name: 'Crear conteo', exact: true }).click();
  await page.waitForURL(/\/dashboard\/stock\/counts\/\d+$/);
  const countId = Number(/\/counts\/(\d+)$/.exec(page.url())![1]);
  const table = content.getByRole('table', { name: 'Líneas del conteo' });
  // The lines by pages of 100.
  await content.getByText('Líneas 1–100 de 1,000', { exact: true }).waitFor({ timeout: 60_000 });
  await table.getByRole('cell', { name: names[99], exact: true }).waitFor();
  expect(await table.locator('tbody tr').count()).toBe(100);
  const opened = Date.now();

  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    content.getByRole('button', { name: 'Cargar archivo', exact: true }).click(),
  ]);
  await chooser.setFiles(sheetFile);
  await successToast(page, 'Archivo cargado: cantidades guardadas.');
  await content.getByText(/· Sin contar: 0$/).waitFor();
  expect(await table.getByRole('textbox', { name: `Cantidad contada de ${names[0]}` }).inputValue()).toBe(quantityOf(0));
  // The last page holds the last 100 lines, counted from the file too.
  for (let i = 0; i < 9; i++) await content.getByRole('button', { name: 'Líneas siguientes', exact: true }).click();
  await content.getByText('Líneas 901–1,000 de 1,000', { exact: true }).waitFor();
  expect(await table.getByRole('textbox', { name: `Cantidad contada de ${names[COUNT - 1]}` }).inputValue()).toBe(quantityOf(COUNT - 1));
  await screenshot(page, 'opening-balance-01-uploaded-1280');
  const uploaded = Date.now();

  await content.getByRole('button', { name: 'Aplicar ajustes', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Aplicar ajustes' });
  await expectInView(confirm, 'el diálogo "Aplicar ajustes"');
  // Every line has its cost: no warning about a missing one.
  expect(await confirm.getByRole('alert').count()).toBe(0);
  const [director, keeper, witness] = people.employees.map((e) => `${e.name} ${e.lastName}`);
  await choose(confirm, 'Director del plantel', director);
  await choose(confirm, 'Almacenista', keeper);
  await choose(confirm, 'Testigo', witness);
  await confirm.getByRole('button', { name: 'Sí, aplicar ajustes', exact: true }).click();
  await successToast(page, 'Ajustes aplicados al libro de almacén.');
  await content.getByText('Aplicado', { exact: true }).waitFor();
  await screenshot(page, 'opening-balance-02-applied-1280');
  const applied = Date.now();
  const count = await api<{ status: string; differences: number; uncountedLines: number }>(`/api/inventory-counts/${countId}`);
  expect(count).toMatchObject({ status: 'APLICADO', differences: COUNT, uncountedLines: 0 });

  // The stock report, XLSX: each of the 1,000 at its counted quantity, worth quantity × its unit
  // cost to the cent (what entered the stock), the average that value ÷ the quantity.
  const report = await fetch(`${baseUrl()}/api/reports/stock?format=xlsx`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await apiToken()}` },
  });
  expect(report.status).toBe(200);
  const { rows } = await readXlsx(Buffer.from(await report.arrayBuffer()));
  const byId = new Map(rows.filter((r) => typeof r[0] === 'string' && /^\d+$/.test(r[0])).map((r) => [Number(r[0]), r]));
  const wrong: string[] = [];
  for (const line of lines) {
    const row = byId.get(line.id);
    if (!row) wrong.push(`${line.id}: no está en el reporte`);
    else {
      const value = multiplyDecimal(line.quantity, line.cost, 2);
      const average = divideDecimal(value, line.quantity, 6);
      if (!exact(row[4], line.quantity) || !exact(row[5], average) || !exact(row[6], value))
        wrong.push(`${line.id}: ${row[4]} @ ${row[5]} = ${row[6]}, se esperaba ${line.quantity} @ ${average} = ${value}`);
    }
  }
  expect(wrong).toEqual([]);
  expect(rows.find((r) => r[0] === `Subtotal de la partida ${partida.description}`)).toBeDefined();

  expect(log.errors).toEqual([]);
  expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
  const s = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
  console.log(
    `opening-balance: ${s(started, Date.now())} (seed ${s(started, seeded)}, create and show the count ${s(seeded, opened)}, upload ${s(opened, uploaded)}, apply ${s(uploaded, applied)}, report ${s(applied, Date.now())})`,
  );
}, 300_000);
