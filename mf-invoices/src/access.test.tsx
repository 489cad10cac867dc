// Who sees what in Entradas: a Consulta user reads the history and downloads its
// reports but gets no wizard (the 403 words instead), no "Crear nueva entrada" and no "Cancelar
// entrada"; an Almacenista registers entries but does not cancel them; an Autorizador cancels.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ME_KEY, useMe, type ApiClient } from '@almacen/shared';
import type { AccessRole, Invoice, Me, Movement } from '@almacen/shared/domain';
import { Route, Routes } from '@almacen/shared/router';
import { anInvoice, createFakeApi, type FakeApiRequest, renderWithPlatform, testMe } from '@almacen/shared/testing';
import InvoicesApp from './app';

jest.setTimeout(60_000);

const invoices: Invoice[] = [anInvoice({ id: 5, invoiceNumber: 'A-100', invoiceType: 'ENTRADA_DE_ALMACEN', invoiceDate: '2026-03-05' })];
const movements: Movement[] = [{ id: 21, productId: 10, price: '38.5', quantity: '2', movementType: 'INVOICE', observations: null }];

const handler = ({ method, path }: FakeApiRequest) => {
  if (method === 'GET' && path === '/api/invoices') return invoices;
  if (method === 'GET' && path === '/api/movements/invoices/5') return movements;
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
      <Route path="/dashboard/invoices/*" element={<InvoicesApp />} />
    </Routes>
  </>
);

const renderAs = (roles: AccessRole[], route: string) => renderWithPlatform(app, { api: handler, route, me: testMe(roles) });

async function expandEntry(user: ReturnType<typeof userEvent.setup>) {
  const line = (await screen.findByText('A-100')).closest('tr')!;
  await user.click(within(line).getByRole('button', { name: 'Expandir fila' }));
  await screen.findByRole('table', { name: 'Movimientos de la entrada 5' });
}

describe('Consulta', () => {
  it('gets the 403 words instead of the wizard, and nothing of the wizard is asked of the API', async () => {
    const { calls } = renderAs(['CONSULTA'], '/dashboard/invoices/generate');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No tienes permiso para registrar entradas.');
    expect(screen.getByRole('heading', { level: 1, name: 'Generar entrada de productos' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Siguiente paso' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Número de factura/ })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('reads the history and downloads the report, with no "Crear nueva entrada" and no "Cancelar entrada"', async () => {
    const user = userEvent.setup();
    renderAs(['CONSULTA'], '/dashboard/invoices/history');
    expect(await screen.findByRole('status', { name: 'Roles' })).toHaveTextContent('CONSULTA');
    await expandEntry(user);
    expect(screen.getByRole('button', { name: 'Reporte de entrada' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Crear nueva entrada' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar entrada' })).not.toBeInTheDocument();
  });
});

describe('Almacenista', () => {
  it('gets the wizard', async () => {
    renderAs(['ALMACENISTA'], '/dashboard/invoices/generate');
    expect(await screen.findByRole('button', { name: 'Siguiente paso' })).toBeInTheDocument();
    expect(screen.queryByText(/No tienes permiso/)).not.toBeInTheDocument();
  });

  it('reaches the wizard from the history but cannot cancel an entry', async () => {
    const user = userEvent.setup();
    renderAs(['ALMACENISTA'], '/dashboard/invoices/history');
    expect(await screen.findByRole('status', { name: 'Roles' })).toHaveTextContent('ALMACENISTA');
    await expandEntry(user);
    expect(screen.queryByRole('button', { name: 'Cancelar entrada' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear nueva entrada' }));
    expect(await screen.findByRole('button', { name: 'Siguiente paso' })).toBeInTheDocument();
  });
});

it('an Autorizador can cancel an entry', async () => {
  const user = userEvent.setup();
  renderAs(['AUTORIZADOR'], '/dashboard/invoices/history');
  await expandEntry(user);
  await user.click(screen.getByRole('button', { name: 'Cancelar entrada' }));
  expect(await screen.findByRole('dialog', { name: 'Cancelar entrada A-100' })).toBeInTheDocument();
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
    renderWithPlatform(app, { api, route: '/dashboard/invoices/generate' });
    expect(await screen.findByText('Cargando…')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Siguiente paso' })).not.toBeInTheDocument();
    answer(testMe(roles));
    if (roles.includes('ALMACENISTA')) expect(await screen.findByRole('button', { name: 'Siguiente paso' })).toBeInTheDocument();
    else expect(await screen.findByRole('alert')).toHaveTextContent('No tienes permiso para registrar entradas.');
    expect(screen.queryByText('Cargando…')).not.toBeInTheDocument();
  });
});
