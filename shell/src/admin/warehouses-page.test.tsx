// «Almacenes»: the list, a new warehouse with its responsible employee, the API's 409 under «Clave»
// (the dialog stays open with what was typed), and an edit that sends the whole record.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@almacen/shared';
import { renderWithPlatform, type FakeApiRequest } from '@almacen/shared/testing';
import type { Warehouse } from './warehouses-api';
import { WarehousesPage } from './warehouses-page';

jest.setTimeout(60_000);

const central: Warehouse = {
  id: 1,
  code: 'CENTRAL',
  name: 'Almacén central',
  address: 'Av. Juárez 10, Centro',
  responsibleEmployeeId: 5,
  responsibleEmployeeName: 'Rosa Díaz',
  active: true,
};
const employees = [
  { id: 5, name: 'Rosa', lastName: 'Díaz', email: null, phone: null },
  { id: 6, name: 'Juan', lastName: 'Pérez', email: null, phone: null },
];

function api(saved: FakeApiRequest[]) {
  return (request: FakeApiRequest) => {
    if (request.method === 'GET' && request.path === '/api/warehouses') return [central];
    if (request.method === 'GET' && request.path === '/api/catalog/employees') return employees;
    if (request.method === 'POST' && request.path === '/api/warehouses') {
      saved.push(request);
      const body = request.body as { code: string };
      if (body.code === 'CENTRAL')
        throw new ApiError(409, 'Ya existe un almacén con la clave CENTRAL.', {
          errors: { code: 'Ya existe un almacén con la clave CENTRAL.' },
        });
      return { ...central, ...body, id: 2 };
    }
    if (request.method === 'PUT') {
      saved.push(request);
      return { ...central, ...(request.body as object) };
    }
    return undefined;
  };
}

describe('«Almacenes»', () => {
  it('lists the warehouses with their five columns', async () => {
    renderWithPlatform(<WarehousesPage />, { api: api([]) });
    const table = await screen.findByRole('table', { name: 'Almacenes' });
    await within(table).findByText('CENTRAL');
    for (const header of ['Clave', 'Nombre', 'Dirección', 'Responsable', 'Activo'])
      expect(within(table).getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    expect(within(table).getByText('Rosa Díaz')).toBeInTheDocument();
    expect(within(table).getByText('Sí')).toBeInTheDocument();
  });

  it('«Nuevo almacén»: the 409 under «Clave», then saved in capitals with its responsible employee', async () => {
    const user = userEvent.setup();
    const saved: FakeApiRequest[] = [];
    renderWithPlatform(<WarehousesPage />, { api: api(saved) });
    await screen.findByText('CENTRAL');
    await user.click(screen.getByRole('button', { name: 'Nuevo almacén' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo almacén' });
    await user.type(within(dialog).getByRole('textbox', { name: /Clave/ }), 'central');
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Plantel Norte');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await within(dialog).findByText('Ya existe un almacén con la clave CENTRAL.')).toBeInTheDocument();
    expect(saved[0].body).toEqual({ code: 'CENTRAL', name: 'Plantel Norte', address: null, responsibleEmployeeId: null, active: true });

    const code = within(dialog).getByRole('textbox', { name: /Clave/ });
    await user.clear(code);
    await user.type(code, 'p012');
    await user.click(within(dialog).getByRole('combobox', { name: /Responsable/ }));
    await user.click(await screen.findByRole('option', { name: 'Juan Pérez' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo almacén' })).not.toBeInTheDocument());
    expect(saved[1].body).toEqual({ code: 'P012', name: 'Plantel Norte', address: null, responsibleEmployeeId: 6, active: true });
  });

  it('«Editar»: starts from the record and sends it whole', async () => {
    const user = userEvent.setup();
    const saved: FakeApiRequest[] = [];
    renderWithPlatform(<WarehousesPage />, { api: api(saved) });
    await screen.findByText('CENTRAL');
    await user.click(screen.getByRole('button', { name: 'Acciones de CENTRAL' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar almacén' });
    expect(within(dialog).getByRole('textbox', { name: /Nombre/ })).toHaveValue('Almacén central');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Activo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].path).toBe('/api/warehouses/1');
    expect(saved[0].body).toEqual({
      code: 'CENTRAL',
      name: 'Almacén central',
      address: 'Av. Juárez 10, Centro',
      responsibleEmployeeId: 5,
      active: false,
    });
  });
});
