import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Movement, type Product } from '@almacen/shared';
import { Route, Routes } from '@almacen/shared/router';
import { aProduct, type FakeApiRequest, renderWithPlatform } from '@almacen/shared/testing';
import DispatchesApp from '../../../app';

jest.setTimeout(60_000);

const dispatches = [
  { id: 30, dispatchDate: '2026-02-27' },
  { id: 31, dispatchDate: '2026-03-02', requestFolio: 'SOL-000007' },
];
const movements: Record<number, Movement[]> = {
  31: [
    { id: 301, productId: 5, price: '15.5', quantity: '2.25', movementType: 'DISPATCH', observations: 'Aula 3' },
    { id: 302, productId: 7, price: '1234.123456', quantity: '10', movementType: 'DISPATCH', observations: null },
  ],
  30: [],
};
const products: Record<number, Product> = {
  5: aProduct({
    id: 5,
    name: 'Papel bond carta',
    unit: { id: 1, description: 'Paquete' },
    category: { id: 1, description: '2111 Materiales de oficina' },
  }),
  7: aProduct({ id: 7, name: 'Tóner negro' }),
};

type Handler = (request: FakeApiRequest) => unknown;

function api(overrides: Handler = () => undefined): Handler {
  return (request) => {
    const answer = overrides(request);
    if (answer !== undefined) return answer;
    const { method, path } = request;
    if (method === 'GET' && path === '/api/dispatches') return dispatches;
    if (method === 'GET' && path === '/api/catalog/products') return Object.values(products);
    const ofDispatch = /^\/api\/movements\/dispatches\/(\d+)$/.exec(path);
    if (method === 'GET' && ofDispatch) return movements[Number(ofDispatch[1])];
    const product = /^\/api\/catalog\/products\/(\d+)$/.exec(path);
    if (method === 'GET' && product) return products[Number(product[1])];
    return undefined;
  };
}

function renderHistory(handler: Handler = api()) {
  return renderWithPlatform(
    <Routes>
      <Route path="/dashboard/dispatches/*" element={<DispatchesApp />} />
    </Routes>,
    { api: handler, route: '/dashboard/dispatches/history' },
  );
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((tr) => [...tr.querySelectorAll('td')].map((cell) => cell.textContent))
    .filter((cells) => cells.length > 0);

async function expandDispatch(user: ReturnType<typeof userEvent.setup>, id: number) {
  const table = await screen.findByRole('table', { name: 'Salidas' });
  const row = (await within(table).findByText(String(id))).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Expandir fila' }));
  return screen.findByRole('table', { name: `Movimientos de la salida ${id}` });
}

/** What the browser was asked to save: the link's file name and the blob behind it. */
function captureSaves() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      const url = `blob:test/${++n}`;
      blobs.set(url, blob);
      return url;
    }),
    revokeObjectURL: jest.fn(),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  });
  return saved;
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('the history lists ID and "Fecha de factura" as DD/MM/YYYY, newest first, and leads to a new dispatch', async () => {
  const user = userEvent.setup();
  renderHistory();
  expect(screen.getByRole('heading', { name: 'Historial de salidas' })).toBeInTheDocument();
  expect(document.title).toBe('Historial de salidas · Almacén');
  const table = await screen.findByRole('table', { name: 'Salidas' });
  await within(table).findByText('31');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim())
    .filter(Boolean);
  expect(headers).toEqual(expect.arrayContaining(['ID', 'Fecha de factura', 'Estado', 'Solicitud']));
  // An exit that delivered a material request names its folio.
  expect(cellsOf(table).map((cells) => cells.slice(1))).toEqual([
    ['31', 'Vigente', '02/03/2026', 'SOL-000007'],
    ['30', 'Vigente', '27/02/2026', ''],
  ]);

  await user.click(screen.getByRole('button', { name: 'Crear nueva salida' }));
  expect(await screen.findByRole('heading', { name: 'Nueva salida' })).toBeInTheDocument();
});

test('the search finds a dispatch by its date as shown (DD/MM/YYYY or DD/MM) and in ISO form', async () => {
  const user = userEvent.setup();
  renderHistory();
  const table = await screen.findByRole('table', { name: 'Salidas' });
  await within(table).findByText('31');
  const search = screen.getByRole('searchbox', { name: 'Buscar' });
  for (const typed of ['27/02/2026', '27/02', '2026-02-27']) {
    await user.clear(search);
    await user.type(search, typed);
    await waitFor(() => expect(cellsOf(table).map((cells) => cells.slice(1))).toEqual([['30', 'Vigente', '27/02/2026', '']]));
  }
  // And by the folio of the request it delivered.
  await user.clear(search);
  await user.type(search, 'sol-000007');
  await waitFor(() => expect(cellsOf(table).map((cells) => cells.slice(1))).toEqual([['31', 'Vigente', '02/03/2026', 'SOL-000007']]));
});

test('a failed load says "…obtener las salidas."', async () => {
  renderHistory(
    api(({ path }) => {
      if (path === '/api/dispatches') throw new ApiError(500, 'Falla interna');
      return undefined;
    }),
  );
  expect(await screen.findByText('Algo salió mal mientras tratábamos de obtener las salidas.')).toBeInTheDocument();
  expect(screen.getByText('¡Oh no!')).toBeInTheDocument();
});

test('expanding a dispatch shows its movements, and a movement its product', async () => {
  const user = userEvent.setup();
  const { calls } = renderHistory();
  const table = await expandDispatch(user, 31);
  await within(table).findByText('301');
  expect(calls.some((c) => c.path === '/api/movements/dispatches/31')).toBe(true);
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim())
    .filter(Boolean);
  expect(headers).toEqual(expect.arrayContaining(['ID', 'Producto', 'Tipo', 'Precio de salida', 'Cantidad', 'Observaciones']));
  expect(cellsOf(table).map((cells) => cells.slice(1))).toEqual([
    // each movement names its product without expanding it
    ['301', '5 · Papel bond carta', 'Salida', '$15.50', '2.25', 'Aula 3'],
    ['302', '7 · Tóner negro', 'Salida', '$1,234.123', '10', ''],
  ]);
  expect(screen.getByRole('button', { name: 'Reporte de salida' })).toBeInTheDocument();

  const movementRow = within(table).getByText('301').closest('tr')!;
  await user.click(within(movementRow).getByRole('button', { name: 'Expandir fila' }));
  expect(await screen.findByDisplayValue('Papel bond carta')).toBeInTheDocument();
  expect(screen.getByLabelText('Unidad')).toHaveValue('Paquete');
  expect(screen.getByLabelText('Partida')).toHaveValue('2111 Materiales de oficina');
  expect(calls.some((c) => c.path === '/api/catalog/products/5')).toBe(true);
});

test('a product without unit or partida says so; failed loads of movements and product say so', async () => {
  const user = userEvent.setup();
  renderHistory(
    api(({ path }) => {
      if (path === '/api/movements/dispatches/30') throw new ApiError(500, 'Falla');
      if (path === '/api/catalog/products/5') throw new ApiError(404, 'No existe');
      return undefined;
    }),
  );
  await expandDispatch(user, 30);
  expect(
    await screen.findByText('Algo salió mal mientras tratábamos de obtener los movimientos de la salida solicitada.'),
  ).toBeInTheDocument();

  const table = await expandDispatch(user, 31);
  await within(table).findByText('302');
  await user.click(within(within(table).getByText('302').closest('tr')!).getByRole('button', { name: 'Expandir fila' }));
  expect(await screen.findByDisplayValue('Tóner negro')).toBeInTheDocument();
  expect(screen.getByDisplayValue('Sin unidad de medida asignada')).toBeInTheDocument();
  expect(screen.getByDisplayValue('Sin partida asignada')).toBeInTheDocument();

  await user.click(within(within(table).getByText('301').closest('tr')!).getByRole('button', { name: 'Expandir fila' }));
  const toast = (await screen.findByText('Algo salió mal mientras tratábamos de obtener el producto solicitado.')).closest('.fui-Toast');
  expect(toast).toHaveTextContent('¡Oh no!');
  expect(within(table).getByText('No fue posible cargar el producto.')).toBeInTheDocument();
});

describe('"Reporte de salida"', () => {
  test("is asked with POST and saved under the server's name when it sends one", async () => {
    const user = userEvent.setup();
    const saved = captureSaves();
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const { calls } = renderHistory(
      api((request) => {
        if (request.download) return { blob: pdf, fileName: 'Reportes de salida - 31.pdf' };
        return undefined;
      }),
    );
    await expandDispatch(user, 31);
    await user.click(screen.getByRole('button', { name: 'Reporte de salida' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ name: 'Reportes de salida - 31.pdf', blob: pdf });
    const downloads = calls.filter((c) => c.download);
    expect(downloads).toEqual([expect.objectContaining({ method: 'POST', path: '/api/reports/dispatches/31' })]);
  });

  test('without a name from the server it is "Reportes de salida - {id}" plus the extension of its type', async () => {
    const user = userEvent.setup();
    const saved = captureSaves();
    const xlsx = new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    renderHistory(api((request) => (request.download ? { blob: xlsx, fileName: '31' } : undefined)));
    await expandDispatch(user, 31);
    await user.click(screen.getByRole('button', { name: 'Reporte de salida' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('Reportes de salida - 31.xlsx');
  });

  test('is retried up to 3 times: two failures then the file', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const saved = captureSaves();
    let attempts = 0;
    renderHistory(
      api((request) => {
        if (!request.download) return undefined;
        attempts += 1;
        if (attempts <= 2) throw new ApiError(503, 'Servicio no disponible');
        return { blob: new Blob(['%PDF'], { type: 'application/pdf' }), fileName: 'Reportes de salida - 31.pdf' };
      }),
    );
    await expandDispatch(user, 31);
    await user.click(screen.getByRole('button', { name: 'Reporte de salida' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(attempts).toBe(3);
    expect(screen.queryByText('¡Oh no!')).not.toBeInTheDocument();
  });

  test('after the 3 retries fail: "¡Oh no!" with the server\'s message, nothing saved', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const saved = captureSaves();
    let attempts = 0;
    renderHistory(
      api((request) => {
        if (!request.download) return undefined;
        attempts += 1;
        throw new ApiError(500, 'No se pudo generar el reporte.');
      }),
    );
    await expandDispatch(user, 31);
    await user.click(screen.getByRole('button', { name: 'Reporte de salida' }));
    expect(
      await screen.findByText('Algo salió mal mientras tratábamos de descargar el reporte solicitado. No se pudo generar el reporte.'),
    ).toBeInTheDocument();
    expect(attempts).toBe(4);
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Reporte de salida' })).toBeEnabled();
  });

  test('a 404 is not retried', async () => {
    const user = userEvent.setup();
    captureSaves();
    let attempts = 0;
    renderHistory(
      api((request) => {
        if (!request.download) return undefined;
        attempts += 1;
        throw new ApiError(404, 'La salida solicitada no existe.');
      }),
    );
    await expandDispatch(user, 31);
    await user.click(screen.getByRole('button', { name: 'Reporte de salida' }));
    expect(
      await screen.findByText('Algo salió mal mientras tratábamos de descargar el reporte solicitado. La salida solicitada no existe.'),
    ).toBeInTheDocument();
    expect(attempts).toBe(1);
  });
});

// ---- cancellation ------------------------------------------------------------------

const toast = (text: string) => screen.getAllByText(text).find((element) => element.closest('.fui-Toast')) ?? null;
const cancellation = {
  reason: 'El área no recogió el material',
  cancelledAt: '2026-03-07T15:05:00.000Z',
  cancelledBy: { sub: 'user-luis', name: 'Luis Gómez' },
};

test('a cancelled exit shows "Cancelada" in its row; its detail says who, when (DD/MM/YYYY HH:mm, institution time) and why, and offers no cancel', async () => {
  const user = userEvent.setup();
  renderHistory(
    api(({ method, path }) => {
      if (method === 'GET' && path === '/api/dispatches') return [dispatches[0], { ...dispatches[1], status: 'CANCELADA', cancellation }];
      if (method === 'GET' && path === '/api/movements/dispatches/31')
        return [
          ...movements[31],
          { ...movements[31][0], id: 303, movementType: 'DISPATCH_CANCELLATION', observations: cancellation.reason },
        ];
      return undefined;
    }),
  );
  const table = await screen.findByRole('table', { name: 'Salidas' });
  const row = (await within(table).findByText('31')).closest('tr')!;
  expect(within(row).getByText('Cancelada')).toBeInTheDocument();
  expect(within(within(table).getByText('30').closest('tr')!).queryByText('Cancelada')).not.toBeInTheDocument();

  const movementsTable = await expandDispatch(user, 31);
  const details = await screen.findByRole('region', { name: 'Cancelación de la salida 31' });
  expect(details).toHaveTextContent('Cancelada porLuis Gómez');
  expect(details).toHaveTextContent('Fecha de cancelación07/03/2026 09:05');
  expect(details).toHaveTextContent('MotivoEl área no recogió el material');
  expect(await within(movementsTable).findByText('Cancelación de salida')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Cancelar salida' })).not.toBeInTheDocument();
});

test('"Cancelar salida": the dialog explains, requires a 5–500 character reason, sends it once with a key, notifies and refreshes', async () => {
  const user = userEvent.setup();
  let answered = false;
  const { calls } = renderHistory(
    api(({ method, path }) => {
      if (method === 'POST' && path === '/api/dispatches/31/cancellation') {
        answered = true;
        return { id: 1, documentId: 31 };
      }
      if (method === 'GET' && path === '/api/dispatches' && answered)
        return [dispatches[0], { ...dispatches[1], status: 'CANCELADA', cancellation }];
      return undefined;
    }),
  );
  await expandDispatch(user, 31);
  await user.click(await screen.findByRole('button', { name: 'Cancelar salida' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancelar salida 31' });
  expect(dialog).toHaveTextContent('Se registrarán movimientos que revierten esta salida; el documento original se conserva.');
  expect(within(dialog).getByRole('button', { name: 'No, regresar' })).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
  expect(await within(dialog).findByText('El motivo de la cancelación es un campo obligatorio.')).toBeInTheDocument();
  const reason = within(dialog).getByRole('textbox', { name: /Motivo de la cancelación/ });
  await user.type(reason, 'abc');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
  expect(await within(dialog).findByText('El motivo debe tener entre 5 y 500 caracteres.')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

  await user.clear(reason);
  await user.type(reason, ' No se entregó ');
  const listLoads = calls.filter((c) => c.path === '/api/dispatches').length;
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
  await waitFor(() => expect(toast('Salida 31 cancelada correctamente.')).not.toBeNull());
  expect(calls.filter((c) => c.method === 'POST')).toEqual([
    expect.objectContaining({
      path: '/api/dispatches/31/cancellation',
      body: { reason: 'No se entregó' },
      headers: { 'idempotency-key': expect.stringMatching(/^[0-9a-f-]{36}$/) },
    }),
  ]);
  await waitFor(() => expect(calls.filter((c) => c.path === '/api/dispatches').length).toBeGreaterThan(listLoads));
  // The closing dialog keeps the page aria-hidden for its exit transition: wait for the table.
  const table = await screen.findByRole('table', { name: 'Salidas' });
  expect(await within(within(table).getByText('31').closest('tr')!).findByText('Cancelada')).toBeInTheDocument();
  expect(calls.filter((c) => c.path === '/api/movements/dispatches/31').length).toBeGreaterThan(1);
});

test('a refused cancellation says "¡Oh no!" + "…cancelar la salida solicitada." + the server\'s message', async () => {
  const user = userEvent.setup();
  renderHistory(
    api(({ method, path }) => {
      if (method === 'POST' && path === '/api/dispatches/31/cancellation') throw new ApiError(409, 'La salida ya está cancelada.');
      return undefined;
    }),
  );
  await expandDispatch(user, 31);
  await user.click(await screen.findByRole('button', { name: 'Cancelar salida' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancelar salida 31' });
  await user.type(within(dialog).getByRole('textbox', { name: /Motivo de la cancelación/ }), 'Salida duplicada');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
  await waitFor(() =>
    expect(toast('Algo salió mal mientras tratábamos de cancelar la salida solicitada. La salida ya está cancelada.')).not.toBeNull(),
  );
  expect(toast('¡Oh no!')).not.toBeNull();
});
