import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useInvalidate } from '@almacen/shared';
import { todayIn, type Movement, type Product, type Stock } from '@almacen/shared/domain';
import { Route, Routes } from '@almacen/shared/router';
import { aProduct, captureDownloads, type FakeApiRequest, renderWithPlatform, testConfig } from '@almacen/shared/testing';
import StockApp from '../../../app';

const office = { id: 1, description: '2111 Materiales, útiles y equipos menores de oficina' };
const cleaning = { id: 2, description: '2161 Material de limpieza' };
const units = [
  { id: 1, description: 'Paquete' },
  { id: 2, description: 'Litro' },
  { id: 3, description: 'Pieza' },
];
const products: Product[] = [
  { id: 1, name: 'Papel bond tamaño carta', unit: units[0], category: office },
  { id: 2, name: 'Cloro', unit: units[1], category: cleaning },
  { id: 3, name: 'Jabón en polvo', unit: null, category: cleaning },
  { id: 12, name: 'Tóner', unit: units[2], category: null },
].map(aProduct);
const tonerMovements: Movement[] = [
  {
    id: 7,
    productId: 12,
    price: '1200',
    quantity: '1000',
    movementType: 'INVOICE',
    observations: 'Compra anual',
    dated: '2026-10-02',
    balanceQuantity: '1000',
  },
  {
    id: 9,
    productId: 12,
    price: '1234.567891',
    quantity: '2.5',
    movementType: 'DISPATCH',
    observations: 'Dirección',
    dated: '2026-11-05',
    balanceQuantity: '997.5',
  },
  {
    id: 11,
    productId: 12,
    price: '1300',
    quantity: '237',
    movementType: 'INVOICE',
    observations: null,
    dated: '2026-11-20',
    balanceQuantity: '1234.5',
  },
];

type Handler = (request: FakeApiRequest) => unknown;

// The API as the screen sees it; `stock` and `movements` can change during a test (a save elsewhere).
function fakeServer() {
  const stock: Record<number, Stock> = {
    12: { availableQuantity: '1234.5', averagePrice: '1234.567891' },
    2: { availableQuantity: '0', averagePrice: '0' },
  };
  const movements: Record<number, Movement[]> = { 12: tonerMovements, 2: [] };
  const handler: Handler = ({ method, path, query }) => {
    if (method !== 'GET') return undefined;
    if (path === '/api/catalog/products') return products;
    if (path === '/api/catalog/product-units') return units;
    if (path === '/api/catalog/product-categories') return [office, cleaning];
    // The table's figures: the stock at the chosen date (today unless the test picks one).
    if (/^\/api\/stock\?date=\d{4}-\d\d-\d\d$/.test(path)) {
      return Object.entries(stock).map(([id, s]) => ({ productId: Number(id), value: '0', ...s }));
    }
    const stockMatch = /^\/api\/stock\/(\d+)$/.exec(path);
    if (stockMatch) return stock[Number(stockMatch[1])];
    // As the API pages them: ?limit=&cursor=, newest first, and the cursor of the next page.
    const movementMatch = /^\/api\/movements\/products\/(\d+)$/.exec(path);
    if (movementMatch) {
      const limit = Number(query?.limit);
      const below = query?.cursor === undefined ? Infinity : Number(query.cursor);
      const rows = movements[Number(movementMatch[1])]?.filter((m) => m.id < below).sort((a, b) => b.id - a.id);
      if (!rows) return undefined;
      const data = rows.slice(0, limit);
      return { data, nextCursor: rows.length > limit ? String(data[data.length - 1].id) : null };
    }
    return undefined;
  };
  return { stock, movements, handler };
}

function renderStock(override: Handler = () => undefined, server = fakeServer(), extra: React.ReactNode = null) {
  return renderWithPlatform(
    <>
      <Routes>
        <Route path="/dashboard/stock/*" element={<StockApp />} />
      </Routes>
      {extra}
    </>,
    { route: '/dashboard/stock', api: (request: FakeApiRequest) => override(request) ?? server.handler(request) },
  );
}

type User = ReturnType<typeof userEvent.setup>;
const table = (name: string) => screen.getByRole('table', { name });
const bodyRows = (name: string) => within(within(table(name)).getAllByRole('rowgroup')[1]).getAllByRole('row');
const headers = (name: string) =>
  within(table(name))
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim())
    .filter(Boolean);
/** The texts of each body row, without the empty expander cell. */
const rowTexts = (name: string) =>
  bodyRows(name).map((r) =>
    within(r)
      .getAllByRole('cell')
      .map((c) => c.textContent ?? '')
      .filter((_text, i, all) => !(i === 0 && all.length > 5)),
  );
const productNames = () => bodyRows('Productos').map((r) => within(r).getAllByRole('cell')[2].textContent);
const figure = (label: string) => within(screen.getByRole('group', { name: label }));
/** The options of the open autocomplete. */
const listed = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
const toast = (text: string) => screen.getAllByText(text).find((element) => element.closest('.fui-Toast')) ?? null;

async function expandProduct(user: User, name: string) {
  const line = (await screen.findByText(name)).closest('tr')!;
  await user.click(within(line).getByRole('button', { name: 'Expandir fila' }));
}

// Generous: the machine running the suite is shared; nothing here measures time.
jest.setTimeout(60_000);

const captured = captureDownloads();
afterEach(() => jest.useRealTimers());

describe('the products table', () => {
  test('shows "Stock de productos" with ID, Nombre, Unidad, Partida, today\'s Existencia, Código de barras and Valor', async () => {
    renderStock();
    expect(screen.getByRole('heading', { level: 1, name: 'Stock de productos' })).toBeInTheDocument();
    expect(document.title).toBe('Stock de productos · Almacén');
    await screen.findByText('Tóner');
    expect(headers('Productos')).toEqual(['ID', 'Nombre', 'Unidad', 'Partida', 'Existencia', 'Código de barras', 'Valor']);
    await waitFor(() => expect(rowTexts('Productos')[3]).toEqual(['12', 'Tóner', 'Pieza', 'Sin partida asignada', '1,234.5', '', '$0.00']));
    expect(rowTexts('Productos')).toEqual([
      ['1', 'Papel bond tamaño carta', 'Paquete', office.description, '0', '', '$0.00'],
      ['2', 'Cloro', 'Litro', cleaning.description, '0', '', '$0.00'],
      ['3', 'Jabón en polvo', 'Sin unidad de medida asignada', cleaning.description, '0', '', '$0.00'],
      ['12', 'Tóner', 'Pieza', 'Sin partida asignada', '1,234.5', '', '$0.00'],
    ]);
  });

  test('the Unidad and Partida filters are autocompletes over the catalogues', async () => {
    const user = userEvent.setup({ delay: null });
    renderStock();
    await screen.findByText('Tóner');
    await user.click(screen.getByRole('button', { name: 'Mostrar filtros' }));

    const unit = screen.getByRole('combobox', { name: 'Filtrar por Unidad' });
    await user.type(unit, 'lit');
    expect(listed()).toEqual(['Litro']);
    await user.click(screen.getByRole('option', { name: 'Litro' }));
    await waitFor(() => expect(productNames()).toEqual(['Cloro']));

    // Typing what no unit has says so instead of offering nothing.
    await user.clear(unit);
    await user.type(unit, 'kilo');
    expect(screen.getByRole('option', { name: 'Sin coincidencias' })).toHaveAttribute('aria-disabled', 'true');
    await user.clear(unit);
    await user.click(screen.getByRole('option', { name: 'Sin unidad de medida asignada' }));
    await waitFor(() => expect(productNames()).toEqual(['Jabón en polvo']));

    // Hiding the filters clears them.
    await user.click(screen.getByRole('button', { name: 'Ocultar filtros' }));
    await waitFor(() => expect(productNames()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Mostrar filtros' }));

    const category = screen.getByRole('combobox', { name: 'Filtrar por Partida' });
    await user.type(category, 'limpieza');
    await user.click(screen.getByRole('option', { name: cleaning.description }));
    await waitFor(() => expect(productNames()).toEqual(['Cloro', 'Jabón en polvo']));
    await user.clear(category);
    await user.type(category, 'sin');
    expect(listed()).toEqual(['Sin partida asignada']);
    await user.click(screen.getByRole('option', { name: 'Sin partida asignada' }));
    await waitFor(() => expect(productNames()).toEqual(['Tóner']));
  });

  test('a failed load says "…obtener los productos." without the server\'s text', async () => {
    renderStock(({ path }) => {
      if (path === '/api/catalog/products') throw new ApiError(500, 'Error interno del servidor');
      return undefined;
    });
    expect(await screen.findByText('Algo salió mal mientras tratábamos de obtener los productos.')).toBeInTheDocument();
    expect(screen.queryByText(/Error interno/)).not.toBeInTheDocument();
  });
});

describe('the detail panel', () => {
  test('shows the available quantity with its unit and the average price in MXN', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderStock();
    await expandProduct(user, 'Tóner');
    // formatQuantity("1234.5") and formatCurrencyMXN("1234.567891"): exact, no rounding to cents.
    expect(await figure('Cantidad disponible').findByText('1,234.5 Pieza')).toBeInTheDocument();
    expect(figure('Precio promedio actual').getByText('$1,234.568 MXN')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/stock/12')).toHaveLength(1);
  });

  test('lists the movements with $ prices, quantities and the Entrada/Salida labels', async () => {
    const user = userEvent.setup({ delay: null });
    renderStock();
    await expandProduct(user, 'Tóner');
    const name = 'Movimientos del producto 12';
    await within(await screen.findByRole('table', { name })).findByText('Compra anual');
    expect(headers(name)).toEqual([
      'ID',
      'Fecha',
      'Producto',
      'Precio registrado',
      'Cantidad',
      'Existencia',
      'Tipo de movimiento',
      'Observaciones',
    ]);
    // Newest first, as the server pages them.
    expect(
      bodyRows(name).map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      // the date it counts on and the balance after it, beside the spec's columns
      ['11', '20/11/2026', '12 · Tóner', '$1,300.00', '237', '1,234.5', 'Entrada', ''],
      ['9', '05/11/2026', '12 · Tóner', '$1,234.568', '2.5', '997.5', 'Salida', 'Dirección'],
      ['7', '02/10/2026', '12 · Tóner', '$1,200.00', '1,000', '1,000', 'Entrada', 'Compra anual'],
    ]);
    expect(screen.getByRole('button', { name: 'Tarjeta de almacén' })).toBeEnabled();
    // A short history is whole: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Cargar movimientos anteriores' })).not.toBeInTheDocument();
  });

  test('a movement\'s badge looks like an entry when it brings stock in ("Cancelación de salida") and like an exit when it takes it out', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    server.movements[12] = [
      ...tonerMovements,
      { id: 13, productId: 12, price: '1234.567891', quantity: '2.5', movementType: 'DISPATCH_CANCELLATION', observations: 'Se devolvió' },
      { id: 14, productId: 12, price: '1300', quantity: '237', movementType: 'INVOICE_CANCELLATION', observations: 'Duplicada' },
    ];
    renderStock(undefined, server);
    await expandProduct(user, 'Tóner');
    const movements = within(await screen.findByRole('table', { name: 'Movimientos del producto 12' }));
    const look = async (label: string) => (await movements.findAllByText(label, { exact: true }))[0].className;
    const [entry, exit] = [await look('Entrada'), await look('Salida')];
    expect(entry).not.toBe(exit);
    expect({
      'Cancelación de salida': await look('Cancelación de salida'),
      'Cancelación de entrada': await look('Cancelación de entrada'),
    }).toEqual({
      'Cancelación de salida': entry,
      'Cancelación de entrada': exit,
    });
  });

  test('"Buscar un movimiento" narrows the movements (by label too)', async () => {
    const user = userEvent.setup({ delay: null });
    renderStock();
    await expandProduct(user, 'Tóner');
    const name = 'Movimientos del producto 12';
    await within(await screen.findByRole('table', { name })).findByText('Compra anual');
    const search = screen.getByPlaceholderText('Buscar un movimiento');
    await user.type(search, 'salida');
    await waitFor(() => expect(bodyRows(name)).toHaveLength(1));
    expect(within(bodyRows(name)[0]).getAllByRole('cell')[0]).toHaveTextContent('9');
    await user.clear(search);
    await user.type(search, 'direccion');
    await waitFor(() => expect(within(table(name)).queryByText('Compra anual')).not.toBeInTheDocument());
    expect(within(table(name)).getByText('Dirección')).toBeInTheDocument();
  });

  test('"Tarjeta de almacén" is disabled for a product without movements', async () => {
    const user = userEvent.setup({ delay: null });
    renderStock();
    await expandProduct(user, 'Cloro');
    expect(await screen.findByText('Este producto aún no tiene movimientos.')).toBeInTheDocument();
    expect(figure('Cantidad disponible').getByText('0 Litro')).toBeInTheDocument();
    expect(figure('Precio promedio actual').getByText('$0.00 MXN')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tarjeta de almacén' })).toBeDisabled();
  });

  test('a failed stock load says "…obtener el stock disponible del producto solicitado." in the "¡Oh no!" toast; the panel offers "Reintentar"', async () => {
    const user = userEvent.setup({ delay: null });
    renderStock(({ path }) => {
      if (path === '/api/stock/12') throw new ApiError(500, 'Error interno del servidor');
      return undefined;
    });
    await expandProduct(user, 'Tóner');
    const message = await screen.findByText('Algo salió mal mientras tratábamos de obtener el stock disponible del producto solicitado.');
    expect(message.closest('.fui-Toast')).toHaveTextContent('¡Oh no!');
    expect(screen.getByText('No fue posible consultar la existencia disponible.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Reintentar' }).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Error interno/)).not.toBeInTheDocument();
    // The movements still load on their own.
    expect(await screen.findByText('Compra anual')).toBeInTheDocument();
  });

  test('a failed movements load says "…obtener los movimientos del producto solicitado." and the card stays disabled', async () => {
    const user = userEvent.setup({ delay: null });
    renderStock(({ path }) => {
      if (path === '/api/movements/products/12') throw new ApiError(500, 'Error interno del servidor');
      return undefined;
    });
    await expandProduct(user, 'Tóner');
    expect(
      await screen.findByText('Algo salió mal mientras tratábamos de obtener los movimientos del producto solicitado.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Error interno/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tarjeta de almacén' })).toBeDisabled();
    expect(await figure('Cantidad disponible').findByText('1,234.5 Pieza')).toBeInTheDocument();
  });

  test('an entry or exit saved elsewhere (the wizards invalidate "/api/stock" and "/api/movements") refreshes an open panel', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    // The prefixes mf-invoices (AFTER_INVOICE_INVALIDATE) and mf-dispatches (INVALIDATED_BY_DISPATCH) refresh after a save.
    function SaveElsewhere() {
      const invalidate = useInvalidate();
      return <button onClick={() => void invalidate('/api/invoices', '/api/stock', '/api/movements')}>Guardar en otro lado</button>;
    }
    renderStock(undefined, server, <SaveElsewhere />);
    await expandProduct(user, 'Tóner');
    expect(await figure('Cantidad disponible').findByText('1,234.5 Pieza')).toBeInTheDocument();

    server.stock[12] = { availableQuantity: '1224.5', averagePrice: '1234.567891' };
    server.movements[12] = [
      ...tonerMovements,
      { id: 15, productId: 12, price: '1234.567891', quantity: '10', movementType: 'DISPATCH', observations: 'Salida nueva' },
    ];
    await user.click(screen.getByRole('button', { name: 'Guardar en otro lado' }));

    expect(await figure('Cantidad disponible').findByText('1,224.5 Pieza')).toBeInTheDocument();
    expect(await screen.findByText('Salida nueva')).toBeInTheDocument();
  });
});

describe('a long history pages on the server', () => {
  // 250 movements with ids 3, 6, …, 750 (other products' movements fill the gaps).
  const history = (count: number, from = 1): Movement[] =>
    Array.from({ length: count }, (_, i) => ({
      id: 3 * (from + i),
      productId: 12,
      price: '10',
      quantity: '1',
      movementType: 'INVOICE' as const,
      observations: from + i === 1 ? 'Inventario inicial' : `Movimiento ${from + i}`,
    }));
  const name = 'Movimientos del producto 12';
  const movementCalls = (calls: FakeApiRequest[]) =>
    calls
      .filter((c) => c.path.startsWith('/api/movements/'))
      .map((c) => `${c.path}?${new URLSearchParams(c.query as Record<string, string>).toString()}`);
  /** The movements table's "1–5 de 100" (the products table above has its own). */
  const range = () =>
    within(screen.getByRole('region', { name: 'Existencias del producto 12' })).getByText(/^\d+–\d+ de [\d,]+$/).textContent;

  test('opening the product downloads only the newest 100; "Cargar movimientos anteriores" fetches the older ones page by page', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    server.movements[12] = history(250);
    const { calls } = renderStock(undefined, server);
    await expandProduct(user, 'Tóner');
    await within(await screen.findByRole('table', { name })).findByText('Movimiento 250');
    expect(movementCalls(calls)).toEqual(['/api/movements/products/12?limit=100']);
    expect(range()).toBe('1–5 de 100');
    expect(screen.getByText('Se muestran los 100 movimientos más recientes; la búsqueda abarca solo los cargados.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cargar movimientos anteriores' }));
    await waitFor(() => expect(range()).toBe('1–5 de 200'));
    // Below the oldest one shown (movement 151, id 453).
    expect(movementCalls(calls)).toEqual(['/api/movements/products/12?limit=100', '/api/movements/products/12?limit=100&cursor=453']);
    // Still newest first: the first rows have not moved.
    expect(within(bodyRows(name)[0]).getAllByRole('cell')[0]).toHaveTextContent('750');

    await user.click(screen.getByRole('button', { name: 'Cargar movimientos anteriores' }));
    await waitFor(() => expect(range()).toBe('1–5 de 250'));
    expect(movementCalls(calls).at(-1)).toBe('/api/movements/products/12?limit=100&cursor=153');
    // The whole history is here: no button, no note, and the search finds the oldest one.
    expect(screen.queryByRole('button', { name: 'Cargar movimientos anteriores' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Se muestran los/)).not.toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Buscar un movimiento'), 'inventario inicial');
    await waitFor(() => expect(range()).toBe('1–1 de 1'));
    expect(within(bodyRows(name)[0]).getAllByRole('cell')[0]).toHaveTextContent('3');
  });

  test('exactly one page: no button (the server says there is no next page)', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    server.movements[12] = history(100);
    renderStock(undefined, server);
    await expandProduct(user, 'Tóner');
    await within(await screen.findByRole('table', { name })).findByText('Movimiento 100');
    expect(range()).toBe('1–5 de 100');
    expect(screen.queryByRole('button', { name: 'Cargar movimientos anteriores' })).not.toBeInTheDocument();
  });

  test('a save elsewhere after older pages were loaded adds the new movements on top and loses none in between', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    server.movements[12] = history(250);
    function SaveElsewhere() {
      const invalidate = useInvalidate();
      return <button onClick={() => void invalidate('/api/stock', '/api/movements')}>Guardar en otro lado</button>;
    }
    renderStock(undefined, server, <SaveElsewhere />);
    await expandProduct(user, 'Tóner');
    await within(await screen.findByRole('table', { name })).findByText('Movimiento 250');
    await user.click(screen.getByRole('button', { name: 'Cargar movimientos anteriores' }));
    await waitFor(() => expect(range()).toBe('1–5 de 200'));

    // Five new movements: the refreshed first page now ends at movement 156, the older page
    // loaded before starts at 150 — movements 151 to 155 must stay.
    server.movements[12] = history(255);
    await user.click(screen.getByRole('button', { name: 'Guardar en otro lado' }));
    await waitFor(() => expect(range()).toBe('1–5 de 205'));
    expect(within(bodyRows(name)[0]).getAllByRole('cell')[0]).toHaveTextContent('765');
    await user.click(screen.getByRole('button', { name: 'Cargar movimientos anteriores' }));
    await waitFor(() => expect(range()).toBe('1–5 de 255'));
    expect(screen.queryByRole('button', { name: 'Cargar movimientos anteriores' })).not.toBeInTheDocument();
  });

  test('a failed "Cargar movimientos anteriores" says so in the "¡Oh no!" toast, keeps what was shown and can be tried again', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    server.movements[12] = history(150);
    let fail = true;
    renderStock(({ query }) => {
      if (fail && query?.cursor !== undefined) throw new ApiError(503, 'Servicio no disponible');
      return undefined;
    }, server);
    await expandProduct(user, 'Tóner');
    await within(await screen.findByRole('table', { name })).findByText('Movimiento 150');
    await user.click(screen.getByRole('button', { name: 'Cargar movimientos anteriores' }));
    await waitFor(() =>
      expect(toast('Algo salió mal mientras tratábamos de obtener los movimientos del producto solicitado.')).toBeInTheDocument(),
    );
    expect(range()).toBe('1–5 de 100');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Cargar movimientos anteriores' }));
    await waitFor(() => expect(range()).toBe('1–5 de 150'));
  });
});

describe('report downloads', () => {
  const pdf = () => new Blob(['%PDF-1.7 reporte'], { type: 'application/pdf' });

  test('"Reporte de existencias" retries a failing server and saves ONE file "Reporte de almacén - {date}.pdf"', async () => {
    const user = userEvent.setup({ delay: null });
    const file = pdf();
    const attempts: FakeApiRequest[] = [];
    renderStock((request) => {
      if (request.path !== '/api/reports/stock') return undefined;
      attempts.push(request);
      if (attempts.length <= 2) throw new ApiError(503, 'Servicio no disponible');
      // No Content-Disposition: the client falls back to the last path segment.
      return { blob: file, fileName: 'stock' };
    });
    await screen.findByText('Tóner');
    // The back-off (0.5 s, 1 s, 2 s) runs on fake time, which waitFor moves forward.
    jest.useFakeTimers();
    await user.click(screen.getByRole('button', { name: 'Reporte de existencias' }));
    await waitFor(() => expect(captured.saved).toHaveLength(1), { timeout: 5000 });
    expect(attempts).toHaveLength(3);
    expect(attempts.every((a) => a.method === 'POST' && a.download)).toBe(true);
    expect(captured.saved[0].name).toBe(`Reporte de almacén - ${todayIn(testConfig.timeZone)}.pdf`);
    expect(captured.files).toEqual([file]);
    expect(screen.queryByText('¡Oh no!')).not.toBeInTheDocument();
  });

  test('the name the server gives (Content-Disposition) is kept, e.g. a spreadsheet', async () => {
    const user = userEvent.setup({ delay: null });
    const xlsx = new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    renderStock((request) =>
      request.path === '/api/reports/stock' ? { blob: xlsx, fileName: 'Reporte de almacén - 2026-03-05.xlsx' } : undefined,
    );
    await screen.findByText('Tóner');
    await user.click(screen.getByRole('button', { name: 'Reporte de existencias' }));
    await waitFor(() => expect(captured.saved).toHaveLength(1));
    expect(captured.saved[0].name).toBe('Reporte de almacén - 2026-03-05.xlsx');
  });

  test('a report that keeps failing stops after 3 retries and says "…descargar el reporte solicitado." with the server message', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    renderStock((request) => {
      if (request.path !== '/api/reports/stock') return undefined;
      attempts += 1;
      throw new ApiError(500, 'No se pudo generar el reporte.');
    });
    await screen.findByText('Tóner');
    // The back-off (0.5 s, 1 s, 2 s) runs on fake time, which waitFor moves forward.
    jest.useFakeTimers();
    await user.click(screen.getByRole('button', { name: 'Reporte de existencias' }));
    await waitFor(() => expect(toast('¡Oh no!')).toBeInTheDocument(), { timeout: 5000 });
    expect(
      toast('Algo salió mal mientras tratábamos de descargar el reporte solicitado. No se pudo generar el reporte.'),
    ).toBeInTheDocument();
    expect(attempts).toBe(4);
    expect(captured.saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Reporte de existencias' })).toBeEnabled();
  });

  test('a refusal (4xx) is not retried', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    renderStock((request) => {
      if (!request.path.startsWith('/api/reports/products/12?')) return undefined;
      attempts += 1;
      throw new ApiError(404, 'El producto solicitado no existe.');
    });
    await expandProduct(user, 'Tóner');
    const button = screen.getByRole('button', { name: 'Tarjeta de almacén' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() =>
      expect(
        toast('Algo salió mal mientras tratábamos de descargar el reporte solicitado. El producto solicitado no existe.'),
      ).toBeInTheDocument(),
    );
    expect(attempts).toBe(1);
  });

  test('"Tarjeta de almacén" downloads the product card of this year up to today as "Tarjetas de almacén - {id}"', async () => {
    const user = userEvent.setup({ delay: null });
    const file = pdf();
    const downloads: FakeApiRequest[] = [];
    renderStock((request) => {
      if (!request.download) return undefined;
      downloads.push(request);
      return { blob: file, fileName: '12' };
    });
    await expandProduct(user, 'Tóner');
    const button = screen.getByRole('button', { name: 'Tarjeta de almacén' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(captured.saved).toHaveLength(1));
    const today = todayIn(testConfig.timeZone);
    expect(downloads.map((d) => `${d.method} ${d.path}`)).toEqual([
      `POST /api/reports/products/12?from=${today.slice(0, 4)}-01-01&to=${today}`,
    ]);
    expect(captured.saved[0].name).toBe('Tarjetas de almacén - 12.pdf');
    expect(captured.files).toEqual([file]);
  });
});
