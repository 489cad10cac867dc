// "Usuarios": the list, roles granted in Almacén vs. elsewhere, the roles dialog, the
// last administrator's 409, and with the embedded provider new accounts, resets and deactivation.
// With one warehouse the page is the one it always was; with several each role holds for
// «Todos los almacenes» or for one warehouse.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, LAST_ADMIN_MESSAGE, type UserSummary } from '@almacen/shared';
import { renderWithPlatform, type FakeApiRequest } from '@almacen/shared/testing';
import { ONE_TIME_PASSWORD_WARNING } from './password-dialog';
import { UsersPage } from './users-page';

jest.setTimeout(60_000);

const admin: UserSummary = {
  id: 1,
  name: 'Adriana Gómez',
  email: 'admin@escuela.mx',
  username: 'admin',
  roles: [{ role: 'ADMINISTRADOR', warehouseId: null, source: 'configuracion' }],
  lastSeenAt: '2026-11-23T15:05:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  origin: 'almacen',
  active: true,
  employeeId: null,
};
const luis: UserSummary = {
  id: 2,
  name: 'Luis Pérez',
  email: 'luis@escuela.mx',
  username: 'luis',
  roles: [
    { role: 'CONSULTA', warehouseId: null, source: 'almacen' },
    { role: 'ALMACENISTA', warehouseId: null, source: 'proveedor' },
  ],
  lastSeenAt: '2026-11-22T01:30:00.000Z',
  createdAt: '2026-11-02T10:00:00.000Z',
  origin: 'proveedor',
  active: true,
  employeeId: null,
};
const marta: UserSummary = {
  ...luis,
  id: 3,
  name: 'Marta Ruiz',
  email: null,
  username: 'marta',
  roles: [],
  origin: 'almacen',
  active: false,
};

const EMPLOYEES = [
  { id: 7, name: 'Luis Alberto', lastName: 'Pérez', email: 'luis@escuela.mx' },
  { id: 8, name: 'Marta Elena', lastName: 'Ruiz', email: null },
];

const CENTRAL = {
  id: 1,
  code: 'CENTRAL',
  name: 'Almacén central',
  address: null,
  responsibleEmployeeId: null,
  responsibleEmployeeName: null,
  active: true,
};
const P012 = { ...CENTRAL, id: 12, code: 'P012', name: 'Plantel 12' };
const P013 = { ...CENTRAL, id: 13, code: 'P013', name: 'Plantel 13' };

function server(overrides: (request: FakeApiRequest) => unknown = () => undefined, warehouses = [CENTRAL]) {
  return (request: FakeApiRequest) => {
    const answer = overrides(request);
    if (answer !== undefined) return answer;
    if (request.method === 'GET' && request.path === '/api/users') return [admin, { ...luis, employeeId: 7 }, marta];
    if (request.method === 'GET' && request.path === '/api/warehouses') return warehouses;
    if (request.method === 'GET' && request.path === '/api/catalog/employees') return EMPLOYEES;
    if (request.method === 'PUT' && request.path.endsWith('/roles')) return luis;
    return undefined;
  };
}

const rowOf = async (name: string) => {
  const cell = await screen.findByRole('cell', { name: new RegExp(name) });
  return cell.closest('tr') as HTMLElement;
};

async function rowAction(user: ReturnType<typeof userEvent.setup>, name: string, entry: string) {
  await user.click(await screen.findByRole('button', { name: `Acciones de ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: entry }));
}

describe('Usuarios', () => {
  it('lists ID, Nombre, Correo, Roles, Último acceso and Origen, telling apart roles granted elsewhere', async () => {
    renderWithPlatform(<UsersPage />, { api: server() });
    expect(await screen.findByRole('heading', { name: 'Usuarios', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Usuarios · Almacén');
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    for (const header of ['ID', 'Nombre', 'Correo', 'Permisos', 'Último acceso', 'Origen']) expect(headers.join('|')).toContain(header);

    const row = await rowOf('Luis Pérez');
    expect(row).toHaveTextContent('luis@escuela.mx');
    expect(row).toHaveTextContent('Consulta');
    expect(row).toHaveTextContent('Almacenista');
    // 01:30 UTC is the evening before in Mexico City.
    expect(row).toHaveTextContent('21/11/2026 19:30');
    expect(row).toHaveTextContent('Proveedor');
    expect(await rowOf('Adriana Gómez')).toHaveTextContent('Almacén');
    expect(await rowOf('Marta Ruiz')).toHaveTextContent('Desactivado');
    // «Empleado»: the employee of the catalogue the person is, or «Sin vincular».
    expect(headers.join('|')).toContain('Empleado');
    expect(row).toHaveTextContent('Luis Alberto Pérez');
    expect(await rowOf('Marta Ruiz')).toHaveTextContent('Sin vincular');

    // The provider's role says where it comes from.
    const user = userEvent.setup();
    await user.hover(within(row).getByText('Almacenista'));
    expect(await screen.findByText('Otorgado por el proveedor de identidad')).toBeInTheDocument();
    await user.hover(within(await rowOf('Adriana Gómez')).getByText('Administrador'));
    expect(await screen.findByText('Otorgado por la configuración (ADMIN_USERS)')).toBeInTheDocument();
  });

  it('"Permisos…" edits the roles granted in Almacén and PUTs them; the provider’s stay checked and locked', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithPlatform(<UsersPage />, { api: server() });
    await rowOf('Luis Pérez');
    await rowAction(user, 'Luis Pérez', 'Permisos…');
    const dialog = await screen.findByRole('dialog', { name: 'Permisos de Luis Pérez' });
    // One warehouse: the four checkboxes as always, no warehouse to choose.
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Todos los almacenes|para toda la institución/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Consulta' })).toBeChecked();
    const provider = within(dialog).getByRole('checkbox', { name: /Almacenista \(Otorgado por el proveedor de identidad\)/ });
    expect(provider).toBeChecked();
    expect(provider).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Autorizador' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Consulta' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/users/2/roles',
      body: { roles: [{ role: 'AUTORIZADOR', warehouseId: null }] },
    });
    expect(await screen.findByText('Permisos actualizados.')).toBeInTheDocument();
  });

  it('shows the API’s 409 (last administrator) as the app shows errors', async () => {
    const user = userEvent.setup();
    const api = server((request) => {
      if (request.method === 'PUT') throw new ApiError(409, LAST_ADMIN_MESSAGE, { code: 'LAST_ADMIN' });
      return undefined;
    });
    renderWithPlatform(<UsersPage />, { api });
    await rowOf('Luis Pérez');
    await rowAction(user, 'Luis Pérez', 'Permisos…');
    const dialog = await screen.findByRole('dialog', { name: 'Permisos de Luis Pérez' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Consulta' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(`Algo salió mal mientras tratábamos de actualizar los permisos del usuario. ${LAST_ADMIN_MESSAGE}`),
    ).toBeInTheDocument();
  });

  it('with an external provider there is no "Nuevo usuario", no password reset and no deactivation', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<UsersPage />, { api: server(), config: { identityProvider: 'external' } });
    await rowOf('Adriana Gómez');
    expect(screen.queryByRole('button', { name: 'Nuevo usuario' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Acciones de Adriana Gómez' }));
    expect(await screen.findByRole('menuitem', { name: 'Permisos…' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Restablecer contraseña' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Desactivar' })).not.toBeInTheDocument();
  });

  it('"Nuevo usuario" checks the form, POSTs it and shows the one-time password once', async () => {
    const user = userEvent.setup();
    const created: UserSummary = { ...marta, id: 4, name: 'Rosa Díaz', username: 'rosa', email: 'rosa@escuela.mx', active: true };
    const { calls } = renderWithPlatform(<UsersPage />, {
      api: server((request) =>
        request.method === 'POST' && request.path === '/api/users' ? { user: created, password: 'Xy7-kP2q-9mWz' } : undefined,
      ),
      config: { identityProvider: 'embedded' },
    });
    await rowOf('Adriana Gómez');
    await user.click(screen.getByRole('button', { name: 'Nuevo usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    await user.type(within(dialog).getByRole('textbox', { name: /Usuario/ }), 'Rosa Díaz');
    await user.type(within(dialog).getByRole('textbox', { name: /Correo/ }), 'rosa@');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await within(dialog).findByText(/El usuario debe tener de 1 a 64 caracteres/)).toBeInTheDocument();
    expect(within(dialog).getByText('Escribe el nombre de la persona.')).toBeInTheDocument();
    expect(within(dialog).getByText(/El correo no es válido/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: /Usuario/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Usuario/ }), 'rosa');
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Rosa Díaz');
    await user.type(within(dialog).getByRole('textbox', { name: /Correo/ }), 'escuela.mx');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Almacenista' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));

    const shown = await screen.findByRole('alertdialog', { name: 'Usuario creado' });
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/users',
      body: { username: 'rosa', name: 'Rosa Díaz', email: 'rosa@escuela.mx', roles: [{ role: 'ALMACENISTA', warehouseId: null }] },
    });
    expect(within(shown).getByRole('textbox', { name: 'Contraseña de un solo uso de rosa' })).toHaveValue('Xy7-kP2q-9mWz');
    expect(within(shown).getByText(ONE_TIME_PASSWORD_WARNING)).toBeInTheDocument();

    const writeText = jest.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(shown).getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith('Xy7-kP2q-9mWz');
    expect(await screen.findByText('Contraseña copiada.')).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'Listo' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // Once closed it is gone for good.
    expect(screen.queryByDisplayValue('Xy7-kP2q-9mWz')).not.toBeInTheDocument();
  });

  it('"Cancelar" closes "Nuevo usuario" at the first click, without validating a field left empty', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<UsersPage />, { api: server(), config: { identityProvider: 'embedded' } });
    await rowOf('Adriana Gómez');
    await user.click(screen.getByRole('button', { name: 'Nuevo usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    const username = within(dialog).getByRole('textbox', { name: /Usuario/ });
    await waitFor(() => expect(username).toHaveFocus());
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' });
    // Pressed: the field keeps the focus, so no message appears to move the button away.
    await user.pointer({ keys: '[MouseLeft>]', target: cancel });
    expect(username).toHaveFocus();
    expect(within(dialog).queryByText(/El usuario debe tener de 1 a 64 caracteres/)).not.toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: cancel });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo usuario' })).not.toBeInTheDocument());
  });

  it('"Restablecer contraseña" asks first, then shows the new one-time password', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithPlatform(<UsersPage />, {
      api: server((request) =>
        request.method === 'POST' && request.path === '/api/users/3/password-reset' ? { password: 'Nw4-zT8r' } : undefined,
      ),
      config: { identityProvider: 'embedded' },
    });
    await rowOf('Marta Ruiz');
    await rowAction(user, 'Marta Ruiz', 'Restablecer contraseña');
    const confirm = await screen.findByRole('alertdialog', { name: '¿Restablecer la contraseña?' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Sí, restablecer' }));
    const shown = await screen.findByRole('alertdialog', { name: 'Contraseña restablecida' });
    expect(within(shown).getByRole('textbox', { name: 'Contraseña de un solo uso de marta' })).toHaveValue('Nw4-zT8r');
  });

  it('"Desactivar" and "Reactivar" ask first, then POST or DELETE the deactivation', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithPlatform(<UsersPage />, {
      api: server((request) => (request.path.endsWith('/deactivation') ? luis : undefined)),
      config: { identityProvider: 'embedded' },
    });
    await rowOf('Adriana Gómez');
    await rowAction(user, 'Adriana Gómez', 'Desactivar');
    await user.click(
      within(await screen.findByRole('alertdialog', { name: '¿Desactivar la cuenta?' })).getByRole('button', { name: 'Sí, desactivar' }),
    );
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/users/1/deactivation' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await rowAction(user, 'Marta Ruiz', 'Reactivar');
    await user.click(
      within(await screen.findByRole('alertdialog', { name: '¿Reactivar la cuenta?' })).getByRole('button', { name: 'Sí, reactivar' }),
    );
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/api/users/3/deactivation' }));
  });

  it('"Empleado…" links the person with an employee of the catalogue (PUT /api/users/{id}/employee), and clears it', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithPlatform(<UsersPage />, {
      api: server((request) => (request.method === 'PUT' && request.path.endsWith('/employee') ? { ...marta, employeeId: 8 } : undefined)),
    });
    await rowOf('Marta Ruiz');
    await rowAction(user, 'Marta Ruiz', 'Empleado…');
    const dialog = await screen.findByRole('dialog', { name: 'Empleado de Marta Ruiz' });
    await user.click(within(dialog).getByRole('combobox', { name: /Empleado/ }));
    await user.click(await screen.findByRole('option', { name: 'Marta Elena Ruiz' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/users/3/employee', body: { employeeId: 8 } });
    expect(await screen.findByText('Empleado del usuario actualizado.')).toBeInTheDocument();

    // Luis is linked already: emptying the field sends null.
    await rowAction(user, 'Luis Pérez', 'Empleado…');
    const again = await screen.findByRole('dialog', { name: 'Empleado de Luis Pérez' });
    const field = within(again).getByRole('combobox', { name: /Empleado/ });
    expect(field).toHaveValue('Luis Alberto Pérez');
    await user.clear(field);
    await user.click(within(again).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]).toMatchObject({ path: '/api/users/2/employee', body: { employeeId: null } });
  });

  describe('with several warehouses', () => {
    const ana: UserSummary = {
      ...luis,
      id: 5,
      name: 'Ana Ruiz',
      username: 'ana',
      origin: 'almacen',
      roles: [
        { role: 'CONSULTA', warehouseId: null, source: 'almacen' },
        { role: 'ALMACENISTA', warehouseId: 12, source: 'almacen' },
        { role: 'ALMACENISTA', warehouseId: 13, source: 'proveedor' },
      ],
    };
    const several = (overrides: (request: FakeApiRequest) => unknown = () => undefined) =>
      server(
        (request) => overrides(request) ?? (request.method === 'GET' && request.path === '/api/users' ? [admin, ana] : undefined),
        [CENTRAL, P012, P013],
      );

    it('the roles column says where each role holds', async () => {
      renderWithPlatform(<UsersPage />, { api: several() });
      const row = await rowOf('Ana Ruiz');
      expect(await within(row).findByText('Consulta (todos)')).toBeInTheDocument();
      expect(within(row).getByText('Almacenista (P012)')).toBeInTheDocument();
      expect(within(row).getByText('Almacenista (P013)')).toBeInTheDocument();
      expect(within(await rowOf('Adriana Gómez')).getByText('Administrador (todos)')).toBeInTheDocument();
    });

    it('"Permisos…" grants each role for every warehouse or one, and PUTs { role, warehouseId } pairs', async () => {
      const user = userEvent.setup();
      const { calls } = renderWithPlatform(<UsersPage />, { api: several() });
      await within(await rowOf('Ana Ruiz')).findByText('Almacenista (P012)');
      await rowAction(user, 'Ana Ruiz', 'Permisos…');
      const dialog = await screen.findByRole('dialog', { name: 'Permisos de Ana Ruiz' });
      // The provider's grant is listed, locked; the two of Almacén are entries.
      expect(dialog).toHaveTextContent('Almacenista (P013): Otorgado por el proveedor de identidad');
      expect(within(dialog).getByRole('combobox', { name: 'Permiso 1' })).toHaveValue('CONSULTA');
      expect(within(dialog).getByRole('combobox', { name: 'Almacén del permiso 1' })).toHaveDisplayValue('Todos los almacenes');
      expect(within(dialog).getByRole('combobox', { name: 'Almacén del permiso 2' })).toHaveDisplayValue('P012 · Plantel 12');

      // Consulta only at P013, Almacenista also at CENTRAL, and Administrador: for the whole institution.
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Almacén del permiso 1' }), 'P013 · Plantel 13');
      await user.click(within(dialog).getByRole('button', { name: 'Agregar permiso' }));
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Permiso 3' }), 'Almacenista');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Almacén del permiso 3' }), 'CENTRAL · Almacén central');
      await user.click(within(dialog).getByRole('button', { name: 'Agregar permiso' }));
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Almacén del permiso 4' }), 'P012 · Plantel 12');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Permiso 4' }), 'Administrador');
      const adminScope = within(dialog).getByRole('combobox', { name: 'Almacén del permiso 4' });
      expect(adminScope).toHaveDisplayValue('Todos los almacenes');
      expect(adminScope).toBeDisabled();
      expect(dialog).toHaveTextContent('El permiso Administrador es para toda la institución.');
      await user.click(within(dialog).getByRole('button', { name: 'Agregar permiso' }));
      await user.click(within(dialog).getByRole('button', { name: 'Quitar permiso 5' }));
      expect(within(dialog).queryByRole('combobox', { name: 'Permiso 5' })).not.toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
      await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: '/api/users/5/roles',
        body: {
          roles: [
            { role: 'CONSULTA', warehouseId: 13 },
            { role: 'ALMACENISTA', warehouseId: 1 },
            { role: 'ALMACENISTA', warehouseId: 12 },
            { role: 'ADMINISTRADOR', warehouseId: null },
          ],
        },
      });
    });

    it('"Nuevo usuario" starts with no role and sends the entries chosen', async () => {
      const user = userEvent.setup();
      const created: UserSummary = { ...marta, id: 6, name: 'Rosa Díaz', username: 'rosa', active: true };
      const { calls } = renderWithPlatform(<UsersPage />, {
        api: several((request) =>
          request.method === 'POST' && request.path === '/api/users' ? { user: created, password: 'Xy7-kP2q-9mWz' } : undefined,
        ),
        config: { identityProvider: 'embedded' },
      });
      await within(await rowOf('Ana Ruiz')).findByText('Almacenista (P012)');
      await user.click(screen.getByRole('button', { name: 'Nuevo usuario' }));
      const dialog = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
      expect(within(dialog).queryByRole('combobox', { name: 'Permiso 1' })).not.toBeInTheDocument();
      await user.type(within(dialog).getByRole('textbox', { name: /Usuario/ }), 'rosa');
      await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Rosa Díaz');
      await user.click(within(dialog).getByRole('button', { name: 'Agregar permiso' }));
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Permiso 1' }), 'Almacenista');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Almacén del permiso 1' }), 'P012 · Plantel 12');
      await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
      await screen.findByRole('alertdialog', { name: 'Usuario creado' });
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        body: { username: 'rosa', name: 'Rosa Díaz', roles: [{ role: 'ALMACENISTA', warehouseId: 12 }] },
      });
    });
  });

  it('with one warehouse the roles column names the roles alone', async () => {
    renderWithPlatform(<UsersPage />, { api: server() });
    const row = await rowOf('Luis Pérez');
    expect(within(row).getByText('Consulta')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('(todos)');
  });
});
