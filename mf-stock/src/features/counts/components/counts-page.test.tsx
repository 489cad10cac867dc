// "Inventario físico" in jsdom: the list, "Nuevo conteo" with the "Inventario
// inicial" preset, counts typed in place and saved on leaving the field (PUT, bad values refused
// in the schema's Spanish and not sent), the upload, "Aplicar ajustes" with the three signers and its
// Idempotency-Key, the acta and sheet downloads, and a Consulta user who only reads.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@almacen/shared/router';
import { captureDownloads, testMe, renderWithPlatform, type FakeApiRequest } from '@almacen/shared/testing';
import StockApp from '../../../app';
import pages from '../../../pages';

jest.setTimeout(60_000);

type User = ReturnType<typeof userEvent.setup>;

/** Picks a signer in the dialog's searchable select. */
async function choose(user: User, scope: HTMLElement, label: string, option: string) {
  const box = within(scope).getByRole('combobox', { name: label });
  await user.click(box);
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(box).toHaveValue(option));
}

async function chooseSigners(user: User, dialog: HTMLElement, [director, keeper, witness]: [string, string, string]) {
  await choose(user, dialog, 'Director del plantel', director);
  await choose(user, dialog, 'Almacenista', keeper);
  await choose(user, dialog, 'Testigo', witness);
}
const captured = captureDownloads();
/** When set, the answer to saving a line waits for it (a save still on its way). */
let saveAnswered: Promise<void> | null = null;
afterEach(() => (saveAnswered = null));

const line = (
  productId: number,
  productName: string,
  bookQuantity: string,
  countedQuantity: string | null = null,
  unitCost: string | null = null,
) => ({
  productId,
  productName,
  unit: 'Paquete',
  category: '2111 Materiales de oficina',
  bookQuantity,
  bookAverage: '95.5',
  countedQuantity,
  difference: countedQuantity === null ? null : (Number(countedQuantity) - Number(bookQuantity)).toString(),
  differenceValue: countedQuantity === null ? null : ((Number(countedQuantity) - Number(bookQuantity)) * 95.5).toString(),
  unitCost,
  observations: null as string | null,
  movementId: null,
});

const count = (id: number, description: string, lines: ReturnType<typeof line>[], status = 'ABIERTO') => ({
  id,
  cutoffDate: '2026-11-20',
  description,
  categoryIds: [],
  status,
  createdAt: '2026-11-20T16:00:00.000Z',
  createdBy: { sub: 'user-ana', name: 'Ana Pérez' },
  closedAt: null,
  lineCount: lines.length,
  countedLines: lines.filter((l) => l.countedQuantity !== null).length,
  uncountedLines: lines.filter((l) => l.countedQuantity === null).length,
  differences: lines.filter((l) => l.difference !== null && l.difference !== '0').length,
  surplusQuantity: '0',
  surplusValue: '0',
  shortageQuantity: '2.5',
  shortageValue: '238.75',
  director: null,
  warehouseKeeper: null,
  witness: null,
  lines,
});

/** The catalogue the count's scan field looks codes up in (Gis blanco is in no count 7). */
const PRODUCTS = [
  { id: 12, name: 'Papel bond carta', unit: null, category: null, barcode: '7501055300075' },
  { id: 13, name: 'Tóner negro', unit: null, category: null, barcode: 'ALM000013' },
  { id: 20, name: 'Gis blanco', unit: null, category: null, barcode: '96385074' },
  { id: 209, name: 'Artículo 110', unit: null, category: null, barcode: '4006381333931' },
];

function renderCounts(route: string, roles?: Parameters<typeof testMe>[0]) {
  const calls: FakeApiRequest[] = [];
  let detail = count(7, 'Conteo semestral', [line(12, 'Papel bond carta', '10'), line(13, 'Tóner negro', '4')]);
  const opening = count(8, 'Inventario inicial', [line(20, 'Gis blanco', '0', '100')]);
  let big = count(
    10,
    'Conteo general',
    Array.from({ length: 110 }, (_, i) => line(100 + i, `Artículo ${i + 1}`, '1')),
  );
  const view = renderWithPlatform(
    <Routes>
      <Route path="/dashboard/stock/*" element={<StockApp />} />
    </Routes>,
    {
      route,
      ...(roles ? { me: testMe(roles) } : {}),
      api: (request: FakeApiRequest) => {
        if (request.download) {
          calls.push(request);
          return { blob: new Blob(['%PDF-1.7']), fileName: 'acta.pdf' };
        }
        if (request.method !== 'GET') calls.push(request);
        if (request.method === 'PUT' && request.path === '/api/inventory-counts/7/lines') {
          const [change] = (request.body as { lines: Array<{ productId: number; countedQuantity: string | null }> }).lines;
          const save = () => {
            detail = {
              ...detail,
              lines: detail.lines.map((l) =>
                l.productId === change.productId ? line(l.productId, l.productName, l.bookQuantity, change.countedQuantity) : l,
              ),
            };
            return detail;
          };
          return saveAnswered ? saveAnswered.then(save) : save();
        }
        if (request.method === 'PUT' && request.path === '/api/inventory-counts/10/lines') {
          const [change] = (request.body as { lines: Array<{ productId: number; countedQuantity: string | null }> }).lines;
          big = {
            ...big,
            lines: big.lines.map((l) =>
              l.productId === change.productId ? line(l.productId, l.productName, l.bookQuantity, change.countedQuantity) : l,
            ),
          };
          return big;
        }
        if (request.method === 'POST' && request.path === '/api/inventory-counts') return count(9, 'Inventario inicial', []);
        if (request.method === 'POST' && request.path === '/api/inventory-counts/7/lines/import') {
          detail = {
            ...detail,
            lines: detail.lines.map((l) =>
              l.productId === 12 ? { ...line(12, l.productName, l.bookQuantity, '7.5'), observations: 'Caja abierta' } : l,
            ),
          };
          return detail;
        }
        if (request.method === 'POST' && request.path === '/api/inventory-counts/7/application') {
          detail = { ...detail, status: 'APLICADO' };
          return { count: detail, movements: [] };
        }
        if (request.path === '/api/inventory-counts')
          return [count(7, 'Conteo semestral', detail.lines), { ...opening, status: 'APLICADO' }];
        if (request.path === '/api/inventory-counts/7') return detail;
        if (request.path === '/api/inventory-counts/8') return opening;
        if (request.path === '/api/inventory-counts/9') return count(9, 'Inventario inicial', []);
        if (request.path === '/api/inventory-counts/10') return big;
        if (request.path === '/api/catalog/products') return PRODUCTS;
        if (request.path === '/api/catalog/product-categories')
          return [
            { id: 3, description: '2111 Materiales de oficina' },
            { id: 4, description: '2161 Material de limpieza' },
          ];
        if (request.path === '/api/catalog/employees') {
          return [
            { id: 1, name: 'María', lastName: 'López' },
            { id: 2, name: 'Jorge', lastName: 'Ramírez' },
            { id: 3, name: 'Lucía', lastName: 'Hernández' },
          ];
        }
        return undefined;
      },
    },
  );
  return { ...view, calls };
}

test('the menu declares the page with permission consult', () => {
  expect(pages.menu).toContainEqual(
    expect.objectContaining({ label: 'Inventario físico', path: '/dashboard/stock/counts', permission: 'consult' }),
  );
});

test('lists the sessions and creates one with the "Inventario inicial" preset on one partida', async () => {
  const user = userEvent.setup({ delay: null });
  const { calls } = renderCounts('/dashboard/stock/counts');
  expect(screen.getByRole('heading', { level: 1, name: 'Inventario físico' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Conteos de inventario' });
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(within(table).getByText('Conteo semestral')).toBeInTheDocument();
  expect(within(table).getByText('Abierto')).toBeInTheDocument();
  expect(within(table).getByText('Aplicado')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Nuevo conteo' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('checkbox', { name: /^Inventario inicial/ }));
  expect(within(dialog).getByRole('textbox', { name: /Descripción/ })).toHaveValue('Inventario inicial');
  await user.click(await within(dialog).findByRole('checkbox', { name: '2161 Material de limpieza' }));
  await user.click(within(dialog).getByRole('button', { name: 'Crear conteo' }));
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(calls[0]).toMatchObject({
    method: 'POST',
    path: '/api/inventory-counts',
    body: { description: 'Inventario inicial', categoryIds: [4], cutoffDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Inventario físico 9: Inventario inicial' })).toBeInTheDocument();
});

test('typing a count saves the line on leaving the field; a bad value is explained and not sent', async () => {
  const user = userEvent.setup({ delay: null });
  const { calls } = renderCounts('/dashboard/stock/counts/7');
  const paper = await screen.findByRole('textbox', { name: 'Cantidad contada de Papel bond carta' });
  const cost = screen.getByRole('textbox', { name: 'Costo unitario de Papel bond carta' });
  await user.type(cost, '0');
  await user.tab();
  expect(screen.getByText('El costo unitario debe ser un número mayor que 0 con a lo más 3 decimales.')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
  await user.clear(cost);
  // What cannot be a quantity is not taken as it is typed: a fourth decimal, a sign, a letter.
  await user.type(paper, '-7.5555a');
  expect(paper).toHaveValue('7.555');
  await user.clear(paper);
  await user.type(paper, '7.5');
  await user.tab();
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(calls[0]).toMatchObject({
    method: 'PUT',
    path: '/api/inventory-counts/7/lines',
    body: { lines: [{ productId: 12, countedQuantity: '7.5' }] },
  });
  const row = paper.closest('tr')!;
  expect(await within(row).findByText(/^-2\.5 \(-?\$-?238\.75\)$/)).toBeInTheDocument();
});

test('typing again while the earlier save is on its way: its answer does not replace what is typed now', async () => {
  const user = userEvent.setup({ delay: null });
  let answer!: () => void;
  saveAnswered = new Promise((resolve) => (answer = resolve));
  const { calls } = renderCounts('/dashboard/stock/counts/7');
  const paper = await screen.findByRole('textbox', { name: 'Cantidad contada de Papel bond carta' });
  await user.type(paper, '7');
  await user.tab();
  await waitFor(() => expect(calls).toHaveLength(1));
  await user.click(paper);
  await user.clear(paper);
  await user.type(paper, '8');
  answer();
  // The first save (7 of 10 in the books) arrives while the person is still in the field.
  const row = paper.closest('tr')!;
  expect(await within(row).findByText(/^-3 \(/)).toBeInTheDocument();
  expect(paper).toHaveValue('8');
  await user.tab();
  await waitFor(() =>
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/inventory-counts/7/lines',
      body: { lines: [{ productId: 12, countedQuantity: '8' }] },
    }),
  );
});

test('uploads a sheet, downloads the sheet and the acta, applies with the three signers', async () => {
  const user = userEvent.setup({ delay: null });
  const { calls } = renderCounts('/dashboard/stock/counts/7');
  await screen.findByRole('table', { name: 'Líneas del conteo' });
  const file = new File(['ID,Cantidad contada\n12,7.5\n'], 'conteo.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('Archivo del conteo'), file);
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/inventory-counts/7/lines/import', headers: { 'content-type': 'text/csv' } });
  expect(await screen.findByText('Archivo cargado: cantidades guardadas.')).toBeInTheDocument();
  // The fields show what the file saved, not what they held before the upload.
  expect(screen.getByRole('textbox', { name: 'Cantidad contada de Papel bond carta' })).toHaveValue('7.5');
  expect(screen.getByRole('textbox', { name: 'Observaciones de Papel bond carta' })).toHaveValue('Caja abierta');

  await user.click(screen.getByRole('checkbox', { name: 'Conteo a ciegas (sin existencia en libros)' }));
  await user.click(screen.getByRole('button', { name: 'Hoja de conteo (XLSX)' }));
  await waitFor(() => expect(captured.saved).toHaveLength(1));
  expect(calls[1]).toMatchObject({ path: '/api/reports/inventory-counts/7/sheet', query: { format: 'xlsx', book: 'false' } });
  await user.click(screen.getByRole('button', { name: 'Acta de inventario físico (PDF)' }));
  await waitFor(() => expect(captured.saved).toHaveLength(2));
  expect(calls[2]).toMatchObject({ path: '/api/reports/inventory-counts/7', query: { format: 'pdf' } });

  await user.click(screen.getByRole('button', { name: 'Aplicar ajustes' }));
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, aplicar ajustes' }));
  expect(await within(dialog).findByText('Selecciona al testigo.')).toBeInTheDocument();
  expect(calls).toHaveLength(3);
  await chooseSigners(user, dialog, ['María López', 'Jorge Ramírez', 'Lucía Hernández']);
  await user.click(within(dialog).getByRole('button', { name: 'Sí, aplicar ajustes' }));
  await waitFor(() => expect(calls).toHaveLength(4));
  expect(calls[3]).toMatchObject({
    path: '/api/inventory-counts/7/application',
    body: { directorEmployeeId: 1, warehouseKeeperEmployeeId: 2, witnessEmployeeId: 3 },
  });
  expect(calls[3].headers?.['idempotency-key']).toEqual(expect.any(String));
  expect(await screen.findByText('Ajustes aplicados al libro de almacén.')).toBeInTheDocument();
});

test("applying with one person in two roles is refused in the dialog, in the API's words, and nothing is sent", async () => {
  const user = userEvent.setup({ delay: null });
  const { calls } = renderCounts('/dashboard/stock/counts/7');
  await screen.findByRole('table', { name: 'Líneas del conteo' });
  await user.click(screen.getByRole('button', { name: 'Aplicar ajustes' }));
  const dialog = await screen.findByRole('alertdialog');
  await chooseSigners(user, dialog, ['María López', 'Jorge Ramírez', 'María López']);
  await user.click(within(dialog).getByRole('button', { name: 'Sí, aplicar ajustes' }));
  expect(await within(dialog).findAllByText('El director, el almacenista y el testigo deben ser personas distintas.')).toHaveLength(2);
  expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
});

test('"Inventario inicial": applying asks the unit cost of every counted line first', async () => {
  const user = userEvent.setup({ delay: null });
  const { calls } = renderCounts('/dashboard/stock/counts/8');
  await user.click(await screen.findByRole('button', { name: 'Aplicar ajustes' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Inventario inicial: indica el costo unitario de «Gis blanco».');
  await chooseSigners(user, dialog, ['María López', 'Jorge Ramírez', 'Lucía Hernández']);
  await user.click(within(dialog).getByRole('button', { name: 'Sí, aplicar ajustes' }));
  expect(within(dialog).getByRole('alert')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
});

test('Consulta reads the count and downloads the acta, with nothing to type, upload, apply or discard', async () => {
  renderCounts('/dashboard/stock/counts/7', ['CONSULTA']);
  await screen.findByRole('table', { name: 'Líneas del conteo' });
  expect(screen.getAllByText('Sin contar')).toHaveLength(2);
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Cargar archivo' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Aplicar ajustes' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Descartar' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Acta de inventario físico (PDF)' })).toBeInTheDocument();
});

test('a count of many products shows its lines 100 at a time', async () => {
  const user = userEvent.setup({ delay: null });
  renderCounts('/dashboard/stock/counts/10');
  const table = await screen.findByRole('table', { name: 'Líneas del conteo' });
  expect(within(table).getAllByRole('row')).toHaveLength(101);
  expect(screen.getByText('Líneas 1–100 de 110')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Líneas anteriores' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Líneas siguientes' }));
  expect(screen.getByText('Líneas 101–110 de 110')).toBeInTheDocument();
  expect(within(table).getAllByRole('row')).toHaveLength(11);
  expect(within(table).getByRole('textbox', { name: 'Cantidad contada de Artículo 110' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Líneas siguientes' })).toBeDisabled();
});

describe('«Código de barras» on a count', () => {
  const scanField = () => screen.getByRole('textbox', { name: 'Código de barras' });

  test('each read (scanner or typed code and Enter) adds one to the line and saves it; the focus stays to scan the next', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderCounts('/dashboard/stock/counts/7');
    const paper = await screen.findByRole('textbox', { name: 'Cantidad contada de Papel bond carta' });
    await waitFor(() => expect(scanField()).toBeEnabled());
    await user.type(scanField(), '7501055300075{Enter}');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { lines: [{ productId: 12, countedQuantity: '1' }] } });
    expect(paper).toHaveValue('1');
    expect(paper.closest('tr')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Sumado 1 a Papel bond carta.')).toBeInTheDocument();
    expect(scanField()).toHaveValue('');
    expect(scanField()).toHaveFocus();
    // The next read of the same product, before or after the answer: one more.
    await user.type(scanField(), '7501055300075{Enter}');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ body: { lines: [{ productId: 12, countedQuantity: '2' }] } });
    expect(paper).toHaveValue('2');
    // Enter in the field never submitted anything else.
    expect(calls.every((c) => c.path === '/api/inventory-counts/7/lines')).toBe(true);
  });

  test("«Escribir el total al escanear»: the read opens the line's quantity to type the total, Enter saves it", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderCounts('/dashboard/stock/counts/7');
    const toner = await screen.findByRole('textbox', { name: 'Cantidad contada de Tóner negro' });
    await waitFor(() => expect(scanField()).toBeEnabled());
    await user.click(screen.getByRole('switch', { name: 'Escribir el total al escanear' }));
    await user.type(scanField(), 'alm000013{Enter}');
    await waitFor(() => expect(toner).toHaveFocus());
    expect(calls).toHaveLength(0);
    expect(screen.getByText('Escribe la cantidad contada de Tóner negro.')).toBeInTheDocument();
    await user.keyboard('4{Enter}');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ body: { lines: [{ productId: 13, countedQuantity: '4' }] } });
  });

  test('a product outside the count and an unknown code are said, with the way to register the code', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderCounts('/dashboard/stock/counts/7');
    await screen.findByRole('textbox', { name: 'Cantidad contada de Papel bond carta' });
    await waitFor(() => expect(scanField()).toBeEnabled());
    await user.type(scanField(), '96385074{Enter}');
    expect(await screen.findByText('«Gis blanco» no está en este conteo.')).toBeInTheDocument();
    await user.clear(scanField());
    await user.type(scanField(), '7501234567892{Enter}');
    expect(await screen.findByText(/^No hay un producto con el código 7501234567892\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrirlo en «Productos»' })).toHaveAttribute(
      'href',
      '/dashboard/catalogs/products?codigo=7501234567892',
    );
    expect(scanField()).toHaveValue('7501234567892');
    expect(calls).toHaveLength(0);
  });

  test('a read of a line on another page shows that page with the line counted', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderCounts('/dashboard/stock/counts/10');
    await screen.findByText('Líneas 1–100 de 110');
    await waitFor(() => expect(scanField()).toBeEnabled());
    await user.type(scanField(), '4006381333931{Enter}');
    expect(await screen.findByText('Líneas 101–110 de 110')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cantidad contada de Artículo 110' })).toHaveValue('1');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/api/inventory-counts/10/lines',
      body: { lines: [{ productId: 209, countedQuantity: '1' }] },
    });
    // Back to the first page and again to the second: the line is drawn anew and adds nothing.
    await user.click(screen.getByRole('button', { name: 'Líneas anteriores' }));
    await user.click(screen.getByRole('button', { name: 'Líneas siguientes' }));
    expect(screen.getByRole('textbox', { name: 'Cantidad contada de Artículo 110' })).toHaveValue('1');
    expect(calls).toHaveLength(1);
  });
});
