import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '@almacen/shared/testing';
import { fakeCatalogServer } from '../../../testing/fake-catalog-server';
import { cellTexts, confirmDelete, dialogClosed, openDialog, rowAction, rowsOf } from '../../../testing/screen-helpers';
import { EmployeesPage } from './employees-page';

jest.setTimeout(60_000);

const seed = () =>
  fakeCatalogServer({
    roles: [
      { id: 1, description: 'Director del plantel' },
      { id: 2, description: 'Almacenista' },
      { id: 3, description: 'Solicitante' },
    ],
    employees: [
      { id: 5, name: 'María', lastName: 'Hernández', email: null },
      { id: 6, name: 'Jorge', lastName: 'Ramírez', email: null },
    ],
    employeeRoles: { 5: [2] },
  });

describe('Empleados', () => {
  it('creates an employee, with each field message verbatim and the e-mail checked before sending', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(<EmployeesPage />, { api: server.handle });
    await screen.findByText('María');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'ID', 'Nombre', 'Apellido', 'Acciones']);
    await user.click(screen.getByRole('button', { name: 'Añadir empleado' }));
    const dialog = await openDialog('Nuevo empleado');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('El nombre del empleado es un campo requerido.')).toBeInTheDocument();
    expect(within(dialog).getByText('El apellido del empleado es un campo requerido.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre del empleado' }), 'Lucía');
    await user.type(within(dialog).getByRole('textbox', { name: 'Apellido del empleado' }), 'Gómez');
    const email = within(dialog).getByRole('textbox', { name: 'Correo electrónico' });
    await user.type(email, 'lucia.gomez');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('El correo electrónico no es válido; escríbelo como nombre@dominio.mx.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.type(email, '@escuela.mx ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { name: 'Lucía', lastName: 'Gómez', email: 'lucia.gomez@escuela.mx' },
    ]);
    expect(await screen.findByText('Lucía')).toBeInTheDocument();
  });

  it('edits an employee with the id read-only and deletes one naming the person', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(<EmployeesPage />, { api: server.handle });
    await screen.findByText('Jorge');
    await rowAction(user, 'Acciones de Jorge Ramírez', 'Editar empleado');
    const dialog = await openDialog('Editar empleado');
    expect(within(dialog).getByRole('textbox', { name: 'ID' })).toHaveValue('6');
    expect(within(dialog).getByRole('textbox', { name: 'ID' })).toHaveAttribute('readonly');
    const lastName = within(dialog).getByRole('textbox', { name: 'Apellido del empleado' });
    await user.clear(lastName);
    await user.type(lastName, 'Ramírez Soto');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { id: 6, name: 'Jorge', lastName: 'Ramírez Soto', email: null },
    ]);
    expect(await screen.findByText('Ramírez Soto')).toBeInTheDocument();

    await rowAction(user, 'Acciones de Jorge Ramírez Soto', 'Eliminar empleado');
    await confirmDelete(user, 'Estas a punto de eliminar al empleado Jorge Ramírez Soto');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/catalog/employees/6']);
    await waitFor(() => expect(screen.queryByText('Jorge')).not.toBeInTheDocument());
  });

  it('expands an employee to show their roles, assigns one and removes an assignment', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(<EmployeesPage />, { api: server.handle });
    await screen.findByText('María');
    await user.click(within(rowsOf('Empleados')[0]).getByRole('button', { name: 'Expandir fila' }));
    const roles = await screen.findByRole('table', { name: 'Roles de María Hernández' });
    await within(roles).findByText('Almacenista');
    expect(
      within(roles)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Rol', 'Acciones']);

    await user.click(screen.getByRole('button', { name: 'Asignar rol' }));
    const dialog = await openDialog('Asignar rol');
    const employeeId = within(dialog).getByRole('textbox', { name: 'ID del empleado' });
    expect(employeeId).toHaveValue('5');
    expect(employeeId).toBeDisabled();
    // The id alone says nothing to the person assigning: their name is under it.
    expect(employeeId).toHaveAccessibleDescription('María Hernández');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('El rol es un campo requerido.')).toBeInTheDocument();
    const select = within(dialog).getByRole('combobox', { name: 'Rol' });
    // A role the employee already has is not offered again.
    await user.type(select, 'almac');
    expect(await screen.findByRole('option', { name: 'Sin coincidencias' })).toBeInTheDocument();
    await user.clear(select);
    await user.type(select, 'direc');
    await user.click(await screen.findByRole('option', { name: 'Director del plantel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/catalog/employee-roles', { employeeId: 5, roleId: 1 }],
    ]);
    const refreshed = screen.getByRole('table', { name: 'Roles de María Hernández' });
    expect(await within(refreshed).findByText('Director del plantel')).toBeInTheDocument();

    await rowAction(user, 'Acciones del rol Almacenista', 'Eliminar asignación');
    await confirmDelete(user, 'Estas a punto de eliminar la asignación del rol Almacenista al empleado María Hernández');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/catalog/employee-roles/5/2']);
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Roles de María Hernández' })).queryByText('Almacenista')).not.toBeInTheDocument(),
    );
    expect(cellTexts(rowsOf('Roles de María Hernández')[0]).slice(0, 2)).toEqual(['1', 'Director del plantel']);
  });

  it('treats a 404 from the employee roles as no roles, without a notification', async () => {
    const user = userEvent.setup();
    const server = seed();
    renderWithPlatform(<EmployeesPage />, { api: server.handle });
    await screen.findByText('Jorge');
    // Jorge has no roles record: the API answers 404.
    await user.click(within(rowsOf('Empleados')[1]).getByRole('button', { name: 'Expandir fila' }));
    expect(await screen.findByText('El empleado no tiene roles asignados.')).toBeInTheDocument();
    await act(async () => undefined);
    expect(screen.queryByText('¡Oh no!')).not.toBeInTheDocument();
    expect(screen.queryByText(/obtener los roles del empleado solicitado/)).not.toBeInTheDocument();
  });

  it('reports other failures of the employee roles, and of assigning a role with the server message', async () => {
    const user = userEvent.setup();
    const server = seed();
    server.failNext('GET', /employee-roles\/5$/, 500, 'Ocurrió un error interno.');
    server.failNext('POST', /employee-roles$/, 409, 'El empleado ya tiene asignado ese rol.');
    renderWithPlatform(<EmployeesPage />, { api: server.handle });
    await screen.findByText('María');
    await user.click(within(rowsOf('Empleados')[0]).getByRole('button', { name: 'Expandir fila' }));
    expect(await screen.findByText('Algo salió mal mientras tratábamos de obtener los roles del empleado solicitado.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await within(await screen.findByRole('table', { name: 'Roles de María Hernández' })).findByText('Almacenista');

    await user.click(screen.getByRole('button', { name: 'Asignar rol' }));
    const dialog = await openDialog('Asignar rol');
    await user.type(within(dialog).getByRole('combobox', { name: 'Rol' }), 'solic');
    await user.click(await screen.findByRole('option', { name: 'Solicitante' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'Algo salió mal mientras tratábamos de asignar el rol al empleado solicitado. El empleado ya tiene asignado ese rol.',
      ),
    ).toBeInTheDocument();
  });
});
