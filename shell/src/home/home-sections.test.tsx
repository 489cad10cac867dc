// The home page renders the sections remotes expose as ./Home (mf-stock's figures and
// charts) between the greeting and the release notes, inside the remotes' error boundary: with
// mf-stock down the greeting and the notes stay, the section says so and "Reintentar" loads it.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetLoadedRemotes } from '../federation/remote-area';
import { configureRemotes } from '../federation/remotes';
import { remotePages } from '../testing/remote-pages';
import { ana, fakeSession, remoteManifests, renderShell } from '../testing/render-shell';
import { releaseNotes } from './home-page';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/federation-runtime').federationRuntimeDouble());
const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeEach(() => {
  resetLoadedRemotes();
  mockedLoadRemote.mockReset();
  (registerRemotes as jest.Mock).mockReset();
  configureRemotes(remoteManifests);
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

const stockHome = { default: () => <section aria-label="Resumen del almacén">Valor del inventario</section> };

test("mf-stock's ./Home shows between the greeting and the release notes", async () => {
  mockedLoadRemote.mockImplementation(async (id: string) => (id === 'mf_stock/Home' ? stockHome : null));
  renderShell('/dashboard');
  const section = await screen.findByRole('region', { name: 'Resumen del almacén' });
  expect(mockedLoadRemote).toHaveBeenCalledWith('mf_stock/Home');
  const heading = screen.getByRole('heading', { level: 1, name: '¡Hola, Ana!' });
  const notes = screen.getByRole('heading', { name: 'Notas de lanzamiento' });
  expect(heading.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(section.compareDocumentPosition(notes) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('with mf-stock down the greeting and the release notes still show; "Reintentar" brings the section back', async () => {
  const user = userEvent.setup();
  let up = false;
  mockedLoadRemote.mockImplementation(async (id: string) => {
    if (id !== 'mf_stock/Home') return null;
    if (!up) throw new Error('[ Federation Runtime ]: RUNTIME-003 failed to get manifest');
    return stockHome;
  });
  renderShell('/dashboard');
  expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar esta sección.');
  expect(screen.getByRole('alert')).toHaveTextContent('El módulo de Stock de productos no está disponible en este momento.');
  expect(screen.getByRole('heading', { level: 1, name: '¡Hola, Ana!' })).toBeInTheDocument();
  for (const note of releaseNotes) expect(screen.getByText(note.text, { exact: false })).toBeInTheDocument();
  up = true;
  await user.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByRole('region', { name: 'Resumen del almacén' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a remote whose pages declare no `home` adds no section and nothing is loaded', async () => {
  mockedLoadRemote.mockImplementation(async () => stockHome);
  const { home: _home, ...stockWithoutHome } = remotePages.mf_stock;
  renderShell('/dashboard', fakeSession(ana), { ...remotePages, mf_stock: stockWithoutHome });
  expect(await screen.findByRole('heading', { name: 'Notas de lanzamiento' })).toBeInTheDocument();
  expect(mockedLoadRemote).not.toHaveBeenCalledWith('mf_stock/Home');
  expect(screen.queryByRole('region', { name: 'Resumen del almacén' })).not.toBeInTheDocument();
});
