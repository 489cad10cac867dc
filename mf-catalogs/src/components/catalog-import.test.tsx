// "Importar" in jsdom: the preview of a file (new / unchanged / updated / error with
// the reason), "Importar N registros" sending the same file, refused while a row has an error,
// the template download, and nothing to import for a Consulta user.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads, renderWithPlatform, testMe, type FakeApiRequest } from '@almacen/shared/testing';
import { CategoriesPage } from '../features/categories/components/categories-page';
import { CatalogImport } from './catalog-import';

jest.setTimeout(60_000);
const captured = captureDownloads();

const row = (n: number, status: string, description: string, reason: string | null = null) => ({
  row: n,
  status,
  id: null,
  values: { ID: null, Descripción: description },
  reason,
});

function renderImport(preview: unknown, roles?: Parameters<typeof testMe>[0]) {
  const calls: FakeApiRequest[] = [];
  renderWithPlatform(<CategoriesPage />, {
    ...(roles ? { me: testMe(roles) } : {}),
    api: (request: FakeApiRequest) => {
      if (request.download) {
        calls.push(request);
        return { blob: new Blob(['ID,Descripción']), fileName: 'plantilla-partidas.csv' };
      }
      if (request.method === 'GET' && request.path === '/api/catalog/product-categories') return [];
      if (request.method === 'POST') {
        calls.push(request);
        return preview;
      }
      return undefined;
    },
  });
  return calls;
}

test('previews the file and imports its new and updated rows', async () => {
  const user = userEvent.setup({ delay: null });
  const preview = {
    rows: [
      row(2, 'new', '2161 Material de limpieza'),
      row(3, 'updated', '2111 Materiales de oficina'),
      row(4, 'unchanged', '2211 Alimentos'),
    ],
    counts: { new: 1, updated: 1, unchanged: 1, error: 0 },
    omitted: 0,
  };
  const calls = renderImport(preview);
  const file = new File(['ID,Descripción\n,2161 Material de limpieza\n'], 'partidas.csv', { type: 'text/csv' });
  await user.upload(await screen.findByLabelText('Archivo para importar Partidas'), file);
  const dialog = await screen.findByRole('dialog');
  expect(calls[0]).toMatchObject({
    method: 'POST',
    path: '/api/catalog/imports/product-categories/preview',
    headers: { 'content-type': 'text/csv' },
  });
  const table = within(dialog).getByRole('table', { name: 'Vista previa de la importación' });
  // The portal's table: its rows can be searched (the errors among 200 rows of a file).
  expect(within(dialog).getByPlaceholderText('Buscar una fila')).toBeInTheDocument();
  expect(within(table).getByText('Nuevo')).toBeInTheDocument();
  expect(within(table).getByText('Actualizado')).toBeInTheDocument();
  expect(within(table).getByText('Sin cambios')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Importar 2 registros' }));
  await waitFor(() => expect(calls).toHaveLength(2));
  expect(calls[1]).toMatchObject({ method: 'POST', path: '/api/catalog/imports/product-categories' });
  expect(await screen.findByText('Importación terminada.')).toBeInTheDocument();
});

test('a large file: the preview says how many of its rows it shows, and the import counts them all', async () => {
  const user = userEvent.setup({ delay: null });
  const rows = Array.from({ length: 200 }, (_, i) => row(i + 2, 'new', `Partida ${i}`));
  const preview = { rows, counts: { new: 12_000, updated: 0, unchanged: 0, error: 0 }, omitted: 11_800 };
  renderImport(preview);
  await user.upload(await screen.findByLabelText('Archivo para importar Partidas'), new File(['x'], 'partidas.csv'));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Se muestran 200 de 12,000 filas; primero las que tienen error.')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Importar 12000 registros' })).toBeEnabled();
});

test('a file with an error row shows the reason and cannot be imported', async () => {
  const user = userEvent.setup({ delay: null });
  const preview = {
    rows: [row(2, 'new', 'Caja'), row(3, 'error', 'caja', 'Fila 3: «caja» ya aparece en la fila 2.')],
    counts: { new: 1, updated: 0, unchanged: 0, error: 1 },
    omitted: 0,
  };
  const calls = renderImport(preview);
  await user.upload(await screen.findByLabelText('Archivo para importar Partidas'), new File(['x'], 'partidas.xlsx'));
  const dialog = await screen.findByRole('dialog');
  expect(calls[0].headers?.['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(within(dialog).getByText('Fila 3: «caja» ya aparece en la fila 2.')).toBeInTheDocument();
  expect(within(dialog).getByRole('alert')).toHaveTextContent('no se importará nada mientras haya errores');
  expect(within(dialog).getByRole('button', { name: 'Importar 1 registro' })).toBeDisabled();
});

test('the template downloads', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = renderImport(null);
  await user.click(await screen.findByRole('button', { name: 'Descargar plantilla' }));
  await waitFor(() => expect(captured.saved).toHaveLength(1));
  expect(calls[0]).toMatchObject({ path: '/api/catalog/imports/product-categories/template' });
});

test('«Exportar» downloads the whole catalogue in the import’s columns', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = renderImport(null);
  await user.click(await screen.findByRole('button', { name: 'Exportar' }));
  await waitFor(() => expect(captured.saved).toHaveLength(1));
  expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/catalog/imports/product-categories/export' });
});

test('Consulta sees no import', async () => {
  renderImport(null, ['CONSULTA']);
  await screen.findByRole('heading', { level: 1, name: 'Partidas' });
  expect(screen.queryByRole('button', { name: 'Importar' })).not.toBeInTheDocument();
});

test('"Cargar partidas del clasificador" previews the shipped CONAC partidas and "Importar N registros" loads them', async () => {
  const user = userEvent.setup({ delay: null });
  const preview = {
    rows: [
      row(2, 'new', '211 Materiales, útiles y equipos menores de oficina'),
      row(3, 'new', '212 Materiales y útiles de impresión y reproducción'),
      row(4, 'unchanged', '216 Material de limpieza'),
    ],
    counts: { new: 2, updated: 0, unchanged: 1, error: 0 },
    omitted: 0,
  };
  const calls = renderImport(preview);
  await user.click(await screen.findByRole('button', { name: 'Cargar partidas del clasificador' }));
  const dialog = await screen.findByRole('dialog');
  expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/catalog/imports/product-categories/classifier/preview' });
  expect(calls[0].body).toBeUndefined();
  expect(
    within(dialog).getByText(
      /^Clasificador por Objeto del Gasto \(CONAC\), capítulo 2000 «Materiales y suministros»: 2 nuevos, 0 actualizados, 1 sin cambios, 0 con error\.$/,
    ),
  ).toBeInTheDocument();
  const table = within(dialog).getByRole('table', { name: 'Vista previa de la importación' });
  expect(within(table).getByText('211 Materiales, útiles y equipos menores de oficina')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Importar 2 registros' }));
  await waitFor(() => expect(calls).toHaveLength(2));
  expect(calls[1]).toMatchObject({ method: 'POST', path: '/api/catalog/imports/product-categories/classifier' });
  expect(await screen.findByText('Importación terminada.')).toBeInTheDocument();
});

test('loaded a second time the classifier is all "Sin cambios": nothing to import', async () => {
  const user = userEvent.setup({ delay: null });
  const preview = {
    rows: [row(2, 'unchanged', '211 Materiales, útiles y equipos menores de oficina')],
    counts: { new: 0, updated: 0, unchanged: 1, error: 0 },
    omitted: 0,
  };
  renderImport(preview);
  await user.click(await screen.findByRole('button', { name: 'Cargar partidas del clasificador' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Sin cambios')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Importar 0 registros' })).toBeDisabled();
});

test('Consulta has no "Cargar partidas del clasificador"', async () => {
  renderImport(null, ['CONSULTA']);
  await screen.findByRole('heading', { level: 1, name: 'Partidas' });
  expect(screen.queryByRole('button', { name: 'Cargar partidas del clasificador' })).not.toBeInTheDocument();
});

test('products: the preview shows "Existencia mínima" / "Existencia máxima", and a level change counts as updated; no classifier there', async () => {
  const user = userEvent.setup({ delay: null });
  const values = (name: string, minimum: string | null, maximum: string | null) => ({
    ID: null,
    Nombre: name,
    Unidad: null,
    Partida: null,
    'Existencia mínima': minimum,
    'Existencia máxima': maximum,
  });
  const preview = {
    rows: [
      { row: 2, status: 'updated', id: 7, values: values('Clips niquelados', null, '25.5'), reason: null },
      {
        row: 3,
        status: 'error',
        id: null,
        values: values('Borrador', '8', '3'),
        reason: 'Fila 3: la existencia máxima debe ser mayor o igual a la existencia mínima.',
      },
    ],
    counts: { new: 0, updated: 1, unchanged: 0, error: 1 },
    omitted: 0,
  };
  const calls: FakeApiRequest[] = [];
  renderWithPlatform(<CatalogImport catalog="products" title="Productos" />, {
    api: (request: FakeApiRequest) => {
      calls.push(request);
      return preview;
    },
  });
  expect(screen.queryByRole('button', { name: 'Cargar partidas del clasificador' })).not.toBeInTheDocument();
  await user.upload(
    await screen.findByLabelText('Archivo para importar Productos'),
    new File(['Nombre,Existencia máxima\n'], 'productos.csv', { type: 'text/csv' }),
  );
  const table = within(await screen.findByRole('dialog')).getByRole('table', { name: 'Vista previa de la importación' });
  expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/catalog/imports/products/preview' });
  expect(within(table).getByRole('columnheader', { name: 'Existencia mínima' })).toBeInTheDocument();
  expect(within(table).getByRole('columnheader', { name: 'Existencia máxima' })).toBeInTheDocument();
  expect(within(table).getByText('25.5')).toBeInTheDocument();
  expect(within(table).getByText('Actualizado')).toBeInTheDocument();
  expect(within(table).getByText('Fila 3: la existencia máxima debe ser mayor o igual a la existencia mínima.')).toBeInTheDocument();
});
