import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '@almacen/shared/testing';
import { fakeCatalogServer } from '../../../testing/fake-catalog-server';
import { cellTexts, confirmDelete, dialogClosed, openDialog, rowAction, rowsOf } from '../../../testing/screen-helpers';
import { SuppliersPage } from './suppliers-page';

jest.setTimeout(60_000);

const seed = () => fakeCatalogServer({ suppliers: [{ id: 3, name: 'Papelería La Escolar', rfc: 'PES010203AB1' }] });

describe('Proveedores', () => {
  it('lists ID, Nombre and RFC and creates a supplier with both messages verbatim', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(<SuppliersPage />, { api: server.handle });
    await screen.findByText('Papelería La Escolar');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['ID', 'Nombre', 'RFC', 'Acciones']);
    expect(cellTexts(rowsOf('Proveedores')[0]).slice(0, 3)).toEqual(['3', 'Papelería La Escolar', 'PES010203AB1']);

    await user.click(screen.getByRole('button', { name: 'Añadir proveedor' }));
    const dialog = await openDialog('Nuevo proveedor');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('El nombre del proveedor es un campo requerido.')).toBeInTheDocument();
    expect(within(dialog).getByText('El RFC del proveedor es un campo requerido.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre del proveedor' }), 'Limpieza Total');
    await user.type(within(dialog).getByRole('textbox', { name: 'RFC del proveedor' }), 'ltm990101xy9');
    expect(within(dialog).getByRole('textbox', { name: 'RFC del proveedor' })).toHaveValue('LTM990101XY9');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { name: 'Limpieza Total', rfc: 'LTM990101XY9' },
    ]);
    expect(await screen.findByText('Limpieza Total')).toBeInTheDocument();
  });

  it('an RFC already registered is said under the RFC field, naming its supplier; the dialog keeps what was typed', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(<SuppliersPage />, { api: server.handle });
    await screen.findByText('Papelería La Escolar');
    await user.click(screen.getByRole('button', { name: 'Añadir proveedor' }));
    const dialog = await openDialog('Nuevo proveedor');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre del proveedor' }), 'La Escolar de Toluca');
    await user.type(within(dialog).getByRole('textbox', { name: 'RFC del proveedor' }), 'pes010203ab1');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ya existe el proveedor «Papelería La Escolar» con el RFC PES010203AB1.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Nombre del proveedor' })).toHaveValue('La Escolar de Toluca');
    expect(within(dialog).getByRole('textbox', { name: 'RFC del proveedor' })).toHaveFocus();
    expect(screen.queryByText('¡Oh no!')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(rowsOf('Proveedores')).toHaveLength(1);
  });

  it('edits a supplier from its current record with the id read-only', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(<SuppliersPage />, { api: server.handle });
    await screen.findByText('Papelería La Escolar');
    await rowAction(user, 'Acciones de Papelería La Escolar', 'Editar proveedor');
    const dialog = await openDialog('Editar proveedor');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/catalog/suppliers/3')).toBe(true));
    const id = within(dialog).getByRole('textbox', { name: 'ID' });
    expect(id).toHaveValue('3');
    expect(id).toHaveAttribute('readonly');
    const name = within(dialog).getByRole('textbox', { name: 'Nombre del proveedor' });
    await user.clear(name);
    await user.type(name, 'Papelería La Escolar, S.A. de C.V.');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { id: 3, name: 'Papelería La Escolar, S.A. de C.V.', rfc: 'PES010203AB1' },
    ]);
    expect(await screen.findByText('Papelería La Escolar, S.A. de C.V.')).toBeInTheDocument();
  });

  it('deletes a supplier after a confirmation naming it, and reports a refusal with the server message', async () => {
    const user = userEvent.setup();
    const server = seed();
    server.failNext('DELETE', /suppliers\/3$/, 409, 'El proveedor tiene entradas registradas y no puede eliminarse.');
    const { calls } = renderWithPlatform(<SuppliersPage />, { api: server.handle });
    await screen.findByText('Papelería La Escolar');
    await rowAction(user, 'Acciones de Papelería La Escolar', 'Eliminar proveedor');
    await confirmDelete(user, 'Estas a punto de eliminar al proveedor Papelería La Escolar');
    expect(
      await screen.findByText(
        'Algo salió mal mientras tratábamos de eliminar el proveedor. El proveedor tiene entradas registradas y no puede eliminarse.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Papelería La Escolar')).toBeInTheDocument();

    await rowAction(user, 'Acciones de Papelería La Escolar', 'Eliminar proveedor');
    await confirmDelete(user, 'Estas a punto de eliminar al proveedor Papelería La Escolar');
    await waitFor(() => expect(screen.queryByText('Papelería La Escolar')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);
  });

  it('says so in place when the suppliers cannot be loaded', async () => {
    const server = seed();
    server.failNext('GET', /suppliers$/, 500, 'Ocurrió un error interno.');
    renderWithPlatform(<SuppliersPage />, { api: server.handle });
    expect(await screen.findByText('Algo salió mal mientras tratábamos de obtener los proveedores.')).toBeInTheDocument();
  });
});
