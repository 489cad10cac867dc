// The menu and the routes follow what the remotes expose (./pages, or its pages.json through
// /config.json): a page a remote adds shows without touching the shell, and an outage does not
// make a remote's entries vanish.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemotePages } from '@almacen/shared/pages';
import { Route, Routes } from '@almacen/shared/router';
import { remotePages } from '../testing/remote-pages';
import { ana, fakeSession, remoteManifests, renderShell } from '../testing/render-shell';
import { PAGES_CACHE_PREFIX } from './pages';
import { resetLoadedRemotes } from './remote-area';
import { configureRemotes } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/federation-runtime').federationRuntimeDouble());

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

const stockWithAlerts: RemotePages = {
  ...remotePages.mf_stock,
  menu: [...remotePages.mf_stock.menu, { label: 'Alertas de existencias', path: '/dashboard/stock/alerts' }],
};

function fakeStockApp() {
  return {
    default: function FakeStock() {
      return (
        <Routes>
          <Route index element={<h1>Stock de productos</h1>} />
          <Route path="alerts" element={<h1>Alertas de existencias</h1>} />
        </Routes>
      );
    },
  };
}

const topLevel = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
  return { nav, text: nav.textContent ?? '' };
};

beforeEach(() => {
  resetLoadedRemotes();
  window.localStorage.clear();
  mockedLoadRemote.mockReset();
  (registerRemotes as jest.Mock).mockReset();
  configureRemotes(remoteManifests);
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

describe('pages the remotes expose', () => {
  it('shows a page a remote adds, in its order, and opens it at its route', async () => {
    const user = userEvent.setup();
    mockedLoadRemote.mockImplementation(async (id: string) => (id === 'mf_stock/App' ? fakeStockApp() : null));
    renderShell('/dashboard', fakeSession(ana), { ...remotePages, mf_stock: stockWithAlerts });

    const { nav, text } = await topLevel();
    const link = within(nav).getByRole('link', { name: 'Alertas de existencias' });
    expect(link).toHaveAttribute('href', '/dashboard/stock/alerts');
    expect(text.indexOf('Stock de productos')).toBeLessThan(text.indexOf('Alertas de existencias'));

    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Alertas de existencias' })).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('mf_stock/App');
  });

  it('keeps a remote out of the menu and its routes when it declares no pages', async () => {
    mockedLoadRemote.mockImplementation(async () => {
      throw new Error('RUNTIME-003 failed to get manifest');
    });
    const { mf_stock: _stock, ...others } = remotePages;
    renderShell('/dashboard/stock', fakeSession(ana), others);
    // Its ./pages is asked for, fails, nothing is remembered: the path is not a page of the portal.
    expect(await screen.findByText('Notas de lanzamiento')).toBeInTheDocument();
    const { nav } = await topLevel();
    expect(within(nav).queryByRole('link', { name: 'Stock de productos' })).not.toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('mf_stock/pages');
  });

  it('asks a remote for ./pages when /config.json has none, and remembers them for an outage', async () => {
    mockedLoadRemote.mockImplementation(async (id: string) => {
      if (id === 'mf_stock/pages') return { default: stockWithAlerts };
      if (id === 'mf_stock/App') return fakeStockApp();
      return null;
    });
    const { mf_stock: _stock, ...others } = remotePages;
    const first = renderShell('/dashboard/stock/alerts', fakeSession(ana), others);
    // A deep link waits for the remote's pages instead of bouncing to Inicio.
    expect(await screen.findByRole('heading', { name: 'Alertas de existencias' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(`${PAGES_CACHE_PREFIX}mf_stock`) ?? 'null')).toEqual(stockWithAlerts);
    first.unmount();

    // Later the remote is down: its entries are still there, and its page says so with "Reintentar".
    resetLoadedRemotes();
    mockedLoadRemote.mockImplementation(async () => {
      throw new Error('RUNTIME-003 failed to get manifest');
    });
    renderShell('/dashboard/stock/alerts', fakeSession(ana), others);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar esta sección.');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    const { nav } = await topLevel();
    expect(within(nav).getByRole('link', { name: 'Alertas de existencias' })).toHaveAttribute('href', '/dashboard/stock/alerts');
  });

  it('keeps the entries /config.json gives for a remote that is down, on a first visit too', async () => {
    mockedLoadRemote.mockImplementation(async () => {
      throw new Error('RUNTIME-003 failed to get manifest');
    });
    renderShell('/dashboard/stock');
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar esta sección.');
    const { nav, text } = await topLevel();
    expect(within(nav).getByRole('link', { name: 'Stock de productos' })).toHaveAttribute('href', '/dashboard/stock');
    const order = ['Inicio', 'Catálogos', 'Entradas', 'Salidas', 'Stock de productos'].map((label) => text.indexOf(label));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Nothing but ./App was asked of the remotes: /config.json already said what they have.
    expect(mockedLoadRemote.mock.calls.map(([id]) => id)).not.toContain('mf_stock/pages');
  });
});
