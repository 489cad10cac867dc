// On the stock page: the "Bajo mínimo" badge on products at or under their minimum,
// the "Solo bajo mínimo" filter (also opened from a link with ?bajoMinimo=1) and the
// "Productos bajo mínimo" report download; with several warehouses, the current one's levels.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WarehouseProvider } from '@almacen/shared';
import { todayIn, type Product } from '@almacen/shared/domain';
import { Route, Routes, useLocation } from '@almacen/shared/router';
import { aProduct, captureDownloads, type FakeApiRequest, renderWithPlatform, testConfig, testMe } from '@almacen/shared/testing';
import StockApp from '../../../app';

jest.setTimeout(60_000);
const captured = captureDownloads();

const products: Product[] = [
  { id: 1, name: 'Papel bond', unit: null, category: null, minimumStock: '10', maximumStock: '50' },
  { id: 2, name: 'Lápiz', unit: null, category: null, minimumStock: '5', maximumStock: null },
  { id: 3, name: 'Cloro', unit: null, category: null, minimumStock: '2.5', maximumStock: '7' },
  { id: 4, name: 'Grapas', unit: null, category: null, minimumStock: null, maximumStock: null },
].map(aProduct);
// Papel 4 (under), Lápiz exactly 5 (at its minimum: counts), Cloro 2.501 (above), Grapas 0 (no minimum).
const stock = [
  { productId: 1, availableQuantity: '4', averagePrice: '12.5', value: '50' },
  { productId: 2, availableQuantity: '5', averagePrice: '3', value: '15' },
  { productId: 3, availableQuantity: '2.501', averagePrice: '20', value: '50.02' },
];

function Where() {
  const location = useLocation();
  return <output aria-label="Dirección">{location.pathname + location.search}</output>;
}

function renderStock(route = '/dashboard/stock', extra: (request: FakeApiRequest) => unknown = () => undefined) {
  return renderWithPlatform(
    <>
      <Routes>
        <Route path="/dashboard/stock/*" element={<StockApp />} />
      </Routes>
      <Where />
    </>,
    {
      route,
      api: (request: FakeApiRequest) => {
        const answer = extra(request);
        if (answer !== undefined) return answer;
        if (request.path === '/api/catalog/products') return products;
        if (/^\/api\/stock\?date=/.test(request.path)) return stock;
        if (request.path === '/api/catalog/product-units' || request.path === '/api/catalog/product-categories') return [];
        return undefined;
      },
    },
  );
}

const names = () =>
  within(within(screen.getByRole('table', { name: 'Productos' })).getAllByRole('rowgroup')[1])
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[2].textContent);
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

test('"Bajo mínimo" marks the products at or under their minimum, not those above it or without one', async () => {
  renderStock();
  await waitFor(() => expect(within(rowOf('Papel bond')).getByText('Bajo mínimo')).toBeInTheDocument());
  expect(within(rowOf('Lápiz')).getByText('Bajo mínimo')).toBeInTheDocument();
  expect(within(rowOf('Cloro')).queryByText('Bajo mínimo')).not.toBeInTheDocument();
  expect(within(rowOf('Grapas')).queryByText('Bajo mínimo')).not.toBeInTheDocument();
});

test('"Solo bajo mínimo" keeps only those, writes ?bajoMinimo=1, and a link with it opens the page filtered', async () => {
  const user = userEvent.setup({ delay: null });
  renderStock();
  await screen.findByText('Grapas');
  const toggle = screen.getByRole('switch', { name: 'Solo bajo mínimo' });
  expect(toggle).not.toBeChecked();
  await user.click(toggle);
  await waitFor(() => expect(names()).toEqual(['Papel bond', 'Lápiz']));
  expect(screen.getByRole('status', { name: 'Dirección' }).textContent).toBe('/dashboard/stock?bajoMinimo=1');
  await user.click(toggle);
  await waitFor(() => expect(names()).toHaveLength(4));
});

test('opened from the home page link, the filter is on', async () => {
  renderStock('/dashboard/stock?bajoMinimo=1');
  await waitFor(() => expect(names()).toEqual(['Papel bond', 'Lápiz']));
  expect(screen.getByRole('switch', { name: 'Solo bajo mínimo' })).toBeChecked();
});

test('"Productos bajo mínimo" downloads the report as "Productos bajo mínimo - {date}.pdf"', async () => {
  const user = userEvent.setup({ delay: null });
  const file = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
  const asked: FakeApiRequest[] = [];
  renderStock('/dashboard/stock', (request) => {
    if (request.path !== '/api/reports/low-stock') return undefined;
    asked.push(request);
    return { blob: file, fileName: 'low-stock' };
  });
  await screen.findByText('Grapas');
  await user.click(screen.getByRole('button', { name: 'Productos bajo mínimo' }));
  await waitFor(() => expect(captured.saved).toHaveLength(1));
  expect(asked.map((a) => a.method)).toEqual(['POST']);
  expect(captured.saved[0].name).toBe(`Productos bajo mínimo - ${todayIn(testConfig.timeZone)}.pdf`);
});

describe('with several warehouses', () => {
  const warehouses = [
    { id: 1, code: 'CENTRAL', name: 'Almacén central', active: true, permissions: testMe().permissions },
    { id: 2, code: 'P012', name: 'Plantel 12', active: true, permissions: testMe().permissions },
  ];
  // Each warehouse its own levels: Papel bond's minimum is 10 at the centre, 2 at the plantel.
  const levelsAt: Record<string, Product[]> = {
    '1': products,
    '2': products.map((p) => (p.id === 1 ? { ...p, minimumStock: '2', maximumStock: null } : p)),
  };
  const renderAt = (code: string) =>
    renderWithPlatform(
      <WarehouseProvider>
        <Routes>
          <Route path="/dashboard/stock/*" element={<StockApp />} />
        </Routes>
      </WarehouseProvider>,
      {
        route: `/dashboard/stock?almacen=${code}`,
        me: { ...testMe(), warehouses },
        api: (request: FakeApiRequest) => {
          const [path, query] = request.path.split('?');
          const warehouseId = new URLSearchParams(query).get('warehouseId');
          if (path === '/api/catalog/products' && warehouseId) return levelsAt[warehouseId];
          if (path === '/api/stock' && warehouseId) return stock;
          if (path === '/api/catalog/product-units' || path === '/api/catalog/product-categories') return [];
          return undefined;
        },
      },
    );

  test('"Bajo mínimo" follows the levels of the current warehouse, read under its own key', async () => {
    const plantel = renderAt('P012');
    await screen.findByText('Grapas');
    await waitFor(() => expect(within(rowOf('Lápiz')).getByText('Bajo mínimo')).toBeInTheDocument());
    expect(within(rowOf('Papel bond')).queryByText('Bajo mínimo')).not.toBeInTheDocument();
    expect(plantel.calls.map((c) => c.path)).toContain('/api/catalog/products?warehouseId=2');
    plantel.unmount();

    const centre = renderAt('CENTRAL');
    await waitFor(() => expect(within(rowOf('Papel bond')).getByText('Bajo mínimo')).toBeInTheDocument());
    expect(centre.calls.map((c) => c.path)).toContain('/api/catalog/products?warehouseId=1');
  });
});
