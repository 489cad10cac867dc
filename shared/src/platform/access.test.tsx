// What a person may do follows the current warehouse: a clerk who is Almacenista at P012 and only
// Consulta at P013 registers exits and entries in P012, not in P013; what is institution-wide
// (the catalogues) holds in both; an API that sends no per-warehouse permissions keeps the union.
import { act, screen } from '@testing-library/react';
import type { Me } from '../domain';
import { renderWithPlatform, testMe, testMeIn } from '../testing';
import { Can, useCan } from './access';
import { useCurrentWarehouse, WarehouseProvider } from './warehouse';

const P012 = { id: 12, code: 'P012', name: 'Plantel 12' };
const P013 = { id: 13, code: 'P013', name: 'Plantel 13' };
const clerk = testMeIn([
  { ...P012, roles: ['ALMACENISTA'] },
  { ...P013, roles: ['CONSULTA'] },
]);

let choose: (code: string) => void = () => undefined;

function Toolbar() {
  const current = useCurrentWarehouse();
  choose = current.choose;
  const catalogs = useCan('catalogs.write');
  return (
    <div>
      <p>En {current.warehouse?.code ?? 'ninguno'}</p>
      <Can permission="dispatches.create">
        <button>Nueva salida</button>
      </Can>
      <Can permission="invoices.create">
        <button>Nueva entrada</button>
      </Can>
      <Can permission="consult">
        <button>Historial</button>
      </Can>
      {catalogs && <button>Nuevo producto</button>}
    </div>
  );
}

const render = (me: Me, route: string, provider = true) =>
  renderWithPlatform(
    provider ? (
      <WarehouseProvider>
        <Toolbar />
      </WarehouseProvider>
    ) : (
      <Toolbar />
    ),
    { me, route, api: () => [] },
  );

const button = (name: string) => screen.queryByRole('button', { name });

describe('useCan and <Can> in the current warehouse', () => {
  it('the clerk sees «Nueva salida» and «Nueva entrada» in P012', async () => {
    render(clerk, '/dashboard?almacen=P012');
    expect(await screen.findByText('En P012')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Nueva salida' })).toBeInTheDocument();
    expect(button('Nueva entrada')).toBeInTheDocument();
    expect(button('Historial')).toBeInTheDocument();
    expect(button('Nuevo producto')).toBeInTheDocument();
  });

  it('in P013, where the clerk only consults: no «Nueva salida» nor «Nueva entrada», the history and the catalogues still', async () => {
    render(clerk, '/dashboard?almacen=P013');
    expect(await screen.findByText('En P013')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Historial' })).toBeInTheDocument();
    expect(button('Nueva salida')).not.toBeInTheDocument();
    expect(button('Nueva entrada')).not.toBeInTheDocument();
    // Catalogues are one for the institution: a grant in any warehouse gives them.
    expect(button('Nuevo producto')).toBeInTheDocument();
  });

  it('a switch from P012 to P013 takes the buttons away at once', async () => {
    render(clerk, '/dashboard?almacen=P012');
    expect(await screen.findByRole('button', { name: 'Nueva salida' })).toBeInTheDocument();
    act(() => choose('P013'));
    expect(await screen.findByText('En P013')).toBeInTheDocument();
    expect(button('Nueva salida')).not.toBeInTheDocument();
    expect(button('Nueva entrada')).not.toBeInTheDocument();
  });

  it('an API built before (no per-warehouse permissions): what /api/me grants holds in every warehouse', async () => {
    const before: Me = {
      ...testMe(['ALMACENISTA']),
      warehouses: [P012, P013].map((w) => ({ ...w, active: true })) as NonNullable<Me['warehouses']>,
    };
    render(before, '/dashboard?almacen=P013');
    expect(await screen.findByText('En P013')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Nueva salida' })).toBeInTheDocument();
    expect(button('Nueva entrada')).toBeInTheDocument();
  });

  it('outside the shell’s provider (a remote alone): the union of the warehouses', async () => {
    render(clerk, '/dashboard', false);
    expect(await screen.findByRole('button', { name: 'Nueva salida' })).toBeInTheDocument();
  });

  it('nothing while /api/me is on its way', async () => {
    render(clerk, '/dashboard?almacen=P012');
    expect(button('Historial')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Historial' })).toBeInTheDocument();
  });
});
