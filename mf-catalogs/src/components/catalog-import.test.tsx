// "Importar" (issue #17) in jsdom: the preview of a file (new / unchanged / updated / error with
// the reason), "Importar N registros" sending the same file, refused while a row has an error,
// the template download, and nothing to import for a Consulta user.
import { captureDownloads, renderWithPlatform, testMe, type FakeApiRequest } from '@almacen/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CategoriesPage } from '../features/categories/components/categories-page';

jest.setTimeout(60_000);
const captured = captureDownloads();

const row = (n: number, status: string, description: string, reason: string | null = null) => ({ row: n, status, id: null, values: { ID: null, Descripción: description }, reason });

function renderImport(preview: unknown, roles?: Parameters<typeof testMe>[0]) {
  const calls: FakeApiRequest[] = [];
  renderWithPlatform(<CategoriesPage />, {
    ...(roles ? { me: testMe(roles) } : {}),
    api: (request: FakeApiRequest) => {
      if (request.download) {
        calls.push(request);
        return { blob: new Blob(['ID,Descripción']), fileName: 'plantilla-product-categories.csv' };
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
  const preview = { rows: [row(2, 'new', '2161 Material de limpieza'), row(3, 'updated', '2111 Materiales de oficina'), row(4, 'unchanged', '2211 Alimentos')], counts: { new: 1, updated: 1, unchanged: 1, error: 0 } };
  const calls = renderImport(preview);
  const file = new File(['ID,Descripción\n,2161 Material de limpieza\n'], 'partidas.csv', { type: 'text/csv' });
  await user.upload(await screen.findByLabelText('Archivo para importar Partidas'), file);
  const dialog = await screen.findByRole('dialog');
  expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/catalog/imports/product-categories/preview', headers: { 'content-type': 'text/csv' } });
  const table = within(dialog).getByRole('table', { name: 'Vista previa de la importación' });
  expect(within(table).getByText('Nuevo')).toBeInTheDocument();
  expect(within(table).getByText('Actualizado')).toBeInTheDocument();
  expect(within(table).getByText('Sin cambios')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Importar 2 registros' }));
  await waitFor(() => expect(calls).toHaveLength(2));
  expect(calls[1]).toMatchObject({ method: 'POST', path: '/api/catalog/imports/product-categories' });
  expect(await screen.findByText('Importación terminada.')).toBeInTheDocument();
});

test('a file with an error row shows the reason and cannot be imported', async () => {
  const user = userEvent.setup({ delay: null });
  const preview = { rows: [row(2, 'new', 'Caja'), row(3, 'error', 'caja', 'Fila 3: «caja» ya aparece en la fila 2.')], counts: { new: 1, updated: 0, unchanged: 0, error: 1 } };
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

test('Consulta sees no import', async () => {
  renderImport(null, ['CONSULTA']);
  await screen.findByRole('heading', { level: 1, name: 'Partidas' });
  expect(screen.queryByRole('button', { name: 'Importar' })).not.toBeInTheDocument();
});
