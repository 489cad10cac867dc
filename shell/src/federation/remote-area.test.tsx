// A remote that cannot load breaks only its own area, and "Reintentar" loads it once it is back.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@almacen/shared/router';
import { remotePages } from '../testing/remote-pages';
import { remoteManifests, renderShell } from '../testing/render-shell';
import { forgetContracts } from './contract';
import { REMOTE_CONTRACT_TITLE, resetLoadedRemotes } from './remote-area';
import { configureRemotes } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/federation-runtime').federationRuntimeDouble());

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;
const mockedRegister = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

function fakeRemote(heading: string) {
  return {
    default: function FakeRemote() {
      return (
        <Routes>
          <Route index element={<h1>{heading}</h1>} />
          <Route path="*" element={<h1>{heading}</h1>} />
        </Routes>
      );
    },
  };
}

beforeEach(() => {
  resetLoadedRemotes();
  forgetContracts();
  mockedLoadRemote.mockReset();
  mockedRegister.mockReset();
  configureRemotes(remoteManifests);
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

describe('remote areas', () => {
  it('does not load a remote built against names this shell lacks, and says the portal needs updating, with no «Reintentar»', async () => {
    mockedLoadRemote.mockImplementation(async () => fakeRemote('Stock de productos'));
    // As /config.json brings it from the remote's pages.json.
    const contract = {
      shared: '9.1.0',
      exposes: { './App': { '@almacen/shared': ['useCan', 'useSomethingNewer'], '@almacen/shared/domain': ['formatCurrency'] } },
    };
    renderShell('/dashboard/stock', undefined, { ...remotePages, mf_stock: { ...remotePages.mf_stock, contract } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(REMOTE_CONTRACT_TITLE);
    expect(alert).toHaveTextContent('El módulo de Stock de productos se construyó con la versión 9.1.0 de la plataforma');
    expect(alert).toHaveTextContent('Hay que actualizar el portal; volver a intentarlo no lo resuelve.');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    expect(mockedLoadRemote).not.toHaveBeenCalledWith('mf_stock/App');
  });

  it('loads a remote whose every name this shell gives', async () => {
    mockedLoadRemote.mockImplementation(async (id: string) => (id === 'mf_stock/App' ? fakeRemote('Stock de productos') : null));
    const contract = { shared: '1.1.0', exposes: { './App': { '@almacen/shared': ['useCan'], '@almacen/shared/kit': ['DataTable'] } } };
    renderShell('/dashboard/stock', undefined, { ...remotePages, mf_stock: { ...remotePages.mf_stock, contract } });
    expect(await screen.findByRole('heading', { name: 'Stock de productos' })).toBeInTheDocument();
  });

  it('loads the remote of the area on its first visit', async () => {
    mockedLoadRemote.mockImplementation(async (id: string) => (id === 'mf_stock/App' ? fakeRemote('Stock de productos') : null));
    renderShell('/dashboard/stock');
    expect(await screen.findByRole('heading', { name: 'Stock de productos' })).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('mf_stock/App');
  });

  it('shows the error and "Reintentar" only in the failed area; retrying fetches the remote again', async () => {
    const user = userEvent.setup();
    let stockIsUp = false;
    mockedLoadRemote.mockImplementation(async (id: string) => {
      if (id === 'mf_stock/App') {
        if (!stockIsUp) throw new Error('[ Federation Runtime ]: RUNTIME-003 failed to get manifest');
        return fakeRemote('Stock de productos');
      }
      return fakeRemote('Empleados');
    });
    renderShell('/dashboard/stock');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar esta sección.');
    // The navigation still works, and so does another area.
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    await user.click(within(nav).getByRole('button', { name: 'Catálogos' }));
    await user.click(within(nav).getByRole('link', { name: 'Empleados' }));
    expect(await screen.findByRole('heading', { name: 'Empleados' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Back to the failed area: still down, still only its message.
    await user.click(within(nav).getByRole('link', { name: 'Stock de productos' }));
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeInTheDocument();

    // The remote comes back: "Reintentar" re-registers it (dropping the runtime's cached failure) and loads it.
    stockIsUp = true;
    mockedRegister.mockClear();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Stock de productos' })).toBeInTheDocument();
    expect(mockedRegister).toHaveBeenCalledWith([{ name: 'mf_stock', entry: remoteManifests.mf_stock }], { force: true });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a loaded remote: coming back to its area does not fetch it again', async () => {
    const user = userEvent.setup();
    mockedLoadRemote.mockImplementation(async (id: string) =>
      id === 'mf_stock/App' ? fakeRemote('Stock de productos') : fakeRemote('Otra'),
    );
    renderShell('/dashboard/stock');
    expect(await screen.findByRole('heading', { name: 'Stock de productos' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    await user.click(within(nav).getByRole('link', { name: 'Inicio' }));
    await screen.findByText('Notas de lanzamiento');
    await user.click(within(nav).getByRole('link', { name: 'Stock de productos' }));
    expect(await screen.findByRole('heading', { name: 'Stock de productos' })).toBeInTheDocument();
    expect(mockedLoadRemote.mock.calls.filter(([id]) => id === 'mf_stock/App')).toHaveLength(1);
  });
});
