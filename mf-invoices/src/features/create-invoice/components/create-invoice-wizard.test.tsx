import '@testing-library/jest-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { ApiError } from '@almacen/shared';
import { todayIn, type Invoice } from '@almacen/shared/domain';
import { isoToDateText } from '@almacen/shared/kit';
import { Route, Routes, useLocation } from '@almacen/shared/router';
import { anInvoice, type FakeApiRequest, renderWithPlatform } from '@almacen/shared/testing';
import InvoicesApp from '../../../app';

/** The calendar beside a date field: it carries the bounds the field accepts (YYYY-MM-DD). */
const calendarOf = (field: HTMLElement) => field.closest('.fui-Input')!.querySelector('input[type="date"]');

const suppliers = [
  { id: 1, name: 'Papelería del Centro', rfc: 'PCE010203AB1' },
  { id: 2, name: 'Abarrotes López', rfc: 'ALO990101XY2' },
];
const employees = [
  { id: 1, name: 'Laura', lastName: 'Méndez' },
  { id: 2, name: 'Jorge', lastName: 'Ruiz' },
  { id: 3, name: 'Sofía', lastName: 'Castro' },
];
const products = [
  {
    id: 10,
    name: 'Papel bond carta',
    unit: { id: 1, description: 'Caja' },
    category: { id: 2, description: '2111 Materiales de oficina' },
  },
  { id: 11, name: 'Café molido', unit: null, category: null, barcode: '7501055300075' },
];

type Handler = (request: FakeApiRequest) => unknown;

const catalogs: Handler = ({ method, path }) => {
  if (method !== 'GET') return undefined;
  if (path === '/api/catalog/suppliers') return suppliers;
  if (path === '/api/catalog/employees') return employees;
  if (path === '/api/catalog/products') return products;
  if (path === '/api/invoices') return [];
  if (path.startsWith('/api/stock/')) return { availableQuantity: '0', averagePrice: '0' };
  if (path.startsWith('/api/movements/')) return [];
  return undefined;
};

function Location() {
  return <output aria-label="Ruta">{useLocation().pathname}</output>;
}

/** Another screen of the portal that shows a product's stock and movements (they must refresh). */
function StockProbe() {
  useSWR('/api/stock/10');
  useSWR('/api/movements/products/10');
  return null;
}

/** The wizard once it is on screen (it waits for /api/me: only who may register entries gets it). */
async function renderWizard(handler: Handler = () => undefined, { withProbe = false } = {}) {
  const rendered = renderWithPlatform(
    <>
      <Routes>
        <Route path="/dashboard/invoices/*" element={<InvoicesApp />} />
      </Routes>
      <Location />
      {withProbe && <StockProbe />}
    </>,
    { route: '/dashboard/invoices/generate', api: (request: FakeApiRequest) => handler(request) ?? catalogs(request) },
  );
  await screen.findByRole('button', { name: 'Siguiente paso' });
  return rendered;
}

type User = ReturnType<typeof userEvent.setup>;

const step = (name: string) => screen.getByRole('group', { name });
const currentStep = () => screen.getByRole('listitem', { current: 'step' });
const row = (n: number) => screen.getByRole('group', { name: `Producto ${n}` });
const toast = (text: string) => screen.getAllByText(text).find((element) => element.closest('.fui-Toast')) ?? null;

async function choose(user: User, scope: HTMLElement, label: string, option: string) {
  const box = within(scope).getByRole('combobox', { name: label });
  await user.click(box);
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(box).toHaveValue(option));
}

async function fillHeader(user: User) {
  const header = step('Datos de la factura');
  await choose(user, header, 'Tienda de procedencia', 'Papelería del Centro');
  await user.type(within(header).getByRole('textbox', { name: 'Número de factura' }), 'A-100');
  await choose(user, header, 'Tipo de entrada', 'Compra directa');
  await choose(user, header, 'Director del plantel', 'Laura Méndez');
  await choose(user, header, 'Elaborador', 'Jorge Ruiz');
  await choose(user, header, 'Almacenista', 'Sofía Castro');
}

async function addProduct(user: User, n: number, product: string, quantity: string, price: string) {
  await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
  const scope = row(n);
  await choose(user, scope, 'Producto', product);
  await user.type(within(scope).getByRole('textbox', { name: 'Cantidad' }), quantity);
  await user.type(within(scope).getByRole('textbox', { name: 'Precio del artículo' }), price);
}

const priceInput = (n: number) => within(row(n)).getByRole('textbox', { name: 'Precio del artículo' });
const rateInput = (n: number) => within(row(n)).getByRole('textbox', { name: 'Tasa del IEPS' });
const vatBox = (n: number) => within(row(n)).getByRole('checkbox', { name: 'Agregar IVA' });
const iepsBox = (n: number) => within(row(n)).getByRole('checkbox', { name: 'Agregar IEPS' });

async function toProducts(user: User) {
  await fillHeader(user);
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  await waitFor(() => expect(currentStep()).toHaveTextContent('Lista de productos'));
}

// Fluent's comboboxes and typing character by character are slow in jsdom on a busy machine.
jest.setTimeout(60_000);

afterEach(() => jest.useRealTimers());

test('"Nueva factura" shows the three steps, which cannot be clicked, in a container at most 1024 px wide', async () => {
  const user = userEvent.setup({ delay: null });
  await renderWizard();
  const title = screen.getByRole('heading', { name: 'Nueva factura' });
  expect(document.title).toBe('Nueva factura · Almacén');
  expect(title.parentElement).toHaveStyle({ maxWidth: '1024px' });
  const labels = within(screen.getByRole('list', { name: 'Pasos' })).getAllByRole('listitem');
  expect(labels.map((item) => item.textContent?.replace(/^\d|✓/, ''))).toEqual([
    'Datos de la factura',
    'Lista de productos',
    'Resumen de factura',
  ]);
  await user.click(within(screen.getByRole('list', { name: 'Pasos' })).getByText('Resumen de factura'));
  expect(currentStep()).toHaveTextContent('Datos de la factura');
  expect(screen.getByRole('button', { name: 'Siguiente paso' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Regresar' })).not.toBeInTheDocument();
});

test('step "Datos de la factura" shows every spec message and does not move on', async () => {
  const user = userEvent.setup({ delay: null });
  await renderWizard();
  const header = step('Datos de la factura');
  // the date starts as today in the institution's time zone
  const date = within(header).getByLabelText(/^Fecha/);
  expect(date).toHaveValue(isoToDateText(todayIn('America/Mexico_City')));
  await user.clear(date);
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));

  for (const message of [
    'El nombre del proveedor es un campo obligatorio.',
    'El número de factura es un campo obligatorio.',
    'La fecha de la factura es un campo obligatorio.',
    'El tipo de entrada es un campo obligatorio.',
    'El nombre del director es un campo obligatorio.',
    'El nombre del elaborador es un campo obligatorio',
    'El nombre del almacenista es un campo obligatorio.',
  ]) {
    expect(within(header).getByText(message)).toBeInTheDocument();
  }
  expect(currentStep()).toHaveTextContent('Datos de la factura');

  // white space is not an invoice number
  await user.type(within(header).getByRole('textbox', { name: 'Número de factura' }), '   ');
  expect(within(header).getByText('El número de factura es un campo obligatorio.')).toBeInTheDocument();
});

test('the invoice date cannot be after today (in the institution time zone)', async () => {
  const user = userEvent.setup({ delay: null });
  await renderWizard();
  await fillHeader(user);
  const header = step('Datos de la factura');
  const date = within(header).getByLabelText(/^Fecha/);
  const today = todayIn('America/Mexico_City');
  expect(calendarOf(date)).toHaveAttribute('max', today);
  const tomorrow = new Date(`${today}T00:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  await user.clear(date);
  await user.type(date, isoToDateText(tomorrow.toISOString().slice(0, 10)));
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  expect(within(header).getByText('La fecha no puede ser posterior a hoy.')).toBeInTheDocument();
  expect(currentStep()).toHaveTextContent('Datos de la factura');

  await user.clear(date);
  await user.type(date, isoToDateText(today));
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  expect(currentStep()).toHaveTextContent('Lista de productos');
});

test('with September 2026 closed, the date picker starts on 1 October, says why, and a date in September does not go on', async () => {
  const user = userEvent.setup({ delay: null });
  const closings = [
    { id: 2, until: '2026-10-31', status: 'REABIERTO', totalValue: '0', products: 0 },
    { id: 1, until: '2026-09-30', status: 'CERRADO', totalValue: '1500.00', products: 3 },
  ];
  await renderWizard(({ method, path }) => (method === 'GET' && path === '/api/period-closings' ? closings : undefined));
  const header = step('Datos de la factura');
  expect(await within(header).findByText('El periodo hasta el 30/09/2026 está cerrado.')).toBeInTheDocument();
  const date = within(header).getByLabelText(/^Fecha/);
  expect(calendarOf(date)).toHaveAttribute('min', '2026-10-01');
  await fillHeader(user);
  await user.clear(date);
  await user.type(date, '30/09/2026');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  expect(
    within(header).getByText('El periodo hasta el 30/09/2026 está cerrado; registra el documento con una fecha posterior.'),
  ).toBeInTheDocument();
  expect(currentStep()).toHaveTextContent('Datos de la factura');

  await user.clear(date);
  await user.type(date, '01/10/2026');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  expect(currentStep()).toHaveTextContent('Lista de productos');
});

test('without closings the date field has no hint and accepts any past date', async () => {
  const user = userEvent.setup({ delay: null });
  await renderWizard();
  const header = step('Datos de la factura');
  const date = within(header).getByLabelText(/^Fecha/);
  expect(calendarOf(date)).toHaveAttribute('min', '2000-01-01');
  expect(within(header).queryByText(/está cerrado/)).not.toBeInTheDocument();
  await fillHeader(user);
  await user.clear(date);
  await user.type(date, '15/01/2026');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  expect(currentStep()).toHaveTextContent('Lista de productos');
});

test('step "Lista de productos": no products → the "¡Hey!" notice, closed after 3 s', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  await renderWizard();
  await toProducts(user);
  await user.click(screen.getByRole('button', { name: 'Ver resumen de entrada' }));
  expect(toast('¡Hey!')).toBeInTheDocument();
  expect(toast('La factura debe contener por lo menos un producto.')).toBeInTheDocument();
  expect(currentStep()).toHaveTextContent('Lista de productos');
  act(() => jest.advanceTimersByTime(2990));
  expect(toast('¡Hey!')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(20));
  await waitFor(() => expect(screen.queryByText('La factura debe contener por lo menos un producto.')).not.toBeInTheDocument());
});

test('step "Lista de productos" shows the per-product spec messages', async () => {
  const user = userEvent.setup({ delay: null });
  await renderWizard();
  await toProducts(user);
  await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
  await user.click(screen.getByRole('button', { name: 'Ver resumen de entrada' }));
  const first = row(1);
  expect(within(first).getByText('El nombre del producto es un campo obligatorio.')).toBeInTheDocument();
  expect(within(first).getByText('La cantidad del producto debe ser mayor a 0.')).toBeInTheDocument();
  expect(within(first).getByText('El precio del producto debe ser mayor a 0.')).toBeInTheDocument();
  expect(currentStep()).toHaveTextContent('Lista de productos');

  await user.type(within(first).getByRole('textbox', { name: 'Cantidad' }), '0');
  await user.type(priceInput(1), '0');
  expect(within(first).getByText('La cantidad del producto debe ser mayor a 0.')).toBeInTheDocument();
  expect(within(first).getByText('El precio del producto debe ser mayor a 0.')).toBeInTheDocument();

  // going back is always allowed, even with this step invalid
  await user.click(screen.getByRole('button', { name: 'Regresar' }));
  expect(currentStep()).toHaveTextContent('Datos de la factura');
  expect(within(step('Datos de la factura')).getByRole('textbox', { name: 'Número de factura' })).toHaveValue('A-100');
});

test('«Código de barras»: a scanned code and Enter adds the product with one unit, the next read adds one more; the price is still typed', async () => {
  const user = userEvent.setup({ delay: null });
  await renderWizard();
  await toProducts(user);
  const scan = within(step('Lista de productos')).getByRole('textbox', { name: 'Código de barras' });
  await user.type(scan, '7501055300075{Enter}');
  await waitFor(() => expect(within(row(1)).getByRole('combobox', { name: 'Producto' })).toHaveValue('Café molido'));
  await user.type(scan, '7501055300075{Enter}');
  await waitFor(() => expect(within(row(1)).getByRole('textbox', { name: 'Cantidad' })).toHaveValue('2'));
  expect(priceInput(1)).toHaveValue('');
  expect(currentStep()).toHaveTextContent('Lista de productos');
});

test('IVA multiplies the price by 1.16 and unticking gives back exactly the typed price; the price is disabled meanwhile', async () => {
  const user = userEvent.setup({ delay: null });
  await renderWizard();
  await toProducts(user);
  await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
  // nothing to put a tax on yet
  expect(vatBox(1)).toBeDisabled();
  expect(iepsBox(1)).toBeDisabled();
  await user.type(priceInput(1), '33.333');
  expect(vatBox(1)).toBeEnabled();

  await user.click(vatBox(1));
  expect(priceInput(1)).toHaveValue('38.666');
  expect(priceInput(1)).toBeDisabled();
  expect(rateInput(1)).toBeEnabled();
  await user.click(vatBox(1));
  expect(priceInput(1)).toHaveValue('33.333');
  expect(priceInput(1)).toBeEnabled();

  for (let i = 0; i < 5; i += 1) {
    await user.click(vatBox(1));
    await user.click(vatBox(1));
  }
  expect(priceInput(1)).toHaveValue('33.333');
});

test('IEPS multiplies by 1 + rate/100 (8 % and 26.5 %), with IVA in either order, and the rate is disabled while it applies', async () => {
  const user = userEvent.setup({ delay: null });
  await renderWizard();
  await toProducts(user);
  await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
  await user.type(priceInput(1), '100');
  await user.clear(rateInput(1));
  // no rate, no IEPS
  expect(iepsBox(1)).toBeDisabled();
  await user.type(rateInput(1), '8');

  // IEPS then IVA
  await user.click(iepsBox(1));
  expect(priceInput(1)).toHaveValue('108');
  expect(priceInput(1)).toBeDisabled();
  expect(rateInput(1)).toBeDisabled();
  await user.click(vatBox(1));
  expect(priceInput(1)).toHaveValue('125.28');
  await user.click(iepsBox(1));
  expect(priceInput(1)).toHaveValue('116');
  expect(rateInput(1)).toBeEnabled();
  expect(priceInput(1)).toBeDisabled();
  await user.click(vatBox(1));
  expect(priceInput(1)).toHaveValue('100');
  expect(priceInput(1)).toBeEnabled();

  // IVA then IEPS at 26.5 %
  await user.clear(rateInput(1));
  await user.type(rateInput(1), '26.5');
  await user.click(vatBox(1));
  expect(priceInput(1)).toHaveValue('116');
  await user.click(iepsBox(1));
  expect(priceInput(1)).toHaveValue('146.74');
  await user.click(vatBox(1));
  expect(priceInput(1)).toHaveValue('126.5');
  await user.click(iepsBox(1));
  expect(priceInput(1)).toHaveValue('100');

  // a price with 3 decimals through both, in both orders
  await user.clear(priceInput(1));
  await user.type(priceInput(1), '33.333');
  await user.click(iepsBox(1));
  await user.click(vatBox(1));
  const both = (priceInput(1) as HTMLInputElement).value;
  await user.click(iepsBox(1));
  await user.click(vatBox(1));
  expect(priceInput(1)).toHaveValue('33.333');
  await user.click(vatBox(1));
  await user.click(iepsBox(1));
  expect(priceInput(1)).toHaveValue(both);
  expect(both).toBe('48.913'); // 33.333 × 1.16 × 1.265 = 48.9128…
});

const invoiceAnswer: Invoice = anInvoice({ id: 5, invoiceNumber: 'A-100', invoiceType: 'COMPRA_DIRECTA', invoiceDate: '2026-03-01' });

async function fillInvoice(user: User) {
  await toProducts(user);
  await addProduct(user, 1, 'Papel bond carta', '2.5', '33.333');
  await user.click(vatBox(1));
  await user.type(within(row(1)).getByRole('textbox', { name: 'Observaciones' }), 'Caja dañada');
  await addProduct(user, 2, 'Café molido', '3', '100');
  await user.clear(rateInput(2));
  await user.type(rateInput(2), '26.5');
  await user.click(iepsBox(2));
  await user.click(screen.getByRole('button', { name: 'Ver resumen de entrada' }));
  await waitFor(() => expect(currentStep()).toHaveTextContent('Resumen de factura'));
}

test('step "Resumen de factura" shows everything read-only with the acquisition price', async () => {
  const user = userEvent.setup({ delay: null });
  await renderWizard();
  await fillInvoice(user);
  const summary = step('Resumen de factura');
  const field = (label: string) => within(summary).getByRole('textbox', { name: label });
  expect(field('Tienda de procedencia')).toHaveValue('Papelería del Centro');
  expect(field('Número de factura')).toHaveValue('A-100');
  const [y, m, d] = todayIn('America/Mexico_City').split('-');
  expect(field('Fecha')).toHaveValue(`${d}/${m}/${y}`);
  expect(field('Tipo de entrada')).toHaveValue('Compra directa');
  expect(field('Director del plantel')).toHaveValue('Laura Méndez');
  expect(field('Elaborador')).toHaveValue('Jorge Ruiz');
  expect(field('Almacenista')).toHaveValue('Sofía Castro');
  for (const label of ['Tienda de procedencia', 'Número de factura', 'Fecha', 'Tipo de entrada', 'Director del plantel']) {
    expect(field(label)).toHaveAttribute('readonly');
  }

  const table = within(summary).getByRole('table', { name: 'Productos de la factura' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
  const cell = (r: number, header: string) => rows[r][headers.indexOf(header)];
  expect(headers).toContain('Precio de adquisición');
  expect(cell(0, 'Nombre')).toBe('Papel bond carta');
  expect(cell(0, 'Unidad')).toBe('Caja');
  expect(cell(0, 'Cantidad')).toBe('2.5');
  expect(cell(0, 'Precio de adquisición')).toBe('$38.666');
  expect(cell(0, 'Observaciones')).toBe('Caja dañada');
  expect(cell(1, 'Nombre')).toBe('Café molido');
  expect(cell(1, 'Precio de adquisición')).toBe('$126.50');
  expect(cell(1, 'IEPS')).toBe('26.5 %');
  expect(screen.getByRole('button', { name: 'Regresar' })).toBeEnabled();
});

test('saving posts the spec payload once with an Idempotency-Key, says so in green, goes to the history and refreshes entries, stock and movements', async () => {
  const user = userEvent.setup({ delay: null });
  const posts: FakeApiRequest[] = [];
  let release: () => void = () => undefined;
  const { calls } = await renderWizard(
    (request) => {
      if (request.method === 'POST' && request.path === '/api/invoices') {
        posts.push(request);
        return new Promise((resolve) => (release = () => resolve(invoiceAnswer)));
      }
      return undefined;
    },
    { withProbe: true },
  );
  await fillInvoice(user);
  const count = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;
  const before = { stock: count('/api/stock/10'), movements: count('/api/movements/products/10') };

  const save = screen.getByRole('button', { name: 'Guardar entrada' });
  await user.dblClick(save);
  expect(save).toBeDisabled();
  expect(posts).toHaveLength(1);
  expect(posts[0].headers?.['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(posts[0].body).toEqual({
    supplierId: 1,
    invoiceNumber: 'A-100',
    invoiceDate: todayIn('America/Mexico_City'),
    invoiceType: 'COMPRA_DIRECTA',
    directorEmployeeId: 1,
    enteredByEmployeeId: 2,
    warehouseKeeperEmployeeId: 3,
    products: [
      {
        productId: 10,
        purchasePrice: 38.666,
        quantity: 2.5,
        observations: 'Caja dañada',
        applyExciseTax: false,
        applyValueAddedTaxToPurchasePrice: true,
        exciseTaxRate: 0,
      },
      {
        productId: 11,
        purchasePrice: 126.5,
        quantity: 3,
        observations: null,
        applyExciseTax: true,
        applyValueAddedTaxToPurchasePrice: false,
        exciseTaxRate: 26.5,
      },
    ],
  });

  await act(async () => release());
  await waitFor(() => expect(toast('Factura A-100 registrada correctamente.')).toBeInTheDocument());
  await waitFor(() => expect(screen.getByRole('status', { name: 'Ruta' })).toHaveTextContent('/dashboard/invoices/history'));
  expect(await screen.findByRole('table', { name: 'Entradas' })).toBeInTheDocument();
  await waitFor(() => {
    expect(count('/api/stock/10')).toBeGreaterThan(before.stock);
    expect(count('/api/movements/products/10')).toBeGreaterThan(before.movements);
  });
  expect(posts).toHaveLength(1);
});

test('a failed save shows "¡Oh no!" with the server message and keeps what was typed', async () => {
  const user = userEvent.setup({ delay: null });
  const posts: FakeApiRequest[] = [];
  await renderWizard((request) => {
    if (request.method === 'POST' && request.path === '/api/invoices') {
      posts.push(request);
      throw new ApiError(409, 'Ya existe la factura A-100 de este proveedor.');
    }
    return undefined;
  });
  await fillInvoice(user);
  await user.click(screen.getByRole('button', { name: 'Guardar entrada' }));
  await waitFor(() => expect(toast('¡Oh no!')).toBeInTheDocument());
  expect(
    toast('Algo salió mal mientras tratábamos de crear la entrada solicitada. Ya existe la factura A-100 de este proveedor.'),
  ).toBeInTheDocument();
  expect(currentStep()).toHaveTextContent('Resumen de factura');
  expect(screen.getByRole('status', { name: 'Ruta' })).toHaveTextContent('/dashboard/invoices/generate');
  expect(screen.getByRole('button', { name: 'Guardar entrada' })).toBeEnabled();

  await user.click(screen.getByRole('button', { name: 'Regresar' }));
  expect(priceInput(1)).toHaveValue('38.666');
  expect(vatBox(1)).toBeChecked();
  expect(priceInput(2)).toHaveValue('126.5');
  await user.click(screen.getByRole('button', { name: 'Regresar' }));
  expect(within(step('Datos de la factura')).getByRole('textbox', { name: 'Número de factura' })).toHaveValue('A-100');

  // trying again with the same invoice sends the same key: the server can recognise the retry
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  await user.click(screen.getByRole('button', { name: 'Ver resumen de entrada' }));
  await user.click(screen.getByRole('button', { name: 'Guardar entrada' }));
  await waitFor(() => expect(posts).toHaveLength(2));
  expect(posts[1].headers?.['Idempotency-Key']).toBe(posts[0].headers?.['Idempotency-Key']);
});
