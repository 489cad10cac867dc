import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { ApiError, NETWORK_ERROR_MESSAGE, type Employee, type Product, type Stock } from '@almacen/shared';
import { todayIn } from '@almacen/shared/domain';
import { draftStorageKey } from '@almacen/shared/kit';
import { isoToDateText } from '@almacen/shared/kit';
import { Route, Routes, useLocation, type InitialEntry } from '@almacen/shared/router';
import { aProduct, type FakeApiRequest, renderWithPlatform, testUser } from '@almacen/shared/testing';
import DispatchesApp from '../../../app';
import { DispatchWizard } from './dispatch-wizard';

/** The calendar beside a date field: it carries the bounds the field accepts (YYYY-MM-DD). */
const calendarOf = (field: HTMLElement) => field.closest('.fui-Input')!.querySelector('input[type="date"]');

jest.setTimeout(60_000);

const employees: Employee[] = [
  { id: 1, name: 'Ana', lastName: 'López', email: null },
  { id: 2, name: 'Luis', lastName: 'Pérez', email: null },
  { id: 3, name: 'Marta', lastName: 'Ruiz', email: null },
];
const products: Product[] = [
  {
    id: 5,
    name: 'Papel bond carta',
    unit: { id: 1, description: 'Paquete' },
    category: { id: 1, description: '2111 Materiales de oficina' },
    barcode: '7501055300075',
  },
  { id: 7, name: 'Tóner negro', unit: { id: 2, description: 'Pieza' }, category: null, barcode: 'ALM000007' },
  { id: 9, name: 'Cinta adhesiva', unit: null, category: null },
].map(aProduct);

interface Server {
  stock: Record<number, Stock>;
  /** What POST /api/dispatches does; default: creates dispatch 31. */
  post?: (request: FakeApiRequest) => unknown;
  /** What GET /api/period-closings answers; default: no closing (the fake API's own answer). */
  closings?: () => unknown;
  /** What GET /api/dispatches/defaults answers; default: no previous exit (null). */
  defaults?: unknown;
}

function fakeApi(server: Server) {
  return (request: FakeApiRequest) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/api/catalog/employees') return employees;
    if (method === 'GET' && path === '/api/catalog/products') return products;
    const stock = /^\/api\/stock\/(\d+)$/.exec(path);
    if (method === 'GET' && stock) {
      const found = server.stock[Number(stock[1])];
      if (!found) throw new ApiError(404, 'El producto solicitado no existe.');
      return found;
    }
    if (method === 'GET' && path.startsWith('/api/movements/')) return [];
    if (method === 'GET' && path === '/api/dispatches') return [{ id: 31, dispatchDate: '2026-03-02' }];
    if (method === 'GET' && path === '/api/dispatches/defaults') return server.defaults ?? null;
    if (method === 'GET' && path === '/api/period-closings' && server.closings) return server.closings();
    if (method === 'POST' && path === '/api/dispatches') {
      return server.post ? server.post(request) : { id: 31, dispatchDate: (request.body as { dispatchDate: string }).dispatchDate };
    }
    return undefined;
  };
}

const defaultStock = (): Record<number, Stock> => ({
  5: { availableQuantity: '12.5', averagePrice: '15.5' },
  7: { availableQuantity: '200', averagePrice: '10.123456' },
  9: { availableQuantity: '0', averagePrice: '0' },
});

function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <output aria-label="Ruta actual">{location.pathname}</output>
      <output aria-label="Entrada del historial">{JSON.stringify({ pathname: location.pathname, state: location.state })}</output>
    </>
  );
}

/** The history entry on screen: a reload starts again at it (with its state). */
const currentEntry = (): InitialEntry => JSON.parse(screen.getByLabelText('Entrada del historial').textContent ?? '{}');

/** Keeps stock and movement keys mounted, as the stock page of another remote would. */
function OtherScreens() {
  useSWR('/api/stock/7');
  useSWR('/api/movements/products/7');
  return null;
}

type User = ReturnType<typeof userEvent.setup>;

const today = todayIn('America/Mexico_City');
const currentStep = () => screen.getByRole('listitem', { current: 'step' });
/** The wizard keeps every step mounted and hides the others: look inside the one on screen. */
const panel = (label: string) => screen.getByRole('group', { name: label });
const row = (n: number) => screen.getByRole('group', { name: `Producto ${n}` });
const calls = (all: FakeApiRequest[], method: string, path: string) => all.filter((c) => c.method === method && c.path === path);

async function choose(user: User, label: string, option: string, scope: HTMLElement = document.body) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillHeader(user: User) {
  await choose(user, 'Responsable del área solicitante', 'Ana López');
  await choose(user, 'Solicitante', 'Luis Pérez');
  await choose(user, 'Almacenista', 'Marta Ruiz');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  await waitFor(() => expect(currentStep()).toHaveTextContent('Lista de productos'));
}

async function addRow(user: User, product: string, quantity: string) {
  await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
  const rows = screen.getAllByRole('group', { name: /^Producto \d+$/ });
  const last = rows[rows.length - 1];
  await choose(user, 'Producto', product, last);
  await waitFor(() => expect(within(last).getByText(/^Disponible: /)).toBeInTheDocument());
  if (quantity) await user.type(within(last).getByRole('textbox', { name: 'Cantidad' }), quantity);
  return last;
}

function renderWizard(server: Server = { stock: defaultStock() }, route: InitialEntry = '/dashboard/dispatches/generate') {
  // One route for every page of the remote: navigating to the history keeps the wizard mounted,
  // so what it does after a save (the reset one second later) can be watched.
  return renderWithPlatform(
    <>
      <Routes>
        <Route path="/dashboard/dispatches/:page" element={<DispatchWizard />} />
      </Routes>
      <LocationProbe />
      <OtherScreens />
    </>,
    { api: fakeApi(server), route },
  );
}

afterEach(() => {
  jest.useRealTimers();
});

describe('Nueva salida — Datos de la salida', () => {
  test('three steps, the first with today and the three employee selects; every form message', async () => {
    const user = userEvent.setup();
    renderWizard();
    expect(screen.getByRole('heading', { name: 'Nueva salida' })).toBeInTheDocument();
    expect(document.title).toBe('Nueva salida · Almacén');
    const steps = within(screen.getByRole('list', { name: 'Pasos' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent?.replace(/^\d/, ''))).toEqual([
      'Datos de la salida',
      'Lista de productos',
      'Resumen de salida',
    ]);
    const date = within(panel('Datos de la salida')).getByLabelText(/Fecha de salida/);
    expect(date).toHaveValue(isoToDateText(today));
    expect(calendarOf(date)).toHaveAttribute('max', today);

    fireEvent.change(date, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
    for (const message of [
      'La fecha de salida es un campo obligatorio.',
      'El nombre del responsable del área es un campo obligatorio.',
      'El nombre del solicitante es un campo obligatorio.',
      'El nombre del almacenista es un campo obligatorio.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(currentStep()).toHaveTextContent('Datos de la salida');
    expect(screen.queryByRole('button', { name: 'Regresar' })).not.toBeInTheDocument();

    // a date after today is refused too
    fireEvent.change(date, { target: { value: '2999-01-01' } });
    expect(await screen.findByText('La fecha no puede ser posterior a hoy.')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2026-01-15' } });
    // messages follow every change
    await choose(user, 'Solicitante', 'Luis Pérez');
    expect(screen.queryByText('El nombre del solicitante es un campo obligatorio.')).not.toBeInTheDocument();
    await choose(user, 'Responsable del área solicitante', 'Ana López');
    await choose(user, 'Almacenista', 'Marta Ruiz');
    await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Lista de productos'));
    expect(screen.getByRole('button', { name: 'Regresar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver resumen de salida' })).toBeInTheDocument();
  });
});

test("«Almacenista» starts as the person's last exit had it; the other two signers are chosen each time", async () => {
  renderWizard({ stock: defaultStock(), defaults: { warehouseKeeperEmployeeId: 3 } });
  const header = panel('Datos de la salida');
  await waitFor(() => expect(within(header).getByRole('combobox', { name: 'Almacenista' })).toHaveValue('Marta Ruiz'));
  expect(within(header).getByRole('combobox', { name: 'Solicitante' })).toHaveValue('');
  expect(within(header).getByRole('combobox', { name: 'Responsable del área solicitante' })).toHaveValue('');
  // What the last choices put in is the wizard's starting point, not unsaved work: no draft is
  // kept and leaving asks nothing.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(window.sessionStorage.getItem(draftStorageKey('salida', testUser.email))).toBeNull();
});

test('a late «Almacenista» answer does not take over the list the person is already choosing from', async () => {
  const user = userEvent.setup();
  let answer: (value: unknown) => void = () => undefined;
  renderWizard({ stock: defaultStock(), defaults: new Promise((resolve) => (answer = resolve)) });
  const header = panel('Datos de la salida');
  const keeper = within(header).getByRole('combobox', { name: 'Almacenista' });
  await user.click(keeper);
  await user.type(keeper, 'Mar');
  answer({ warehouseKeeperEmployeeId: 3 });
  // what the person typed stays, and the list stays open for them
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(keeper).toHaveValue('Mar');
  expect(await screen.findByRole('listbox')).toBeInTheDocument();
  // leaving it unchosen leaves it empty: the late answer picked nobody behind their back
  await user.keyboard('{Escape}');
  await user.tab();
  expect(keeper).toHaveValue('');
});

describe('Nueva salida — month closings', () => {
  // September 2026 closed; October closed and reopened: the first open day is 1 October.
  const closings = [
    { id: 2, until: '2026-10-31', status: 'REABIERTO', totalValue: '0', products: 0 },
    { id: 1, until: '2026-09-30', status: 'CERRADO', totalValue: '1500.00', products: 3 },
  ];
  const closedSentence = 'El periodo hasta el 30/09/2026 está cerrado; registra el documento con una fecha posterior.';
  const hint = 'El periodo hasta el 30/09/2026 está cerrado.';
  const dateField = () => within(panel('Datos de la salida')).getByLabelText(/Fecha de salida/);

  test('the date picker starts at the first open day, says why, and a date in the closed month does not go on', async () => {
    const user = userEvent.setup();
    renderWizard({ stock: defaultStock(), closings: () => closings });
    expect(await within(panel('Datos de la salida')).findByText(hint)).toBeInTheDocument();
    const date = dateField();
    expect(calendarOf(date)).toHaveAttribute('min', '2026-10-01');
    expect(calendarOf(date)).toHaveAttribute('max', today);
    expect(date).toHaveValue(isoToDateText(today));

    fireEvent.change(date, { target: { value: '2026-09-30' } });
    await choose(user, 'Responsable del área solicitante', 'Ana López');
    await choose(user, 'Solicitante', 'Luis Pérez');
    await choose(user, 'Almacenista', 'Marta Ruiz');
    await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
    expect(await within(panel('Datos de la salida')).findByText(closedSentence)).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Datos de la salida');

    fireEvent.change(date, { target: { value: '2026-10-01' } });
    await waitFor(() => expect(screen.queryByText(closedSentence)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Lista de productos'));
  });

  test('the wizard does not wait for the closings: a date typed meanwhile is judged when they arrive', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const pending = new Promise((resolve) => {
      answer = resolve;
    });
    renderWizard({ stock: defaultStock(), closings: () => pending });
    const date = dateField();
    expect(calendarOf(date)).toHaveAttribute('min', '2000-01-01');
    fireEvent.change(date, { target: { value: '2026-09-15' } });
    fireEvent.blur(date);
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
    expect(screen.queryByText(closedSentence)).not.toBeInTheDocument();

    await act(async () => answer(closings));
    expect(await within(panel('Datos de la salida')).findByText(closedSentence)).toBeInTheDocument();
    // the refusal says it all: the hint is not repeated under it
    expect(within(panel('Datos de la salida')).queryByText(hint)).not.toBeInTheDocument();
    expect(calendarOf(date)).toHaveAttribute('min', '2026-10-01');
    fireEvent.change(date, { target: { value: '2026-10-01' } });
    await waitFor(() => expect(screen.queryByText(closedSentence)).not.toBeInTheDocument());
    expect(within(panel('Datos de la salida')).getByText(hint)).toBeInTheDocument();
  });

  test('closings that cannot be read only mean no hint: the API still refuses a closed date', async () => {
    const user = userEvent.setup();
    renderWizard({
      stock: defaultStock(),
      closings: () => {
        throw new ApiError(500, 'Falla');
      },
    });
    const date = dateField();
    fireEvent.change(date, { target: { value: '2026-09-15' } });
    await fillHeader(user);
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
    expect(calendarOf(date)).toHaveAttribute('min', '2000-01-01');
    expect(screen.queryByRole('listitem', { name: '¡Oh no!' })).not.toBeInTheDocument();
  });
});

test('failed loads of employees and products are each reported once', async () => {
  const failing = fakeApi({ stock: defaultStock() });
  renderWithPlatform(<DispatchWizard />, {
    api: (request: FakeApiRequest) => {
      if (request.path === '/api/catalog/employees') throw new ApiError(500, 'Falla');
      if (request.path === '/api/catalog/products') throw new ApiError(500, 'Falla');
      return failing(request);
    },
    route: '/dashboard/dispatches/generate',
  });
  expect(await screen.findByText('Algo salió mal mientras tratábamos de obtener los empleados.')).toBeInTheDocument();
  expect(await screen.findByText('Algo salió mal mientras tratábamos de obtener los productos.')).toBeInTheDocument();
  expect(screen.getAllByRole('listitem', { name: '¡Oh no!' })).toHaveLength(2);
});

describe('Nueva salida — Lista de productos', () => {
  test('without products the "¡Hey!" notice appears and closes after 3 seconds', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWizard();
    await fillHeader(user);
    await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
    expect(await screen.findByText('¡Hey!')).toBeInTheDocument();
    expect(screen.getByText('La salida debe contener por lo menos un producto.')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Lista de productos');
    act(() => jest.advanceTimersByTime(2900));
    expect(screen.getByText('¡Hey!')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByText('¡Hey!')).not.toBeInTheDocument());
  });

  test('«Código de barras»: a scanned (or typed) code and Enter adds the product, one more unit when it is the last row; an unknown code is said', async () => {
    const user = userEvent.setup();
    const { calls: all } = renderWizard();
    await fillHeader(user);
    const scan = within(panel('Lista de productos')).getByRole('textbox', { name: 'Código de barras' });
    await user.type(scan, '7501055300075{Enter}');
    await waitFor(() => expect(within(row(1)).getByRole('combobox', { name: 'Producto' })).toHaveValue('Papel bond carta'));
    expect(within(row(1)).getByRole('textbox', { name: 'Cantidad' })).toHaveValue('1');
    await waitFor(() => expect(within(row(1)).getByText('Disponible: 12.5')).toBeInTheDocument());
    expect(scan).toHaveValue('');
    expect(screen.getByText('Agregado: Papel bond carta.')).toBeInTheDocument();
    await user.type(scan, '7501055300075{Enter}');
    await waitFor(() => expect(within(row(1)).getByRole('textbox', { name: 'Cantidad' })).toHaveValue('2'));
    // An internal code, typed in lower case: a new row.
    await user.type(scan, 'alm000007{Enter}');
    await waitFor(() => expect(within(row(2)).getByRole('combobox', { name: 'Producto' })).toHaveValue('Tóner negro'));
    expect(within(row(2)).getByRole('textbox', { name: 'Cantidad' })).toHaveValue('1');
    await user.type(scan, '96385074{Enter}');
    expect(await screen.findByText(/^No hay un producto con el código 96385074\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrirlo en «Productos»' })).toHaveAttribute(
      'href',
      '/dashboard/catalogs/products?codigo=96385074',
    );
    expect(scan).toHaveValue('96385074');
    expect(screen.getAllByRole('group', { name: /^Producto \d+$/ })).toHaveLength(2);
    // Enter in the field never moved the wizard on.
    expect(currentStep()).toHaveTextContent('Lista de productos');
    expect(calls(all, 'POST', '/api/dispatches')).toHaveLength(0);
  });

  test('an empty row shows the three product messages', async () => {
    const user = userEvent.setup();
    renderWizard();
    await fillHeader(user);
    await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
    await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
    const first = row(1);
    expect(await within(first).findByText('El nombre del producto es un campo obligatorio.')).toBeInTheDocument();
    expect(within(first).getByText('El precio del producto debe ser mayor a 0.')).toBeInTheDocument();
    expect(within(first).getByText('La cantidad del producto debe ser mayor a 0.')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Lista de productos');
  });

  test('choosing a product reads its stock: exit price = average price, availability shown, quantity limited to it', async () => {
    const user = userEvent.setup();
    const { calls: requests } = renderWizard();
    await fillHeader(user);
    await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
    await choose(user, 'Producto', 'Papel bond carta', row(1));
    expect(await within(row(1)).findByText('Disponible: 12.5')).toBeInTheDocument();
    expect(calls(requests, 'GET', '/api/stock/5').length).toBeGreaterThan(0);
    expect(within(row(1)).getByRole('textbox', { name: 'Precio de salida' })).toHaveValue('$15.50');
    expect(within(row(1)).getByRole('textbox', { name: 'Precio de salida' })).toHaveAttribute('readonly');

    const quantity = within(row(1)).getByRole('textbox', { name: 'Cantidad' });
    // It looks read-only: not the same box as the quantity that is typed in.
    expect(within(row(1)).getByRole('textbox', { name: 'Precio de salida' }).parentElement?.className).not.toBe(
      quantity.parentElement?.className,
    );
    await user.type(quantity, '12.501');
    expect(await within(row(1)).findByText('La cantidad no puede ser mayor a la existencia disponible (12.5).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
    expect(currentStep()).toHaveTextContent('Lista de productos');

    // no sign, no 4th decimal: those keystrokes are refused
    await user.clear(quantity);
    await user.type(quantity, '-12.5001');
    expect(quantity).toHaveValue('12.500');
    expect(within(row(1)).queryByText(/no puede ser mayor/)).not.toBeInTheDocument();

    // another product: its own price (rounded to the 3 decimals of a price) and availability
    await choose(user, 'Producto', 'Tóner negro', row(1));
    expect(await within(row(1)).findByText('Disponible: 200')).toBeInTheDocument();
    // Shown as the ledger keeps it (the stock page and the exit report show the same); sent with 3 decimals.
    expect(within(row(1)).getByRole('textbox', { name: 'Precio de salida' })).toHaveValue('$10.123');

    await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Resumen de salida'));
  });

  test('two rows of the same product share one availability', async () => {
    const user = userEvent.setup();
    renderWizard();
    await fillHeader(user);
    await addRow(user, 'Papel bond carta', '8');
    await addRow(user, 'Papel bond carta', '5');
    const message = 'La suma de las cantidades de este producto (13) no puede ser mayor a la existencia disponible (12.5).';
    expect(await within(row(1)).findByText(message)).toBeInTheDocument();
    expect(within(row(2)).getByText(message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
    expect(currentStep()).toHaveTextContent('Lista de productos');

    const second = within(row(2)).getByRole('textbox', { name: 'Cantidad' });
    await user.clear(second);
    await user.type(second, '4.5');
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Resumen de salida'));
  });

  test('a product without stock cannot be dispatched', async () => {
    const user = userEvent.setup();
    renderWizard();
    await fillHeader(user);
    await addRow(user, 'Cinta adhesiva', '1');
    expect(within(row(1)).getByText('Disponible: 0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
    expect(await within(row(1)).findByText('El producto no tiene existencia disponible.')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Lista de productos');
  });

  test('a failed stock read is told in the "¡Oh no!" toast, the row offers "Reintentar" and cannot go on', async () => {
    const user = userEvent.setup();
    const stock = defaultStock();
    delete stock[7];
    renderWizard({ stock });
    await fillHeader(user);
    await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
    await choose(user, 'Producto', 'Tóner negro', row(1));
    expect(await within(row(1)).findByText('No fue posible consultar la existencia disponible.')).toBeInTheDocument();
    expect(within(row(1)).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    const toast = (
      await screen.findByText('Algo salió mal mientras tratábamos de obtener el stock disponible del producto solicitado.')
    ).closest('.fui-Toast');
    expect(toast).toHaveTextContent('¡Oh no!');
    await user.type(within(row(1)).getByRole('textbox', { name: 'Cantidad' }), '1');
    await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
    expect(await within(row(1)).findByText('Aún no conocemos la existencia disponible del producto.')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Lista de productos');
  });
});

describe('Nueva salida — Resumen y guardado', () => {
  test('the summary shows the date, the products table and the three people', async () => {
    const user = userEvent.setup();
    renderWizard();
    await fillHeader(user);
    await addRow(user, 'Papel bond carta', '2.25');
    await user.type(within(row(1)).getByRole('textbox', { name: 'Observaciones' }), 'Aula 3');
    await addRow(user, 'Tóner negro', '1');
    await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Resumen de salida'));

    const [y, m, d] = today.split('-');
    const summary = within(panel('Resumen de salida'));
    expect(summary.getByLabelText('Fecha de salida')).toHaveValue(`${d}/${m}/${y}`);
    expect(summary.getByLabelText('Fecha de salida')).toHaveAttribute('readonly');
    const table = summary.getByRole('table', { name: 'Productos de la salida' });
    const lines = within(table)
      .getAllByRole('row')
      .map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(lines).toEqual([
      ['ID', 'Nombre', 'Unidad', 'Partida', 'Cantidad', 'Precio de salida', 'Observaciones'],
      ['5', 'Papel bond carta', 'Paquete', '2111 Materiales de oficina', '2.25', '$15.50', 'Aula 3'],
      ['7', 'Tóner negro', 'Pieza', 'Sin partida asignada', '1', '$10.123', ''],
    ]);
    expect(summary.getByLabelText('Responsable del área solicitante')).toHaveValue('Ana López');
    expect(summary.getByLabelText('Solicitante')).toHaveValue('Luis Pérez');
    expect(summary.getByLabelText('Almacenista')).toHaveValue('Marta Ruiz');
    expect(summary.getByLabelText('Almacenista')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Guardar salida' })).toBeInTheDocument();
    // back keeps everything
    await user.click(screen.getByRole('button', { name: 'Regresar' }));
    expect(within(row(1)).getByRole('textbox', { name: 'Cantidad' })).toHaveValue('2.25');
  });

  test('save: the spec payload with an Idempotency-Key, green notice, history, refreshed lists, reset one second later', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { calls: requests } = renderWizard();
    await fillHeader(user);
    await addRow(user, 'Papel bond carta', '2.25');
    await user.type(within(row(1)).getByRole('textbox', { name: 'Observaciones' }), 'Aula 3');
    await addRow(user, 'Tóner negro', '10');
    await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Resumen de salida'));
    const stockReads = calls(requests, 'GET', '/api/stock/7').length;
    const movementReads = calls(requests, 'GET', '/api/movements/products/7').length;

    await user.click(screen.getByRole('button', { name: 'Guardar salida' }));
    // Let the fake API answer without moving the clock, so the reset delay can be measured.
    for (let i = 0; i < 10; i += 1) await act(async () => undefined);
    expect(screen.getByRole('listitem', { name: 'Salida registrada correctamente.' })).toBeInTheDocument();
    expect(screen.getByLabelText('Ruta actual')).toHaveTextContent('/dashboard/dispatches/history');
    expect(currentStep()).toHaveTextContent('Resumen de salida');
    act(() => jest.advanceTimersByTime(900));
    expect(currentStep()).toHaveTextContent('Resumen de salida');
    act(() => jest.advanceTimersByTime(100));
    expect(currentStep()).toHaveTextContent('Datos de la salida');
    expect(screen.getByRole('combobox', { name: 'Solicitante' })).toHaveValue('');
    expect(within(panel('Datos de la salida')).getByLabelText(/Fecha de salida/)).toHaveValue(isoToDateText(today));

    const posts = calls(requests, 'POST', '/api/dispatches');
    expect(posts).toHaveLength(1);
    const body = posts[0].body as { products: Array<{ key: string }> };
    expect(body).toEqual({
      dispatchDate: today,
      personInChargeOfTheRequestingAreaEmployeeId: 1,
      petitionerEmployeeId: 2,
      warehouseKeeperEmployeeId: 3,
      products: [
        { key: expect.any(String), productId: 5, exitPrice: '15.5', quantity: '2.25', observations: 'Aula 3' },
        { key: expect.any(String), productId: 7, exitPrice: '10.123', quantity: '10', observations: '' },
      ],
    });
    expect(body.products[0].key).not.toBe(body.products[1].key);
    expect(posts[0].headers?.['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // lists of other screens (stock, movements) are refreshed
    await waitFor(() => expect(calls(requests, 'GET', '/api/stock/7').length).toBeGreaterThan(stockReads));
    await waitFor(() => expect(calls(requests, 'GET', '/api/movements/products/7').length).toBeGreaterThan(movementReads));
  });

  test('a 409 shows "¡Oh no!" with the server message, keeps the form and reads the stock again', async () => {
    const user = userEvent.setup();
    const server: Server = {
      stock: defaultStock(),
      post: () => {
        // meanwhile another clerk took 9.5 packs out
        server.stock[5] = { availableQuantity: '3', averagePrice: '15.5' };
        throw new ApiError(409, 'Existencia insuficiente de Papel bond carta: disponible 3, solicitado 5.');
      },
    };
    const { calls: requests } = renderWizard(server);
    await fillHeader(user);
    await addRow(user, 'Papel bond carta', '5');
    await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Resumen de salida'));
    const readsBefore = calls(requests, 'GET', '/api/stock/5').length;

    await user.click(screen.getByRole('button', { name: 'Guardar salida' }));
    expect(await screen.findByText('¡Oh no!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Algo salió mal mientras tratábamos de crear la salida solicitada. Existencia insuficiente de Papel bond carta: disponible 3, solicitado 5.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Salida registrada correctamente.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Ruta actual')).toHaveTextContent('/dashboard/dispatches/generate');

    // the availability is read again and the summary says what no longer fits
    await waitFor(() => expect(calls(requests, 'GET', '/api/stock/5').length).toBeGreaterThan(readsBefore));
    expect(await screen.findByText('Papel bond carta: La cantidad no puede ser mayor a la existencia disponible (3).')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Resumen de salida');

    // saving again sends nothing: it takes the clerk back to the list, where the row says what to fix
    await user.click(screen.getByRole('button', { name: 'Guardar salida' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Lista de productos'));
    expect(calls(requests, 'POST', '/api/dispatches')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Lista de productos' })).toHaveFocus();
    expect(within(row(1)).getByRole('textbox', { name: 'Cantidad' })).toHaveValue('5');
    expect(within(row(1)).getByText('Disponible: 3')).toBeInTheDocument();
    expect(within(row(1)).getByText('La cantidad no puede ser mayor a la existencia disponible (3).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Regresar' }));
    expect(screen.getByRole('combobox', { name: 'Solicitante' })).toHaveValue('Luis Pérez');
  });

  test('a reload after a lost answer saves with the same Idempotency-Key, though the availability read again changed', async () => {
    const user = userEvent.setup();
    const server: Server = {
      stock: defaultStock(),
      post: () => {
        // The server registers the dispatch, but its answer never reaches the browser.
        server.stock[5] = { availableQuantity: '7.5', averagePrice: '15.5' };
        server.post = (request) => ({ id: 31, dispatchDate: (request.body as { dispatchDate: string }).dispatchDate });
        throw new ApiError(0, NETWORK_ERROR_MESSAGE);
      },
    };
    const first = renderWizard(server);
    await fillHeader(user);
    await addRow(user, 'Papel bond carta', '5');
    await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Resumen de salida'));
    await user.click(screen.getByRole('button', { name: 'Guardar salida' }));
    expect(await screen.findByText('¡Oh no!')).toBeInTheDocument();
    const [lost] = calls(first.calls, 'POST', '/api/dispatches');
    expect(lost.headers?.['Idempotency-Key']).toBeTruthy();
    const entry = currentEntry();
    first.unmount();

    const { calls: requests } = renderWizard(server, entry);
    expect(currentStep()).toHaveTextContent('Resumen de salida');
    // The restored rows take the availability read now (7.5): the form changed, the request did not.
    const draftKey = draftStorageKey('salida', testUser.email);
    await waitFor(() =>
      expect(JSON.parse(window.sessionStorage.getItem(draftKey) ?? '{}').values?.products?.[0]?.availableQuantity).toBe('7.5'),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar salida' }));
    expect(await screen.findByRole('listitem', { name: 'Salida registrada correctamente.' })).toBeInTheDocument();
    // The same request with the same key: the server answers with the dispatch it already made.
    const [retry] = calls(requests, 'POST', '/api/dispatches');
    expect(retry.body).toEqual(lost.body);
    expect(retry.headers?.['Idempotency-Key']).toBe(lost.headers?.['Idempotency-Key']);
    expect(window.sessionStorage.getItem(draftKey)).toBeNull();
  });

  test('inside the remote, a saved dispatch leads to the history', async () => {
    const user = userEvent.setup();
    renderWithPlatform(
      <Routes>
        <Route path="/dashboard/dispatches/*" element={<DispatchesApp />} />
      </Routes>,
      { api: fakeApi({ stock: defaultStock() }), route: '/dashboard/dispatches/generate' },
    );
    // The remote shows the wizard once /api/me says the person may register exits.
    await screen.findByRole('button', { name: 'Siguiente paso' });
    await fillHeader(user);
    await addRow(user, 'Papel bond carta', '1');
    await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Resumen de salida'));
    await user.click(screen.getByRole('button', { name: 'Guardar salida' }));
    expect(await screen.findByRole('heading', { name: 'Historial de salidas' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Crear nueva salida' })).toBeInTheDocument();
  });
});
