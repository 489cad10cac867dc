// The stock squad's home section — figures from GET /api/stock/summary in es-MX, the
// "Productos bajo mínimo" link to the filtered stock page, each chart's table toggle (its text
// alternative), the recent movements with their type labels and links, and a failed load.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type StockSummary } from '@almacen/shared';
import { Route, Routes, useLocation } from '@almacen/shared/router';
import { renderWithPlatform, type FakeApiRequest } from '@almacen/shared/testing';
import StockHome from '../../../home';

// The charting library (d3, ES modules only) is drawn in the browser test; here a stand-in per
// chart proves each is asked for with the summary.
jest.mock('./charts', () => ({
  CategoryChart: ({ summary }: { summary: StockSummary }) => <p>gráfica por partida ({summary.valueByCategory.length})</p>,
  MonthlyChart: ({ summary }: { summary: StockSummary }) => <p>gráfica mensual ({summary.monthly.length})</p>,
  TopProductsChart: ({ summary }: { summary: StockSummary }) => <p>gráfica de productos ({summary.topProducts.length})</p>,
}));

jest.setTimeout(60_000);

const summary: StockSummary = {
  month: '2026-11',
  inventoryValue: '1234567.8',
  productsWithStock: 1520,
  productsUnderMinimum: 3,
  entries: { count: 12, amount: '45000.5' },
  exits: { count: 1, amount: '-40.03' },
  valueByCategory: [
    { categoryId: 2, category: '2161 Material de limpieza', value: '160', others: false },
    { categoryId: null, category: 'Otras', value: '283.01', others: true },
  ],
  monthly: Array.from({ length: 12 }, (_v, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    entries: i === 10 ? '1500.25' : '0.00',
    exits: i === 10 ? '20' : '0.00',
  })),
  topProducts: [{ productId: 3, name: 'Cloro', quantity: '6', value: '160.00' }],
  recentMovements: [
    {
      id: 10,
      productId: 1,
      productName: 'Papel',
      movementType: 'DISPATCH_CANCELLATION',
      quantity: '6',
      price: '10.005',
      amount: '60.03',
      invoiceId: null,
      dispatchId: 4,
      inventoryCountId: null,
      recordedAt: '2026-11-20T18:05:00Z',
    },
    {
      id: 9,
      productId: 4,
      productName: 'Tóner',
      movementType: 'INVOICE',
      quantity: '1234.5',
      price: '40.004',
      amount: '20.00',
      invoiceId: 7,
      dispatchId: null,
      inventoryCountId: null,
      recordedAt: '2026-11-20T17:00:00Z',
    },
    {
      id: 8,
      productId: 5,
      productName: 'Cinta',
      movementType: 'ADJUSTMENT_OUT',
      quantity: '2',
      price: '3.562857',
      amount: '7.13',
      invoiceId: null,
      dispatchId: null,
      inventoryCountId: 3,
      recordedAt: '2026-11-20T16:00:00Z',
    },
  ],
};

function Where() {
  const location = useLocation();
  return <output aria-label="Dirección">{location.pathname + location.search}</output>;
}

function renderHome(api: (request: FakeApiRequest) => unknown = ({ path }) => (path === '/api/stock/summary' ? summary : undefined)) {
  return renderWithPlatform(
    <>
      <Routes>
        <Route path="/dashboard" element={<StockHome />} />
        <Route path="*" element={<p>otra página</p>} />
      </Routes>
      <Where />
    </>,
    { route: '/dashboard', api },
  );
}

const figure = (label: string) => within(screen.getByRole('group', { name: label }));

test("the figures in es-MX: value, products with stock, under minimum (a link to the filtered stock page), the month's entries and exits", async () => {
  const user = userEvent.setup();
  renderHome();
  await screen.findByRole('group', { name: 'Valor del inventario' });
  expect(figure('Valor del inventario').getByText('$1,234,567.80')).toBeInTheDocument();
  expect(figure('Productos con existencia').getByText('1,520')).toBeInTheDocument();
  expect(figure('Productos bajo mínimo').getByText('3')).toBeInTheDocument();
  expect(figure('Entradas del mes').getByText('$45,000.50')).toBeInTheDocument();
  expect(figure('Entradas del mes').getByText('12 entradas')).toBeInTheDocument();
  expect(figure('Salidas del mes').getByText('-$40.03')).toBeInTheDocument();
  expect(figure('Salidas del mes').getByText('1 salida')).toBeInTheDocument();
  await user.click(figure('Productos bajo mínimo').getByRole('link', { name: 'Ver productos bajo mínimo' }));
  expect(screen.getByRole('status', { name: 'Dirección' }).textContent).toBe('/dashboard/stock?bajoMinimo=1');
});

test('each chart loads lazily and has a "Ver tabla" toggle with its figures as text', async () => {
  const user = userEvent.setup();
  renderHome();
  expect(await screen.findByText('gráfica por partida (2)')).toBeInTheDocument();
  expect(await screen.findByText('gráfica mensual (12)')).toBeInTheDocument();
  expect(await screen.findByText('gráfica de productos (1)')).toBeInTheDocument();

  const byCategory = within(screen.getByRole('region', { name: 'Valor del inventario por partida' }));
  await user.click(byCategory.getByRole('button', { name: 'Ver tabla' }));
  const rows = within(byCategory.getByRole('table', { name: 'Valor del inventario por partida' })).getAllByRole('row');
  expect(rows.map((row) => row.textContent)).toEqual(['PartidaValor', '2161 Material de limpieza$160.00', 'Otras$283.01']);
  expect(screen.queryByText('gráfica por partida (2)')).not.toBeInTheDocument();

  const monthly = within(screen.getByRole('region', { name: 'Entradas y salidas por mes (últimos 12 meses)' }));
  await user.click(monthly.getByRole('button', { name: 'Ver tabla' }));
  const months = within(monthly.getByRole('table')).getAllByRole('row');
  expect(months).toHaveLength(13);
  expect(months[11].textContent).toBe('nov 2026$1,500.25$20.00');
  expect(months[1].textContent).toBe('ene 2026$0.00$0.00');
});

test('"Movimientos recientes": registration time, type label, the document as a link, product, quantity and amount', async () => {
  const user = userEvent.setup();
  renderHome();
  const recent = within(await screen.findByRole('table', { name: 'Movimientos recientes' }));
  const rows = recent.getAllByRole('row').slice(1);
  expect(within(rows[0]).getByText('Cancelación de salida')).toBeInTheDocument();
  expect(within(rows[1]).getByText('Entrada')).toBeInTheDocument();
  expect(within(rows[1]).getByText('1,234.5')).toBeInTheDocument();
  expect(within(rows[1]).getByText('$20.00')).toBeInTheDocument();
  // a count's adjustment is named as such and opens its count, not the exits
  expect(within(rows[2]).getByText('Ajuste por inventario (faltante)')).toBeInTheDocument();
  expect(within(rows[2]).queryByText(/Salida/)).toBeNull();
  expect(within(rows[2]).getByRole('link', { name: 'Conteo 3' }).getAttribute('href')).toBe('/dashboard/stock/counts/3');
  expect(within(rows[1]).getByRole('link', { name: 'Entrada 7' }).getAttribute('href')).toBe('/dashboard/invoices/history?documento=7');
  // each row opens its own document: the exit's history with that exit open
  await user.click(within(rows[0]).getByRole('link', { name: 'Salida 4' }));
  expect(screen.getByRole('status', { name: 'Dirección' }).textContent).toBe('/dashboard/dispatches/history?documento=4');
});

test('a summary that cannot load says so in place, and "Reintentar" asks again', async () => {
  const user = userEvent.setup();
  let fail = true;
  renderHome(({ path }) => {
    if (path !== '/api/stock/summary') return undefined;
    if (fail) throw new ApiError(500, 'La base de datos no responde.');
    return summary;
  });
  expect(await screen.findByText('Algo salió mal mientras tratábamos de obtener el resumen del almacén.')).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Reintentar' }));
  await waitFor(() => expect(screen.getByRole('group', { name: 'Valor del inventario' })).toBeInTheDocument());
});
