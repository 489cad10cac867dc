// Side navigation labels and nesting, verbatim as the product names them.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell } from '../testing/render-shell';

// Remotes never answer: these tests are about the shell's own frame.
jest.mock('@module-federation/enhanced/runtime', () =>
  jest.requireActual('../testing/federation-runtime').federationRuntimeDouble(jest.fn(() => new Promise(() => {}))),
);

const groups: Array<[string, Array<[string, string]>]> = [
  [
    'Catálogos',
    [
      ['Empleados', '/dashboard/catalogs/employees'],
      ['Partidas', '/dashboard/catalogs/categories'],
      ['Productos', '/dashboard/catalogs/products'],
      ['Proveedores', '/dashboard/catalogs/suppliers'],
      ['Roles', '/dashboard/catalogs/roles'],
      ['Unidades', '/dashboard/catalogs/units'],
    ],
  ],
  [
    'Entradas',
    [
      ['Generar entrada de productos', '/dashboard/invoices/generate'],
      ['Consultar historial de entradas', '/dashboard/invoices/history'],
    ],
  ],
  [
    'Salidas',
    [
      ['Generar salida de productos', '/dashboard/dispatches/generate'],
      ['Consultar historial de salidas', '/dashboard/dispatches/history'],
    ],
  ],
];

describe('side navigation', () => {
  it('has Inicio, three groups and Stock de productos at the top level, in that order', async () => {
    renderShell('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    const topLevel = within(nav)
      .getAllByRole('link')
      .concat(within(nav).getAllByRole('button'))
      .map((element) => element.textContent);
    expect(topLevel).toEqual(expect.arrayContaining(['Inicio', 'Stock de productos', 'Catálogos', 'Entradas', 'Salidas']));
    const text = nav.textContent ?? '';
    const order = ['Inicio', 'Catálogos', 'Entradas', 'Salidas', 'Stock de productos'].map((label) => text.indexOf(label));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'Stock de productos' })).toHaveAttribute('href', '/dashboard/stock');
  });

  it.each(groups)('"%s" opens to its children with their routes', async (group, children) => {
    const user = userEvent.setup();
    renderShell('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    for (const [label] of children) expect(within(nav).queryByRole('link', { name: label })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: group }));
    for (const [label, to] of children) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', to);
    }
  });

  it('opens the group of the current page by itself and navigates inside the shell', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard/invoices/history');
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).getByRole('link', { name: 'Consultar historial de entradas' })).toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'Inicio' }));
    expect(await screen.findByText('Notas de lanzamiento')).toBeInTheDocument();
  });
});
