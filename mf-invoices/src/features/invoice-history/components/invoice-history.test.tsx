import '@testing-library/jest-dom';
import { ApiError } from '@almacen/shared';
import type { Invoice, Movement } from '@almacen/shared/domain';
import { captureDownloads, renderWithPlatform, type FakeApiRequest } from '@almacen/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import InvoicesApp from '../../../app';

const invoices: Invoice[] = [
  { id: 4, invoiceNumber: 'F-0099', invoiceType: 'DONATIVO', invoiceDate: '2026-01-31' },
  { id: 5, invoiceNumber: 'A-100', invoiceType: 'ENTRADA_DE_ALMACEN', invoiceDate: '2026-03-05' },
];
const movements: Movement[] = [
  { id: 21, productId: 10, price: '38.666', quantity: '2.5', movementType: 'INVOICE', observations: 'Caja dañada' },
  { id: 22, productId: 11, price: '1234.5', quantity: '1200', movementType: 'INVOICE', observations: null },
];

type Handler = (request: FakeApiRequest) => unknown;

const base: Handler = ({ method, path }) => {
  if (method === 'GET' && path === '/api/invoices') return invoices;
  if (method === 'GET' && path === '/api/movements/invoices/5') return movements;
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
  expect(headers('Entradas')).toEqual(['ID', 'Número de factura', 'Tipo de entrada', 'Fecha de factura']);
  const rows = bodyRows('Entradas').map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
  // newest first
  expect(rows.map((cells) => cells.filter((text) => text && text.trim() !== ''))).toEqual([
    ['5', 'A-100', 'Entrada de almacén', '05/03/2026'],
    ['4', 'F-0099', 'Donativo', '31/01/2026'],
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
  await user.click(screen.getByRole('button', { name: 'Crear nueva entrada' }));
  expect(await screen.findByRole('heading', { name: 'Nueva factura' })).toBeInTheDocument();
});

test('expanding an entry shows its movements with the registered price in pesos', async () => {
  const user = userEvent.setup({ delay: null });
  const { calls } = renderHistory();
  const movementsTable = await expandInvoice(user, 'A-100');
  await within(movementsTable).findByText('Caja dañada');
  expect(calls.some((c) => c.method === 'GET' && c.path === '/api/movements/invoices/5')).toBe(true);
  const name = 'Movimientos de la entrada 5';
  expect(headers(name)).toEqual(['ID', 'Precio registrado', 'Cantidad', 'Observaciones']);
  const rows = bodyRows(name).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
  expect(rows).toEqual([
    ['21', '$38.666', '2.5', 'Caja dañada'],
    ['22', '$1,234.50', '1,200', ''],
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

test('the server\'s file name (Content-Disposition) is kept, e.g. a spreadsheet', async () => {
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
