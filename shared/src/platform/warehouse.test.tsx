// The current warehouse: from the address (`?almacen=CODE`), else the person's first; with several,
// every warehouse read carries its `warehouseId` (each warehouse its own SWR key) and every write
// sends it; with one, the requests are the ones the portal always sent.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '@almacen/shared/router';
import {
  stockReportRequest,
  useClosings,
  useCloseMonth,
  useCreateCount,
  useProductMovements,
  useRegisterDispatch,
  useReport,
  useStock,
  useStockSummary,
} from '../api';
import type { Me } from '../domain';
import { captureDownloads, renderWithPlatform, testMe, type FakeApiRequest } from '../testing';
import {
  useCurrentWarehouse,
  useWarehouseLink,
  useWarehouseNavigate,
  useWarehousePath,
  WarehouseLink,
  WarehouseProvider,
  type WarehouseChoice,
} from './warehouse';

const CENTRAL = { id: 1, code: 'CENTRAL', name: 'Almacén central', active: true };
const NORTE = { id: 2, code: 'P012', name: 'Plantel Norte', active: true };
const CLOSED = { id: 3, code: 'P099', name: 'Plantel cerrado', active: false };

captureDownloads();

const meWith = (warehouses: WarehouseChoice[]): Me => {
  const me = testMe();
  return { ...me, warehouses: warehouses.map((w) => ({ ...w, permissions: me.permissions })) };
};

function answer(request: FakeApiRequest): unknown {
  if (request.download) return { blob: new Blob(['%PDF']), fileName: 'reporte.pdf' };
  if (request.method !== 'GET') return { id: 9 };
  if (request.path.startsWith('/api/movements/')) return { data: [], nextCursor: null };
  if (request.path.startsWith('/api/stock/summary')) return {};
  if (request.path.startsWith('/api/stock/')) return { productId: 12, availableQuantity: '3', averagePrice: '10' };
  return [];
}

const actions: Record<string, (...args: never[]) => Promise<unknown>> = {};

function Screen() {
  const current = useCurrentWarehouse();
  const { search } = useLocation();
  useStockSummary();
  useStock(12);
  useClosings();
  useProductMovements(12);
  actions.choose = (async (code: string) => current.choose(code)) as never;
  actions.close = useCloseMonth().run as never;
  actions.count = useCreateCount().run as never;
  actions.dispatch = useRegisterDispatch<{ lines: [] }>() as never;
  actions.report = useReport(stockReportRequest).download as never;
  return (
    <p>
      {current.ready ? `Almacén ${current.warehouse?.code ?? 'ninguno'}${current.several ? ' de varios' : ''}` : 'Cargando'} {search}
      <span data-testid="path">{useWarehousePath('/api/stock') ?? 'sin ruta'}</span>
    </p>
  );
}

const render = (me: Me, route = '/dashboard') =>
  renderWithPlatform(
    <WarehouseProvider>
      <Screen />
    </WarehouseProvider>,
    { api: answer, me, route },
  );

const paths = (calls: FakeApiRequest[]) =>
  calls.map((c) => `${c.method} ${c.path}${c.query ? `?${new URLSearchParams(c.query as Record<string, string>).toString()}` : ''}`);

describe('the current warehouse', () => {
  it('with one warehouse: the paths of always, no warehouseId in any body, and no switch to offer', async () => {
    const view = render(meWith([CENTRAL, CLOSED]));
    await screen.findByText(/Almacén CENTRAL/);
    expect(screen.queryByText(/de varios/)).not.toBeInTheDocument();
    await waitFor(() => expect(view.calls.filter((c) => c.method === 'GET')).toHaveLength(4));
    expect(paths(view.calls).sort()).toEqual([
      'GET /api/movements/products/12?limit=100',
      'GET /api/period-closings',
      'GET /api/stock/12',
      'GET /api/stock/summary',
    ]);
    await act(async () => {
      await actions.close('2026-11-30' as never);
      await actions.count({ cutoffDate: '2026-11-30', description: 'Anual' } as never);
      await actions.dispatch({ lines: [] } as never, 'key-1' as never);
      await actions.report();
    });
    const bodies = view.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);
    expect(bodies).toEqual([
      ['/api/period-closings', { until: '2026-11-30' }],
      ['/api/inventory-counts', { cutoffDate: '2026-11-30', description: 'Anual' }],
      ['/api/dispatches', { lines: [] }],
      ['/api/reports/stock', undefined],
    ]);
  });

  it('with several: the address names it, each read carries its id, each write sends it, and a switch asks again', async () => {
    const view = render(meWith([CENTRAL, NORTE]), '/dashboard/stock?almacen=P012');
    await screen.findByText(/Almacén P012 de varios/);
    expect(screen.getByTestId('path')).toHaveTextContent('/api/stock?warehouseId=2');
    await waitFor(() => expect(view.calls.filter((c) => c.method === 'GET')).toHaveLength(4));
    expect(paths(view.calls).sort()).toEqual([
      'GET /api/movements/products/12?warehouseId=2&limit=100',
      'GET /api/period-closings?warehouseId=2',
      'GET /api/stock/12?warehouseId=2',
      'GET /api/stock/summary?warehouseId=2',
    ]);
    await act(async () => {
      await actions.close('2026-11-30' as never);
      await actions.dispatch({ lines: [] } as never, 'key-1' as never);
      await actions.report();
    });
    const posts = view.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);
    expect(posts).toEqual([
      ['/api/period-closings', { until: '2026-11-30', warehouseId: 2 }],
      ['/api/dispatches', { lines: [], warehouseId: 2 }],
      ['/api/reports/stock?warehouseId=2', undefined],
    ]);

    const before = view.calls.length;
    await act(() => actions.choose('CENTRAL' as never));
    await screen.findByText(/Almacén CENTRAL de varios \?almacen=CENTRAL/);
    await waitFor(() => expect(view.calls.length - before).toBe(4));
    expect(paths(view.calls.slice(before)).sort()).toEqual([
      'GET /api/movements/products/12?warehouseId=1&limit=100',
      'GET /api/period-closings?warehouseId=1',
      'GET /api/stock/12?warehouseId=1',
      'GET /api/stock/summary?warehouseId=1',
    ]);
  });

  it('an unknown or inactive code in the address falls back to the first warehouse', async () => {
    render(meWith([CENTRAL, NORTE, CLOSED]), '/dashboard?almacen=P099');
    await screen.findByText(/Almacén CENTRAL de varios/);
  });

  it('without the provider (a remote alone), nothing changes', async () => {
    renderWithPlatform(<Screen />, { api: answer, me: meWith([CENTRAL, NORTE]) });
    await screen.findByText(/Almacén ninguno/);
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/api\/stock$/);
  });
});

describe('in-app links keep the current warehouse', () => {
  function Links() {
    const link = useWarehouseLink();
    const navigate = useWarehouseNavigate();
    const { search, pathname } = useLocation();
    return (
      <div>
        <output aria-label="Dirección">{`${pathname}${search}`}</output>
        <ul>
          {[
            '/dashboard/stock',
            '/dashboard/catalogs/products?codigo=75%2001',
            '/dashboard/stock#bajo',
            '/dashboard/stock?almacen=CENTRAL',
          ].map((to) => (
            <li key={to}>{link(to)}</li>
          ))}
        </ul>
        <WarehouseLink to="/dashboard/invoices/history?documento=7">Entrada 7</WarehouseLink>
        <button onClick={() => navigate('../history', { relative: 'path' })}>Historial</button>
      </div>
    );
  }

  it('with several: every link and navigation carries ?almacen=, beside its own query and before its fragment', async () => {
    const user = userEvent.setup();
    renderWithPlatform(
      <WarehouseProvider>
        <Routes>
          <Route path="/dashboard/dispatches/*" element={<Links />} />
        </Routes>
      </WarehouseProvider>,
      { api: answer, me: meWith([CENTRAL, NORTE]), route: '/dashboard/dispatches/generate?almacen=P012' },
    );
    expect(await screen.findByText('/dashboard/stock?almacen=P012')).toBeInTheDocument();
    expect(screen.getByText('/dashboard/catalogs/products?codigo=75%2001&almacen=P012')).toBeInTheDocument();
    expect(screen.getByText('/dashboard/stock?almacen=P012#bajo')).toBeInTheDocument();
    // A link that names a warehouse keeps its own.
    expect(screen.getByText('/dashboard/stock?almacen=CENTRAL')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrada 7' })).toHaveAttribute('href', '/dashboard/invoices/history?documento=7&almacen=P012');
    await user.click(screen.getByRole('button', { name: 'Historial' }));
    expect(await screen.findByText('/dashboard/dispatches/history?almacen=P012')).toBeInTheDocument();
  });

  it('with one: the links of always', async () => {
    renderWithPlatform(
      <WarehouseProvider>
        <Links />
      </WarehouseProvider>,
      { api: answer, me: meWith([CENTRAL]), route: '/dashboard' },
    );
    expect(await screen.findByText('/dashboard/stock')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrada 7' })).toHaveAttribute('href', '/dashboard/invoices/history?documento=7');
  });
});
