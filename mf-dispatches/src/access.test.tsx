// Who sees what in Salidas: a Consulta user reads the history and downloads its
// reports but gets no wizard (the 403 words instead), no "Crear nueva salida" and no "Cancelar
// salida"; an Almacenista registers exits but does not cancel them; an Autorizador cancels.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ME_KEY, useMe, type ApiClient } from '@almacen/shared';
import type { AccessRole, Dispatch, Me, Movement } from '@almacen/shared/domain';
import { Route, Routes } from '@almacen/shared/router';
import { aDispatch, createFakeApi, type FakeApiRequest, renderWithPlatform, testMe } from '@almacen/shared/testing';
import DispatchesApp from './app';

jest.setTimeout(60_000);

const dispatches: Dispatch[] = [aDispatch({ id: 31, dispatchDate: '2026-03-02' })];
const movements: Movement[] = [{ id: 301, productId: 5, price: '15.5', quantity: '2', movementType: 'DISPATCH', observations: null }];

const handler = ({ method, path }: FakeApiRequest) => {
  if (method === 'GET' && path === '/api/dispatches') return dispatches;
  if (method === 'GET' && path === '/api/movements/dispatches/31') return movements;
  if (method === 'GET' && path.startsWith('/api/catalog/')) return [];
  return undefined;
};

/** Shows whom the portal thinks is signed in, so a test knows /api/me has been answered. */
function MeProbe() {
  const { data } = useMe();
  return <output aria-label="Roles">{data?.roles.map((grant) => grant.role).join(',')}</output>;
}

const app = (
  <>
    <MeProbe />
    <Routes>
      <Route path="/dashboard/dispatches/*" element={<DispatchesApp />} />
    </Routes>
  </>
);

const renderAs = (roles: AccessRole[], route: string) => renderWithPlatform(app, { api: handler, route, me: testMe(roles) });

async function expandExit(user: ReturnType<typeof userEvent.setup>) {
  const table = await screen.findByRole('table', { name: 'Salidas' });
  const line = (await within(table).findByText('31')).closest('tr')!;
  await user.click(within(line).getByRole('button', { name: 'Expandir fila' }));
  await screen.findByRole('table', { name: 'Movimientos de la salida 31' });
}

describe('Consulta', () => {
  it('gets the 403 words instead of the wizard, and nothing of the wizard is asked of the API', async () => {
    const { calls } = renderAs(['CONSULTA'], '/dashboard/dispatches/generate');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No tienes permiso para registrar salidas.');
    expect(screen.getByRole('heading', { level: 1, name: 'Generar salida de productos' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Siguiente paso' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('reads the history and downloads the report, with no "Crear nueva salida" and no "Cancelar salida"', async () => {
    const user = userEvent.setup();
    renderAs(['CONSULTA'], '/dashboard/dispatches/history');
    expect(await screen.findByRole('status', { name: 'Roles' })).toHaveTextContent('CONSULTA');
    await expandExit(user);
    expect(screen.getByRole('button', { name: 'Reporte de salida' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Crear nueva salida' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar salida' })).not.toBeInTheDocument();
  });
});

describe('Almacenista', () => {
  it('gets the wizard', async () => {
    renderAs(['ALMACENISTA'], '/dashboard/dispatches/generate');
    expect(await screen.findByRole('button', { name: 'Siguiente paso' })).toBeInTheDocument();
    expect(screen.queryByText(/No tienes permiso/)).not.toBeInTheDocument();
  });

  it('reaches the wizard from the history but cannot cancel an exit', async () => {
    const user = userEvent.setup();
    renderAs(['ALMACENISTA'], '/dashboard/dispatches/history');
    expect(await screen.findByRole('status', { name: 'Roles' })).toHaveTextContent('ALMACENISTA');
    await expandExit(user);
    expect(screen.queryByRole('button', { name: 'Cancelar salida' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear nueva salida' }));
    expect(await screen.findByRole('button', { name: 'Siguiente paso' })).toBeInTheDocument();
  });
});

it('an Autorizador can cancel an exit', async () => {
  const user = userEvent.setup();
  renderAs(['AUTORIZADOR'], '/dashboard/dispatches/history');
  await expandExit(user);
  await user.click(screen.getByRole('button', { name: 'Cancelar salida' }));
  expect(await screen.findByRole('dialog', { name: 'Cancelar salida 31' })).toBeInTheDocument();
});

describe('while /api/me is on its way', () => {
  /** A fake API whose /api/me answers only when the test says so. */
  function slowMe() {
    let answer!: (me: Me) => void;
    const me = new Promise<Me>((resolve) => (answer = resolve));
    const { api: fake } = createFakeApi(handler);
    const api = ((path: string, options) => (path === ME_KEY ? me : fake(path, options))) as ApiClient;
    api.download = fake.download;
    return { api, answer };
  }

  it.each([
    [['CONSULTA'] as AccessRole[], 'the 403 words'],
    [['ALMACENISTA'] as AccessRole[], 'the wizard'],
  ])('the wizard page waits with a spinner, neither form nor refusal, then shows what %j may see (%s)', async (roles) => {
    const { api, answer } = slowMe();
    renderWithPlatform(app, { api, route: '/dashboard/dispatches/generate' });
    expect(await screen.findByText('Cargando…')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Siguiente paso' })).not.toBeInTheDocument();
    answer(testMe(roles));
    if (roles.includes('ALMACENISTA')) expect(await screen.findByRole('button', { name: 'Siguiente paso' })).toBeInTheDocument();
    else expect(await screen.findByRole('alert')).toHaveTextContent('No tienes permiso para registrar salidas.');
    expect(screen.queryByText('Cargando…')).not.toBeInTheDocument();
  });
});
