import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@almacen/shared';
import type { Invoice, Movement } from '@almacen/shared/domain';
import { Route, Routes } from '@almacen/shared/router';
import { anInvoice, captureDownloads, type FakeApiRequest, renderWithPlatform } from '@almacen/shared/testing';
import InvoicesApp from '../../../app';

const invoices: Invoice[] = [
  anInvoice({ id: 4, invoiceNumber: 'F-0099', invoiceType: 'DONATIVO', invoiceDate: '2026-01-31' }),
  anInvoice({ id: 5, invoiceNumber: 'A-100', invoiceType: 'ENTRADA_DE_ALMACEN', invoiceDate: '2026-03-05' }),
];
const movements: Movement[] = [
  { id: 21, productId: 10, price: '38.666', quantity: '2.5', amount: '96.67', movementType: 'INVOICE', observations: 'Caja dañada' },
  { id: 22, productId: 11, price: '1234.5', quantity: '1200', amount: '1481400', movementType: 'INVOICE', observations: null },
];

type Handler = (request: FakeApiRequest) => unknown;

const base: Handler = ({ method, path }) => {
  if (method === 'GET' && path === '/api/invoices') return invoices;
  if (method === 'GET' && path === '/api/movements/invoices/5') return movements;
  if (method === 'GET' && path === '/api/catalog/products')
    return [{ id: 10, name: 'Hojas blancas tamaño carta', category: null, unit: null }];
  if (method === 'GET' && path.startsWith('/api/catalog/')) return [];
  return undefined;
};

function renderHistory(handler: Handler = () => undefined) {
  return renderWithPlatform(
    <Routes>
      <Route path="/dashboard/invoices/*" element={<InvoicesApp />} />
    </Routes>,
    { route: '/dashboard/invoices/history', api: (request: FakeApiRequest) => handler(request) ?? base(request) },
  );
}

const table = (name: string) => screen.getByRole('table', { name });
const bodyRows = (name: string) => within(within(table(name)).getAllByRole('rowgroup')[1]).getAllByRole('row');
const headers = (name: string) =>
  within(table(name))
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim())
    .filter(Boolean);
const toast = (text: string) => screen.getAllByText(text).find((element) => element.closest('.fui-Toast')) ?? null;

async function expandInvoice(user: ReturnType<typeof userEvent.setup>, invoiceNumber: string) {
  const line = (await screen.findByText(invoiceNumber)).closest('tr')!;
  await user.click(within(line).getByRole('button', { name: 'Expandir fila' }));
  return screen.findByRole('table', { name: `Movimientos de la entrada 5` });
}

jest.setTimeout(30_000);

const captured = captureDownloads();
afterEach(() => jest.useRealTimers());

test('lists the entries with ID, number, type label and DD/MM/YYYY date', async () => {
  renderHistory();
  await screen.findByText('A-100');
  expect(document.title).toBe('Historial de entradas · Almacén');
  expect(headers('Entradas')).toEqual(['ID', 'Estado', 'Número de factura', 'Tipo de entrada', 'Fecha de factura']);
  const rows = bodyRows('Entradas').map((r) =>
    within(r)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  );
  // newest first
  expect(rows.map((cells) => cells.filter((text) => text && text.trim() !== ''))).toEqual([
    ['5', 'Vigente', 'A-100', 'Entrada de almacén', '05/03/2026'],
    ['4', 'Vigente', 'F-0099', 'Donativo', '31/01/2026'],
  ]);
});

test('the search finds an entry by its date as shown (DD/MM/YYYY or DD/MM) and in ISO form', async () => {
  const user = userEvent.setup();
  renderHistory();
  await screen.findByText('A-100');
  const search = screen.getByRole('searchbox', { name: 'Buscar' });
  for (const typed of ['05/03/2026', '05/03', '2026-03-05']) {
    await user.clear(search);
    await user.type(search, typed);
    await waitFor(() => expect(screen.queryByText('F-0099')).not.toBeInTheDocument());
    expect(bodyRows('Entradas')).toHaveLength(1);
    expect(within(bodyRows('Entradas')[0]).getByText('A-100')).toBeInTheDocument();
  }
  await user.clear(search);
  await user.type(search, '31/01');
  await waitFor(() => expect(screen.queryByText('A-100')).not.toBeInTheDocument());
  expect(within(bodyRows('Entradas')[0]).getByText('F-0099')).toBeInTheDocument();
});

test('a failed load says "…obtener las entradas."', async () => {
  renderHistory(({ path }) => {
    if (path === '/api/invoices') throw new ApiError(500, 'Error interno');
    return undefined;
  });
  expect(await screen.findByText('Algo salió mal mientras tratábamos de obtener las entradas.')).toBeInTheDocument();
});

test('"Crear nueva entrada" opens the wizard', async () => {
  const user = userEvent.setup({ delay: null });
  renderHistory();
  await user.click(await screen.findByRole('button', { name: 'Crear nueva entrada' }));
  expect(await screen.findByRole('heading', { name: 'Nueva factura' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Siguiente paso' })).toBeInTheDocument();
});

test('expanding an entry shows its movements with the registered price and the value the ledger recorded, in pesos', async () => {
  const user = userEvent.setup({ delay: null });
  const { calls } = renderHistory();
  const movementsTable = await expandInvoice(user, 'A-100');
  await within(movementsTable).findByText('Caja dañada');
  expect(calls.some((c) => c.method === 'GET' && c.path === '/api/movements/invoices/5')).toBe(true);
  const name = 'Movimientos de la entrada 5';
  expect(headers(name)).toEqual(['ID', 'Producto', 'Tipo', 'Precio registrado', 'Cantidad', 'Importe', 'Observaciones']);
  // The product's name beside its ID (product 11 is not in the catalogue list: its ID alone).
  await within(movementsTable).findByText('10 · Hojas blancas tamaño carta');
  const rows = bodyRows(name).map((r) =>
    within(r)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  );
  expect(rows).toEqual([
    ['21', '10 · Hojas blancas tamaño carta', 'Entrada', '$38.666', '2.5', '$96.67', 'Caja dañada'],
    ['22', '11', 'Entrada', '$1,234.50', '1,200', '$1,481,400.00', ''],
  ]);
  expect(screen.getByRole('button', { name: 'Reporte de entrada' })).toBeEnabled();
});

test('movements that fail to load say "…obtener los movimientos de la entrada solicitada."', async () => {
  const user = userEvent.setup({ delay: null });
  renderHistory(({ path }) => {
    if (path === '/api/movements/invoices/5') throw new ApiError(500, 'Error interno');
    return undefined;
  });
  const line = (await screen.findByText('A-100')).closest('tr')!;
  await user.click(within(line).getByRole('button', { name: 'Expandir fila' }));
  expect(
    await screen.findByText('Algo salió mal mientras tratábamos de obtener los movimientos de la entrada solicitada.'),
  ).toBeInTheDocument();
});

test('"Reporte de entrada" retries a failing download and saves ONE file named "Reportes de entrada - {id}"', async () => {
  const user = userEvent.setup({ delay: null });
  const pdf = new Blob(['%PDF-1.7 reporte'], { type: 'application/pdf' });
  const downloads: FakeApiRequest[] = [];
  renderHistory((request) => {
    if (request.path !== '/api/reports/invoices/5') return undefined;
    downloads.push(request);
    if (downloads.length <= 2) throw new ApiError(503, 'Servicio no disponible');
    return { blob: pdf, fileName: '5' };
  });
  await expandInvoice(user, 'A-100');
  // The back-off (0.5 s, 1 s, 2 s) runs on fake time, which waitFor moves forward.
  jest.useFakeTimers();
  await user.click(screen.getByRole('button', { name: 'Reporte de entrada' }));
  await waitFor(() => expect(captured.saved).toHaveLength(1), { timeout: 5000 });
  expect(downloads).toHaveLength(3);
  expect(downloads.every((d) => d.method === 'POST' && d.download)).toBe(true);
  expect(captured.saved[0].name).toBe('Reportes de entrada - 5.pdf');
  expect(captured.files).toEqual([pdf]);
  expect(screen.queryByText('¡Oh no!')).not.toBeInTheDocument();
});

test("the server's file name (Content-Disposition) is kept, e.g. a spreadsheet", async () => {
  const user = userEvent.setup({ delay: null });
  const xlsx = new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  renderHistory((request) =>
    request.path === '/api/reports/invoices/5' ? { blob: xlsx, fileName: 'Reportes de entrada - 5.xlsx' } : undefined,
  );
  await expandInvoice(user, 'A-100');
  await user.click(screen.getByRole('button', { name: 'Reporte de entrada' }));
  await waitFor(() => expect(captured.saved).toHaveLength(1));
  expect(captured.saved[0].name).toBe('Reportes de entrada - 5.xlsx');
});

test('a download that keeps failing stops after 3 retries and says "…descargar el reporte solicitado." with the server message', async () => {
  const user = userEvent.setup({ delay: null });
  let attempts = 0;
  renderHistory((request) => {
    if (request.path !== '/api/reports/invoices/5') return undefined;
    attempts += 1;
    throw new ApiError(500, 'No se pudo generar el reporte.');
  });
  await expandInvoice(user, 'A-100');
  // The back-off (0.5 s, 1 s, 2 s) runs on fake time, which waitFor moves forward.
  jest.useFakeTimers();
  await user.click(screen.getByRole('button', { name: 'Reporte de entrada' }));
  await waitFor(() => expect(toast('¡Oh no!')).toBeInTheDocument(), { timeout: 5000 });
  expect(
    toast('Algo salió mal mientras tratábamos de descargar el reporte solicitado. No se pudo generar el reporte.'),
  ).toBeInTheDocument();
  expect(attempts).toBe(4);
  expect(captured.saved).toHaveLength(0);
});

test('a refusal (4xx) is not retried', async () => {
  const user = userEvent.setup({ delay: null });
  let attempts = 0;
  renderHistory((request) => {
    if (request.path !== '/api/reports/invoices/5') return undefined;
    attempts += 1;
    throw new ApiError(404, 'La entrada solicitada no existe.');
  });
  await expandInvoice(user, 'A-100');
  await user.click(screen.getByRole('button', { name: 'Reporte de entrada' }));
  await waitFor(() => expect(toast('¡Oh no!')).toBeInTheDocument());
  expect(attempts).toBe(1);
});

// ---- cancellation ------------------------------------------------------------------

const cancelled: Invoice = anInvoice({
  id: 6,
  invoiceNumber: 'B-7',
  invoiceType: 'COMPRA_DIRECTA',
  invoiceDate: '2026-03-06',
  status: 'CANCELADA',
  // 15:05 UTC is 09:05 in Mexico City (UTC−6).
  cancellation: {
    reason: 'Factura capturada dos veces',
    cancelledAt: '2026-03-07T15:05:00.000Z',
    cancelledBy: { sub: 'user-luis', name: 'Luis Gómez' },
  },
});

test('a cancelled entry shows "Cancelada" in its row; its detail says who, when (DD/MM/YYYY HH:mm, institution time) and why, and offers no cancel', async () => {
  const user = userEvent.setup({ delay: null });
  renderHistory(({ method, path }) => {
    if (method === 'GET' && path === '/api/invoices') return [...invoices, cancelled];
    if (method === 'GET' && path === '/api/movements/invoices/6')
      return [
        { ...movements[0], id: 31 },
        { ...movements[0], id: 32, movementType: 'INVOICE_CANCELLATION', observations: 'Factura capturada dos veces' },
      ];
    return undefined;
  });
  const row = (await screen.findByText('B-7')).closest('tr')!;
  expect(within(row).getByText('Cancelada')).toBeInTheDocument();
  expect(within((await screen.findByText('A-100')).closest('tr')!).queryByText('Cancelada')).not.toBeInTheDocument();

  await user.click(within(row).getByRole('button', { name: 'Expandir fila' }));
  const details = await screen.findByRole('region', { name: 'Cancelación de la entrada B-7' });
  expect(details).toHaveTextContent('Cancelada porLuis Gómez');
  expect(details).toHaveTextContent('Fecha de cancelación07/03/2026 09:05');
  expect(details).toHaveTextContent('MotivoFactura capturada dos veces');
  const movementsTable = await screen.findByRole('table', { name: 'Movimientos de la entrada 6' });
  expect(await within(movementsTable).findByText('Cancelación de entrada')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Cancelar entrada' })).not.toBeInTheDocument();
});

test('"Cancelar entrada": the dialog explains, requires a 5–500 character reason, sends it once with a key, notifies and refreshes lists, stock and movements', async () => {
  const user = userEvent.setup({ delay: null });
  let answered = false;
  const { calls } = renderHistory(({ method, path }) => {
    if (method === 'POST' && path === '/api/invoices/5/cancellation') {
      answered = true;
      return { id: 1, documentId: 5 };
    }
    if (method === 'GET' && path === '/api/invoices')
      return answered ? [{ ...invoices[1], status: 'CANCELADA', cancellation: { ...cancelled.cancellation } }, invoices[0]] : invoices;
    return undefined;
  });
  await expandInvoice(user, 'A-100');
  await user.click(screen.getByRole('button', { name: 'Cancelar entrada' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancelar entrada A-100' });
  expect(dialog).toHaveTextContent('Se registrarán movimientos que revierten esta entrada; el documento original se conserva.');
  expect(within(dialog).getByRole('button', { name: 'No, regresar' })).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
  expect(await within(dialog).findByText('El motivo de la cancelación es un campo obligatorio.')).toBeInTheDocument();
  const reason = within(dialog).getByRole('textbox', { name: /Motivo de la cancelación/ });
  await user.type(reason, 'abcd');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
  expect(await within(dialog).findByText('El motivo debe tener entre 5 y 500 caracteres.')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  // A tab pasted from a spreadsheet is refused before sending; a line break is part of a reason.
  await user.clear(reason);
  await user.click(reason);
  await user.paste('Proveedor\tequivocado');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
  expect(
    await within(dialog).findByText('El motivo contiene caracteres de control no permitidos; solo se admiten saltos de línea.'),
  ).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

  await user.clear(reason);
  await user.type(reason, '  Proveedor{Enter}equivocado  ');
  const listLoads = calls.filter((c) => c.path === '/api/invoices').length;
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
  await waitFor(() => expect(toast('Entrada A-100 cancelada correctamente.')).not.toBeNull());
  const posts = calls.filter((c) => c.method === 'POST');
  expect(posts).toEqual([
    expect.objectContaining({
      path: '/api/invoices/5/cancellation',
      body: { reason: 'Proveedor\nequivocado' },
      headers: { 'idempotency-key': expect.stringMatching(/^[0-9a-f-]{36}$/) },
    }),
  ]);
  // The list (and the open movements) are fetched again: the row now says "Cancelada".
  await waitFor(() => expect(calls.filter((c) => c.path === '/api/invoices').length).toBeGreaterThan(listLoads));
  // The closing dialog keeps the page aria-hidden for its exit transition: wait for the table.
  await waitFor(() => expect(within(bodyRows('Entradas')[0]).getByText('Cancelada')).toBeInTheDocument());
  expect(calls.filter((c) => c.path === '/api/movements/invoices/5').length).toBeGreaterThan(1);
});

test('a refused cancellation says "¡Oh no!" + "…cancelar la entrada solicitada." + the server\'s message; "No, regresar" sends nothing', async () => {
  const user = userEvent.setup({ delay: null });
  const refusal = 'Existencia insuficiente del producto «Clips» (id 10): disponible 1, solicitado 2.5.';
  const { calls } = renderHistory(({ method, path }) => {
    if (method === 'POST' && path === '/api/invoices/5/cancellation') throw new ApiError(409, refusal);
    return undefined;
  });
  await expandInvoice(user, 'A-100');
  await user.click(screen.getByRole('button', { name: 'Cancelar entrada' }));
  let dialog = await screen.findByRole('dialog', { name: 'Cancelar entrada A-100' });
  await user.click(within(dialog).getByRole('button', { name: 'No, regresar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

  // findByRole: the page stays aria-hidden until the dialog's exit transition ends.
  await user.click(await screen.findByRole('button', { name: 'Cancelar entrada' }));
  dialog = await screen.findByRole('dialog', { name: 'Cancelar entrada A-100' });
  await user.type(within(dialog).getByRole('textbox', { name: /Motivo de la cancelación/ }), 'Proveedor equivocado');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
  await waitFor(() => expect(toast(`Algo salió mal mientras tratábamos de cancelar la entrada solicitada. ${refusal}`)).not.toBeNull());
  expect(toast('¡Oh no!')).not.toBeNull();
});
