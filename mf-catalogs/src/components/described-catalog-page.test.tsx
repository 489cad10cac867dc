// Partidas, unidades de medida and roles: the same behaviour with each one's own words.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { renderWithPlatform } from '@almacen/shared/testing';
import { CategoriesPage } from '../features/categories/components/categories-page';
import { RolesPage } from '../features/roles/components/roles-page';
import { UnitsPage } from '../features/units/components/units-page';
import { fakeCatalogServer } from '../testing/fake-catalog-server';
import { cellTexts, confirmDelete, dialogClosed, openDialog, rowAction, rowsOf } from '../testing/screen-helpers';

jest.setTimeout(60_000);

interface Case {
  Page: ComponentType;
  resource: 'product-categories' | 'product-units' | 'roles';
  table: string;
  column: string;
  add: string;
  createTitle: string;
  editTitle: string;
  editAction: string;
  deleteAction: string;
  field: string;
  placeholder: string;
  required: string;
  existing: string;
  created: string;
  deleteText: string;
  createFailure: string;
  loadFailure: string;
  duplicate: string;
}

const cases: Case[] = [
  {
    Page: CategoriesPage,
    resource: 'product-categories',
    table: 'Partidas',
    column: 'Partida',
    add: 'Añadir partida',
    createTitle: 'Nueva partida',
    editTitle: 'Editar partida',
    editAction: 'Editar partida',
    deleteAction: 'Eliminar partida',
    field: 'Nombre de la partida',
    placeholder: '2111 - Materiales, útiles y equipos menores de oficina',
    required: 'El nombre de la partida es un campo requerido.',
    existing: '2161 - Material de limpieza',
    created: '2141 - Materiales y útiles de tecnologías de la información',
    deleteText: 'Estas a punto de eliminar la partida 2161 - Material de limpieza',
    createFailure: 'Algo salió mal mientras tratábamos de crear la partida solicitada. Ya existe un registro con esos datos.',
    duplicate: 'Ya existe una partida con esa descripción.',
    loadFailure: 'Algo salió mal mientras tratábamos de obtener las partidas.',
  },
  {
    Page: UnitsPage,
    resource: 'product-units',
    table: 'Unidades de medida',
    column: 'Unidad',
    add: 'Añadir unidad de medida',
    createTitle: 'Nueva unidad de medida',
    editTitle: 'Editar unidad de medida',
    editAction: 'Editar unidad de medida',
    deleteAction: 'Eliminar unidad de medida',
    field: 'Nombre de la unidad de medida',
    placeholder: 'Pieza',
    required: 'El nombre de la unidad de medida es un campo requerido.',
    existing: 'Caja',
    created: 'Litro',
    deleteText: 'Estas a punto de eliminar la unidad de medida Caja',
    createFailure: 'Algo salió mal mientras tratábamos de crear la unidad de medida solicitada. Ya existe un registro con esos datos.',
    duplicate: 'Ya existe una unidad de medida con esa descripción.',
    loadFailure: 'Algo salió mal mientras tratábamos de obtener las unidades de medida.',
  },
  {
    Page: RolesPage,
    resource: 'roles',
    table: 'Roles',
    column: 'Rol',
    add: 'Añadir rol',
    createTitle: 'Nuevo rol',
    editTitle: 'Editar rol',
    editAction: 'Editar rol',
    deleteAction: 'Eliminar rol',
    field: 'Nombre del rol',
    placeholder: 'Almacenista',
    required: 'El nombre del rol es un campo requerido.',
    existing: 'Director del plantel',
    created: 'Almacenista',
    deleteText: 'Estas a punto de eliminar el rol Director del plantel',
    createFailure: 'Algo salió mal mientras tratábamos de crear el rol solicitado. Ya existe un registro con esos datos.',
    duplicate: 'Ya existe un rol con esa descripción.',
    loadFailure: 'Algo salió mal mientras tratábamos de obtener los roles.',
  },
];

const seedFor = (c: Case) => {
  const server = fakeCatalogServer();
  server.described[c.resource].push({ id: 7, description: c.existing });
  return server;
};

describe.each(cases)('$table', (c) => {
  it('lists ID and description and creates one; the modal closes and resets', async () => {
    const user = userEvent.setup();
    const server = seedFor(c);
    const { calls } = renderWithPlatform(<c.Page />, { api: server.handle });
    await screen.findByText(c.existing);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['ID', c.column, 'Acciones']);

    await user.click(screen.getByRole('button', { name: c.add }));
    let dialog = await openDialog(c.createTitle);
    const field = within(dialog).getByRole('textbox', { name: c.field });
    expect(field).toHaveAttribute('placeholder', c.placeholder);
    await user.type(field, '   ');
    expect(within(dialog).getByText(c.required)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, c.created);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: `/api/catalog/${c.resource}`, body: { description: c.created } }),
    ]);
    expect(await screen.findByText(c.created)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: c.add }));
    dialog = await openDialog(c.createTitle);
    expect(within(dialog).getByRole('textbox', { name: c.field })).toHaveValue('');
  });

  it('edits one with its id read-only', async () => {
    const user = userEvent.setup();
    const server = seedFor(c);
    const { calls } = renderWithPlatform(<c.Page />, { api: server.handle });
    await screen.findByText(c.existing);
    await rowAction(user, `Acciones de ${c.existing}`, c.editAction);
    const dialog = await openDialog(c.editTitle);
    expect(within(dialog).getByRole('textbox', { name: 'ID' })).toHaveValue('7');
    expect(within(dialog).getByRole('textbox', { name: 'ID' })).toHaveAttribute('readonly');
    const field = within(dialog).getByRole('textbox', { name: c.field });
    expect(field).toHaveValue(c.existing);
    await user.clear(field);
    expect(within(dialog).getByText(c.required)).toBeInTheDocument();
    await user.type(field, `${c.existing} (editado)`);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { id: 7, description: `${c.existing} (editado)` },
    ]);
    expect(await screen.findByText(`${c.existing} (editado)`)).toBeInTheDocument();
    expect(cellTexts(rowsOf(c.table)[0]).slice(0, 2)).toEqual(['7', `${c.existing} (editado)`]);
  });

  it('deletes one after a confirmation naming it', async () => {
    const user = userEvent.setup();
    const server = seedFor(c);
    const { calls } = renderWithPlatform(<c.Page />, { api: server.handle });
    await screen.findByText(c.existing);
    await rowAction(user, `Acciones de ${c.existing}`, c.deleteAction);
    await confirmDelete(user, c.deleteText);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/api/catalog/${c.resource}/7`]);
    await waitFor(() => expect(screen.queryByText(c.existing)).not.toBeInTheDocument());
  });

  it('a description that exists is said under the field; the dialog stays open with what was typed, no toast', async () => {
    const user = userEvent.setup();
    const server = seedFor(c);
    const { calls } = renderWithPlatform(<c.Page />, { api: server.handle });
    await screen.findByText(c.existing);
    await user.click(screen.getByRole('button', { name: c.add }));
    const dialog = await openDialog(c.createTitle);
    const field = within(dialog).getByRole('textbox', { name: c.field });
    await user.type(field, c.existing.toUpperCase());
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(c.duplicate)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: c.createTitle })).toBeInTheDocument();
    expect(field).toHaveValue(c.existing.toUpperCase());
    expect(field).toHaveFocus();
    expect(screen.queryByText('¡Oh no!')).not.toBeInTheDocument();

    // Typing again clears the message; a new description saves and closes.
    await user.type(field, ' 2');
    expect(within(dialog).queryByText(c.duplicate)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { description: c.existing.toUpperCase() },
      { description: `${c.existing.toUpperCase()} 2` },
    ]);
  });

  it('notifies a failed create with the server message, and a failed load in place', async () => {
    const user = userEvent.setup();
    const server = seedFor(c);
    server.failNext('POST', new RegExp(`^/api/catalog/${c.resource}$`), 409, 'Ya existe un registro con esos datos.');
    const view = renderWithPlatform(<c.Page />, { api: server.handle });
    await screen.findByText(c.existing);
    await user.click(screen.getByRole('button', { name: c.add }));
    const dialog = await openDialog(c.createTitle);
    await user.type(within(dialog).getByRole('textbox', { name: c.field }), c.existing);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(c.createFailure)).toBeInTheDocument();
    expect(screen.getByText('¡Oh no!')).toBeInTheDocument();
    view.unmount();

    const failing = seedFor(c);
    failing.failNext('GET', new RegExp(`^/api/catalog/${c.resource}$`), 500, 'Ocurrió un error interno.');
    renderWithPlatform(<c.Page />, { api: failing.handle });
    expect(await screen.findByText(c.loadFailure)).toBeInTheDocument();
  });
});
