// Who may change the catalogues: a Consulta user reads, searches and expands every
// catalogue but is offered no "Añadir …", no row menu with edit and delete, and no role
// assignment of an employee; an Almacenista (catalogs.write) gets all of them.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMe } from '@almacen/shared';
import type { AccessRole } from '@almacen/shared/domain';
import { Route, Routes } from '@almacen/shared/router';
import { renderWithPlatform, testMe } from '@almacen/shared/testing';
import CatalogsApp from './app';
import { fakeCatalogServer } from './testing/fake-catalog-server';
import { rowsOf } from './testing/screen-helpers';

jest.setTimeout(60_000);

const seed = () =>
  fakeCatalogServer({
    products: [{ id: 12, name: 'Papel bond carta' }],
    suppliers: [{ id: 3, name: 'Papelería La Escolar', rfc: 'PES010203AB1' }],
    categories: [{ id: 1, description: '2111 Materiales de oficina' }],
    units: [{ id: 1, description: 'Pieza' }],
    roles: [{ id: 1, description: 'Director del plantel' }],
    employees: [{ id: 5, name: 'María', lastName: 'Hernández', email: null }],
    employeeRoles: { 5: [1] },
  });

/** Shows whom the portal thinks is signed in, so a test knows /api/me has been answered. */
function MeProbe() {
  const { data } = useMe();
  return <output aria-label="Roles">{data?.roles.map((grant) => grant.role).join(',')}</output>;
}

function renderAs(roles: AccessRole[], page: string) {
  const server = seed();
  const result = renderWithPlatform(
    <>
      <MeProbe />
      <Routes>
        <Route path="/dashboard/catalogs/*" element={<CatalogsApp />} />
      </Routes>
    </>,
    { api: server.handle, route: `/dashboard/catalogs/${page}`, me: testMe(roles) },
  );
  return result;
}

async function signedInAs(roles: AccessRole[]) {
  expect(await screen.findByRole('status', { name: 'Roles' })).toHaveTextContent(roles.join(','));
}

const headers = (table: string) =>
  within(screen.getByRole('table', { name: table }))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

const pages = [
  {
    page: 'products',
    table: 'Productos',
    row: 'Papel bond carta',
    add: 'Añadir producto',
    menu: 'Acciones del producto 12',
    edit: 'Editar producto',
    remove: 'Eliminar producto',
  },
  {
    page: 'suppliers',
    table: 'Proveedores',
    row: 'Papelería La Escolar',
    add: 'Añadir proveedor',
    menu: 'Acciones de Papelería La Escolar',
    edit: 'Editar proveedor',
    remove: 'Eliminar proveedor',
  },
  {
    page: 'categories',
    table: 'Partidas',
    row: '2111 Materiales de oficina',
    add: 'Añadir partida',
    menu: 'Acciones de 2111 Materiales de oficina',
    edit: 'Editar partida',
    remove: 'Eliminar partida',
  },
  {
    page: 'units',
    table: 'Unidades de medida',
    row: 'Pieza',
    add: 'Añadir unidad de medida',
    menu: 'Acciones de Pieza',
    edit: 'Editar unidad de medida',
    remove: 'Eliminar unidad de medida',
  },
  {
    page: 'roles',
    table: 'Roles',
    row: 'Director del plantel',
    add: 'Añadir rol',
    menu: 'Acciones de Director del plantel',
    edit: 'Editar rol',
    remove: 'Eliminar rol',
  },
  {
    page: 'employees',
    table: 'Empleados',
    row: 'María',
    add: 'Añadir empleado',
    menu: 'Acciones de María Hernández',
    edit: 'Editar empleado',
    remove: 'Eliminar empleado',
  },
];

describe.each(pages)('$table', ({ page, table, row, add, menu, edit, remove }) => {
  it('a Consulta user reads and searches it, with no "Añadir …" and no edit or delete', async () => {
    renderAs(['CONSULTA'], page);
    await signedInAs(['CONSULTA']);
    await within(screen.getByRole('table', { name: table })).findByText(row);
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Añadir/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: menu })).not.toBeInTheDocument();
    expect(headers(table)).not.toContain('Acciones');
  });

  it('an Almacenista adds, edits and deletes', async () => {
    const user = userEvent.setup();
    renderAs(['ALMACENISTA'], page);
    await signedInAs(['ALMACENISTA']);
    await within(screen.getByRole('table', { name: table })).findByText(row);
    expect(screen.getByRole('button', { name: add })).toBeEnabled();
    expect(headers(table)).toContain('Acciones');
    await user.click(screen.getByRole('button', { name: menu }));
    expect(await screen.findByRole('menuitem', { name: edit })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: remove })).toBeInTheDocument();
  });
});

describe("an employee's roles", () => {
  async function expandMaria(roles: AccessRole[]) {
    const user = userEvent.setup();
    renderAs(roles, 'employees');
    await signedInAs(roles);
    await within(screen.getByRole('table', { name: 'Empleados' })).findByText('María');
    await user.click(within(rowsOf('Empleados')[0]).getByRole('button', { name: 'Expandir fila' }));
    const assigned = await screen.findByRole('table', { name: 'Roles de María Hernández' });
    await within(assigned).findByText('Director del plantel');
    return { user, assigned };
  }

  it('a Consulta user sees them but cannot assign or remove one', async () => {
    const { assigned } = await expandMaria(['CONSULTA']);
    expect(screen.queryByRole('button', { name: 'Asignar rol' })).not.toBeInTheDocument();
    expect(within(assigned).queryByRole('button', { name: 'Acciones del rol Director del plantel' })).not.toBeInTheDocument();
    expect(
      within(assigned)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Rol']);
  });

  it('an Almacenista assigns and removes them', async () => {
    const { user, assigned } = await expandMaria(['ALMACENISTA']);
    expect(screen.getByRole('button', { name: 'Asignar rol' })).toBeEnabled();
    await user.click(within(assigned).getByRole('button', { name: 'Acciones del rol Director del plantel' }));
    expect(await screen.findByRole('menuitem', { name: 'Eliminar asignación' })).toBeInTheDocument();
  });
});
