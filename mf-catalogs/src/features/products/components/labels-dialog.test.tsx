// «Imprimir etiquetas» on the products page: the ticked rows or a partida's products, «Copias por
// producto» and the sheet, sent as POST /api/reports/labels and saved under the server's name; a
// product without a code is named, with «Generar código interno» to give it one first; bad copies
// are refused before anything is sent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { ApiError } from '@almacen/shared';
import { LABEL_MESSAGES, missingBarcodeMessage } from '@almacen/shared/domain-pages';
import { captureDownloads, renderWithPlatform, testMe, type FakeApiRequest } from '@almacen/shared/testing';
import { fakeCatalogServer } from '../../../testing/fake-catalog-server';
import { dialogClosed, openDialog } from '../../../testing/screen-helpers';
import { ProductsPage } from './products-page';

jest.setTimeout(60_000);
const captured = captureDownloads();

const seed = () =>
  fakeCatalogServer({
    categories: [
      { id: 1, description: '2111 - Materiales, útiles y equipos menores de oficina' },
      { id: 2, description: '2161 - Material de limpieza' },
    ],
    units: [{ id: 1, description: 'Pieza' }],
    products: [
      { id: 1, name: 'Lápiz', categoryId: 1, unitId: 1, barcode: '7501055300075' },
      { id: 2, name: 'Cloro', categoryId: 2, unitId: 1 },
      { id: 3, name: 'Cuaderno profesional', categoryId: 1, unitId: 1, barcode: 'ALM000003' },
      { id: 4, name: 'Jabón', categoryId: 2, unitId: 1, barcode: '96385074' },
    ],
  });

const PDF = { blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), fileName: 'Etiquetas - 2026-12-02.pdf' };

function render(me = testMe()) {
  const server = seed();
  const handler = (request: FakeApiRequest) => (request.path === '/api/reports/labels' ? PDF : server.handle(request));
  return renderWithPlatform(<ProductsPage />, { api: handler, me });
}

const labelCalls = (calls: FakeApiRequest[]) => calls.filter((call) => call.path === '/api/reports/labels');

async function choose(user: UserEvent, dialog: HTMLElement, field: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

test('the ticked rows, 3 copies each, on thermal labels: one POST with their ids, the PDF saved under the server’s name', async () => {
  const user = userEvent.setup();
  const { calls } = render();
  await screen.findByText('Lápiz');
  await user.click(screen.getByRole('checkbox', { name: 'Elegir el producto 1' }));
  await user.click(screen.getByRole('checkbox', { name: 'Elegir el producto 3' }));
  await user.click(screen.getByRole('button', { name: 'Imprimir etiquetas (2)' }));
  const dialog = await openDialog('Imprimir etiquetas');
  expect(within(dialog).getByRole('combobox', { name: 'Productos' })).toHaveValue('Los productos seleccionados (2)');
  expect(within(dialog).getByRole('combobox', { name: 'Formato' })).toHaveValue('Hoja carta de 30 (5160)');
  const copies = within(dialog).getByRole('spinbutton', { name: 'Copias por producto' });
  expect(copies).toHaveValue(1);
  await user.clear(copies);
  await user.type(copies, '3');
  expect(within(dialog).getByText('Se imprimirán 6 etiquetas.')).toBeInTheDocument();
  await choose(user, dialog, 'Formato', 'Etiqueta térmica 50 × 25 mm');
  await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
  await dialogClosed();
  expect(labelCalls(calls)).toEqual([
    expect.objectContaining({ method: 'POST', download: true, body: { productIds: [1, 3], copies: 3, layout: 'THERMAL_50X25' } }),
  ]);
  expect(captured.saved.map((file) => file.name)).toEqual(['Etiquetas - 2026-12-02.pdf']);
});

test('a partida’s products: chosen by partida, each product of it once', async () => {
  const user = userEvent.setup();
  const { calls } = render();
  await screen.findByText('Lápiz');
  // Nothing ticked: the button says so and the dialog starts at «Los productos de una partida».
  await user.click(screen.getByRole('button', { name: 'Imprimir etiquetas' }));
  const dialog = await openDialog('Imprimir etiquetas');
  expect(within(dialog).getByRole('combobox', { name: 'Productos' })).toHaveValue('Los productos de una partida');
  // Without a partida nothing is sent.
  await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
  expect(await within(dialog).findByText('Elige la partida.')).toBeInTheDocument();
  await choose(user, dialog, 'Partida', '2111 - Materiales, útiles y equipos menores de oficina (2 productos)');
  expect(within(dialog).getByText('Se imprimirán 2 etiquetas.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
  await dialogClosed();
  expect(labelCalls(calls).map((call) => call.body)).toEqual([{ productIds: [1, 3], copies: 1, layout: 'LETTER_30' }]);
});

test('copies out of 1–100 are refused under the field and nothing is sent', async () => {
  const user = userEvent.setup();
  const { calls } = render();
  await screen.findByText('Lápiz');
  await user.click(screen.getByRole('checkbox', { name: 'Elegir el producto 1' }));
  await user.click(screen.getByRole('button', { name: 'Imprimir etiquetas (1)' }));
  const dialog = await openDialog('Imprimir etiquetas');
  const copies = within(dialog).getByRole('spinbutton', { name: 'Copias por producto' });
  for (const bad of ['0', '101']) {
    await user.clear(copies);
    await user.type(copies, bad);
    await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
    expect(await within(dialog).findByText(LABEL_MESSAGES.copies)).toBeInTheDocument();
  }
  expect(labelCalls(calls)).toEqual([]);
});

test('a product without a code is named; «Generar código interno» gives it one, then the labels print', async () => {
  const user = userEvent.setup();
  const { calls } = render();
  await screen.findByText('Lápiz');
  await user.click(screen.getByRole('checkbox', { name: 'Elegir el producto 1' }));
  await user.click(screen.getByRole('checkbox', { name: 'Elegir el producto 2' }));
  await user.click(screen.getByRole('button', { name: 'Imprimir etiquetas (2)' }));
  const dialog = await openDialog('Imprimir etiquetas');
  expect(within(dialog).getByText(missingBarcodeMessage([{ id: 2, name: 'Cloro' }]))).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
  expect(labelCalls(calls)).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: 'Generar código interno' }));
  expect(await within(dialog).findByText('Se imprimirán 2 etiquetas.')).toBeInTheDocument();
  expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/catalog/products/2/internal-barcode' }));
  await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
  await dialogClosed();
  expect(labelCalls(calls).map((call) => call.body)).toEqual([{ productIds: [1, 2], copies: 1, layout: 'LETTER_30' }]);
});

test('Consulta prints labels too, but is not offered to generate a code', async () => {
  const user = userEvent.setup();
  render(testMe(['CONSULTA']));
  await screen.findByText('Lápiz');
  expect(screen.queryByRole('button', { name: 'Añadir producto' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Elegir el producto 2' }));
  await user.click(screen.getByRole('button', { name: 'Imprimir etiquetas (1)' }));
  const dialog = await openDialog('Imprimir etiquetas');
  expect(within(dialog).getByText(missingBarcodeMessage([{ id: 2, name: 'Cloro' }]))).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Generar código interno' })).not.toBeInTheDocument();
});

test('the server’s refusal stays in the dialog’s toast and the dialog stays open', async () => {
  const user = userEvent.setup();
  const server = seed();
  const handler = (request: FakeApiRequest) => {
    if (request.path === '/api/reports/labels') throw new ApiError(404, 'No existe el producto no. 3.', { code: 'NOT_FOUND' });
    return server.handle(request);
  };
  renderWithPlatform(<ProductsPage />, { api: handler });
  await screen.findByText('Lápiz');
  await user.click(screen.getByRole('checkbox', { name: 'Elegir el producto 3' }));
  await user.click(screen.getByRole('button', { name: 'Imprimir etiquetas (1)' }));
  const dialog = await openDialog('Imprimir etiquetas');
  await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
  expect(await screen.findByText(/No existe el producto no\. 3\./)).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('dialog', { name: 'Imprimir etiquetas' })).toBeInTheDocument());
  expect(captured.saved).toEqual([]);
});
