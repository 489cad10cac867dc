// The transfer screens with a portal of two warehouses (the shell's WarehouseProvider, the
// current one from ?almacen=): the wizard sends from the current warehouse with the origin's
// figures and an Idempotency-Key, to any active warehouse, on a date after the origin's closed
// months; the destination receives or rejects, the origin withdraws.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WarehouseProvider, type Employee, type Product } from '@almacen/shared';
import { ACCESS_ROLES, formatCurrency, formatPrice, type AccessRole, type Me } from '@almacen/shared/domain';
import { Route, Routes } from '@almacen/shared/router';
import { aProduct, captureDownloads, type FakeApiRequest, renderWithPlatform, testMeIn } from '@almacen/shared/testing';
import type { Transfer } from '../../../api/transfers';
import DispatchesApp from '../../../app';

jest.setTimeout(60_000);

const warehouses = [
  { id: 1, code: 'CEN', name: 'Almacén central', active: true },
  { id: 2, code: 'P012', name: 'Plantel 12', active: true },
];
// Every active warehouse, for the destination: P013 is none of the person's.
const destinations = [...warehouses.map(({ id, code, name }) => ({ id, code, name })), { id: 3, code: 'P013', name: 'Plantel 13' }];
const employees: Employee[] = [
  { id: 1, name: 'Ana', lastName: 'López', email: null },
  { id: 2, name: 'Luis', lastName: 'Pérez', email: null },
];
const products: Product[] = [aProduct({ id: 5, name: 'Papel bond carta', unit: { id: 1, description: 'Paquete' } })];

const aTransfer = (over: Partial<Transfer>): Transfer => ({
  id: 77,
  originWarehouseId: 1,
  originWarehouseName: 'Almacén central',
  destinationWarehouseId: 2,
  destinationWarehouseName: 'Plantel 12',
  date: '2026-03-02',
  senderEmployeeId: 1,
  senderName: 'Ana López',
  carrier: 'Transportes Rápidos',
  status: 'ENVIADO',
  receiverEmployeeId: null,
  receiverName: null,
  reason: null,
  settledAt: null,
  settledBy: null,
  createdBy: 'ana',
  createdAt: '2026-03-02T16:00:00Z',
  total: '48',
  lines: [
    { id: 1, lineNo: 1, productId: 5, productName: 'Papel bond carta', quantity: '4', unitCost: '12', amount: '48', observations: null },
  ],
  ...over,
});

type Handler = (request: FakeApiRequest) => unknown;

function server(list: Transfer[], extra: Handler = () => undefined): Handler {
  return (request) => {
    const answer = extra(request);
    if (answer !== undefined) return answer;
    const { method, path } = request;
    if (method === 'GET' && path === '/api/catalog/employees') return employees;
    // The products with the current warehouse's stock levels.
    if (method === 'GET' && path.startsWith('/api/catalog/products?warehouseId=')) return products;
    if (method === 'GET' && path === '/api/warehouses?purpose=destinations') return destinations;
    if (method === 'GET' && path === '/api/stock/5?warehouseId=1') return { availableQuantity: '10', averagePrice: '12.000000' };
    if (method === 'GET' && path === '/api/stock/5?warehouseId=2') return { availableQuantity: '0', averagePrice: '0' };
    if (method === 'GET' && path.startsWith('/api/transfers?')) {
      const status = new URLSearchParams(path.split('?')[1]).get('status');
      return list.filter((t) => !status || t.status === status);
    }
    const settle = /^\/api\/transfers\/(\d+)\/(reception|rejection|withdrawal)$/.exec(path);
    if (method === 'POST' && settle) return { ...list[0], status: 'RECIBIDO' };
    return undefined;
  };
}

/** `as`: the roles held in both warehouses, or a person's /api/me. */
function renderAt(route: string, handler: Handler, as: AccessRole[] | Me = [...ACCESS_ROLES]) {
  const me = Array.isArray(as) ? testMeIn(warehouses.map((w) => ({ ...w, roles: as }))) : as;
  return renderWithPlatform(
    <WarehouseProvider>
      <Routes>
        <Route path="/dashboard/dispatches/*" element={<DispatchesApp />} />
      </Routes>
    </WarehouseProvider>,
    { api: handler, route, me },
  );
}

type User = ReturnType<typeof userEvent.setup>;
const currentStep = () => screen.getByRole('listitem', { current: 'step' });

async function choose(user: User, label: string, option: string, scope: HTMLElement = document.body) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** «Añadir un producto» on the lines step: «Papel bond carta», with the origin's 10 available. */
async function addPaperLine(user: User): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
  const line = screen.getByRole('group', { name: 'Producto 1' });
  await choose(user, 'Producto', 'Papel bond carta', line);
  expect(await within(line).findByText('Disponible en el origen: 10')).toBeInTheDocument();
  return line;
}

const downloads = captureDownloads();

describe('Nuevo traspaso', () => {
  it('sends from the current warehouse at the origin’s average, refusing more than it has, and offers the voucher', async () => {
    const user = userEvent.setup();
    const { calls } = renderAt(
      '/dashboard/dispatches/transfers/new',
      server([], ({ method, path, body, download }) => {
        if (method === 'POST' && path === '/api/transfers') return aTransfer({ ...(body as object), id: 77 });
        if (download) return { blob: new Blob(['%PDF-']), fileName: 'Vale de traspaso - 77.pdf' };
        return undefined;
      }),
    );
    const origin = await screen.findByRole('combobox', { name: 'Almacén de origen' });
    expect(origin).toHaveValue('CEN · Almacén central');
    // The destination offers every other active warehouse, those the person does not belong to too.
    await user.click(screen.getByRole('combobox', { name: 'Almacén de destino' }));
    expect(await screen.findByRole('option', { name: 'P013 · Plantel 13' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'CEN · Almacén central' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'P012 · Plantel 12' }));
    await choose(user, 'Quién envía', 'Ana López');
    await user.type(screen.getByRole('textbox', { name: /Quién transporta/ }), 'Transportes Rápidos');
    await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Productos del traspaso'));

    const line = await addPaperLine(user);
    const cost = within(line).getByRole('textbox', { name: 'Costo promedio' });
    expect(cost).toHaveValue(formatPrice('12.000000'));
    expect(cost).toHaveAttribute('readonly');
    await user.type(within(line).getByRole('textbox', { name: 'Cantidad' }), '11');
    await user.click(screen.getByRole('button', { name: 'Ver resumen del traspaso' }));
    expect(await within(line).findByText('La cantidad no puede ser mayor a la existencia disponible (10).')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Productos del traspaso');

    await user.clear(within(line).getByRole('textbox', { name: 'Cantidad' }));
    await user.type(within(line).getByRole('textbox', { name: 'Cantidad' }), '4');
    await user.click(screen.getByRole('button', { name: 'Ver resumen del traspaso' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Resumen del traspaso'));
    const summary = screen.getByRole('group', { name: 'Resumen del traspaso' });
    expect(within(summary).getByRole('textbox', { name: 'Total del traspaso' })).toHaveValue(formatCurrency('48'));
    expect(within(summary).getByRole('textbox', { name: 'Almacén de destino' })).toHaveValue('P012 · Plantel 12');

    await user.click(screen.getByRole('button', { name: 'Enviar traspaso' }));
    expect(await screen.findByText('Traspaso 77 enviado')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/transfers')!;
    expect(post.body).toEqual({
      originWarehouseId: 1,
      destinationWarehouseId: 2,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      senderEmployeeId: 1,
      carrier: 'Transportes Rápidos',
      lines: [{ key: expect.any(String), productId: 5, quantity: '4', observations: '' }],
    });
    expect(post.headers).toEqual(expect.objectContaining({ 'Idempotency-Key': expect.any(String) }));

    await user.click(screen.getByRole('button', { name: 'Descargar vale' }));
    await waitFor(() => expect(downloads.saved.map((s) => s.name)).toEqual(['Vale de traspaso - 77.pdf']));
    expect(calls.find((c) => c.download)).toEqual(expect.objectContaining({ method: 'POST', path: '/api/reports/transfers/77' }));
  });
});

describe('Nuevo traspaso — who sends from where, and when', () => {
  // The centre closed September; the plantel closed nothing.
  const closings = [{ id: 1, until: '2026-09-30', status: 'CERRADO', totalValue: '1500.00', products: 3 }];
  const closedSentence = 'El periodo hasta el 30/09/2026 está cerrado; registra el documento con una fecha posterior.';
  const hint = 'El periodo hasta el 30/09/2026 está cerrado.';
  const withClosings = server([], ({ method, path }) => {
    if (method === 'GET' && path === '/api/period-closings?warehouseId=1') return closings;
    if (method === 'GET' && path === '/api/period-closings?warehouseId=2') return [];
    return undefined;
  });

  it('the date is judged against the ORIGIN’s closed months, whichever warehouse is current', async () => {
    const user = userEvent.setup();
    const { calls } = renderAt('/dashboard/dispatches/transfers/new?almacen=P012', withClosings);
    const origin = await screen.findByRole('combobox', { name: 'Almacén de origen' });
    expect(origin).toHaveValue('P012 · Plantel 12');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/period-closings?warehouseId=2')).toBe(true));
    expect(screen.queryByText(hint)).not.toBeInTheDocument();

    await choose(user, 'Almacén de origen', 'CEN · Almacén central');
    expect(await screen.findByText(hint)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Fecha del traspaso/), { target: { value: '2026-09-30' } });
    await choose(user, 'Almacén de destino', 'P013 · Plantel 13');
    await choose(user, 'Quién envía', 'Ana López');
    await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
    expect(await screen.findByText(closedSentence)).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Datos del traspaso');

    fireEvent.change(screen.getByLabelText(/Fecha del traspaso/), { target: { value: '2026-10-01' } });
    await waitFor(() => expect(screen.queryByText(closedSentence)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Productos del traspaso'));
  });

  it('a clerk of the centre alone sends to a plantel that is none of theirs; the summary names it', async () => {
    const user = userEvent.setup();
    // The products asked without a warehouse: with one, the path is the one always asked.
    const clerk = { ...testMeIn([{ ...warehouses[0], roles: ['ALMACENISTA'] }]), activeWarehouses: 3 };
    renderAt(
      '/dashboard/dispatches/transfers/new',
      server([], ({ method, path }) => {
        if (method === 'GET' && path === '/api/catalog/products') return products;
        return undefined;
      }),
      clerk,
    );
    expect(await screen.findByRole('combobox', { name: 'Almacén de origen' })).toHaveValue('CEN · Almacén central');
    await choose(user, 'Almacén de destino', 'P013 · Plantel 13');
    await choose(user, 'Quién envía', 'Ana López');
    await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Productos del traspaso'));
    const line = await addPaperLine(user);
    await user.type(within(line).getByRole('textbox', { name: 'Cantidad' }), '4');
    await user.click(screen.getByRole('button', { name: 'Ver resumen del traspaso' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Resumen del traspaso'));
    const summary = screen.getByRole('group', { name: 'Resumen del traspaso' });
    expect(within(summary).getByRole('textbox', { name: 'Almacén de origen' })).toHaveValue('CEN · Almacén central');
    expect(within(summary).getByRole('textbox', { name: 'Almacén de destino' })).toHaveValue('P013 · Plantel 13');
  });

  it('offers as origin only the warehouses where the person may register exits', async () => {
    const user = userEvent.setup();
    const clerk = testMeIn([
      { ...warehouses[0], roles: ['ALMACENISTA'] },
      { ...warehouses[1], roles: ['CONSULTA'] },
    ]);
    renderAt('/dashboard/dispatches/transfers/new?almacen=CEN', server([]), clerk);
    await user.click(await screen.findByRole('combobox', { name: 'Almacén de origen' }));
    expect(await screen.findByRole('option', { name: 'CEN · Almacén central' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'P012 · Plantel 12' })).not.toBeInTheDocument();
  });

  it('where the person only consults, «Nuevo traspaso» is refused', async () => {
    const clerk = testMeIn([
      { ...warehouses[0], roles: ['ALMACENISTA'] },
      { ...warehouses[1], roles: ['CONSULTA'] },
    ]);
    renderAt('/dashboard/dispatches/transfers/new?almacen=P012', server([]), clerk);
    expect(await screen.findByRole('alert')).toHaveTextContent('No tienes permiso para registrar salidas.');
    expect(screen.queryByRole('combobox', { name: 'Almacén de origen' })).not.toBeInTheDocument();
  });
});

describe('Traspasos por recibir', () => {
  const incoming = aTransfer({ id: 77 });
  const outgoing = aTransfer({ id: 78, originWarehouseId: 2, destinationWarehouseId: 1, originWarehouseName: 'Plantel 12' });

  async function expand(user: User, id: number) {
    const table = await screen.findByRole('table', { name: 'Traspasos en tránsito hacia este almacén' });
    const row = (await within(table).findByText(String(id))).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Expandir fila' }));
    return screen.findByRole('table', { name: `Productos del traspaso ${id}` });
  }

  it('lists only what travels to the current warehouse; «Recibir» shows the lines, asks who receives and refreshes', async () => {
    const user = userEvent.setup();
    const { calls } = renderAt('/dashboard/dispatches/transfers/incoming?almacen=P012', server([incoming, outgoing]));
    const table = await screen.findByRole('table', { name: 'Traspasos en tránsito hacia este almacén' });
    await within(table).findByText('77');
    expect(within(table).queryByText('78')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/transfers?warehouseId=2&status=ENVIADO')).toBe(true);
    await expand(user, 77);

    await user.click(screen.getByRole('button', { name: 'Recibir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Recibir traspaso 77' });
    expect(within(dialog).getByRole('table', { name: 'Productos del traspaso 77' })).toHaveTextContent('Papel bond carta');
    await choose(user, 'Quién recibe', 'Luis Pérez', dialog);
    const listReads = calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/transfers?')).length;
    await user.click(within(dialog).getByRole('button', { name: 'Recibir traspaso' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/transfers/77/reception')?.body).toEqual({ receiverEmployeeId: 2 }),
    );
    expect(await screen.findByText('Traspaso 77 recibido correctamente.')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/transfers?')).length).toBeGreaterThan(listReads),
    );
  });

  it('«Rechazar» asks a reason of 5 to 500 characters', async () => {
    const user = userEvent.setup();
    const { calls } = renderAt('/dashboard/dispatches/transfers/incoming?almacen=P012', server([incoming]));
    await expand(user, 77);
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar traspaso 77' });
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'No');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar traspaso' }));
    expect(await within(dialog).findByText('El motivo debe tener entre 5 y 500 caracteres.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), ' llegó mojado');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar traspaso' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/transfers/77/rejection')?.body).toEqual({
        reason: 'No llegó mojado',
      }),
    );
  });

  it('a Consulta sees the list but neither «Recibir» nor «Rechazar»', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard/dispatches/transfers/incoming?almacen=P012', server([incoming]), ['CONSULTA']);
    await expand(user, 77);
    expect(screen.getByRole('button', { name: 'Vale de traspaso 77' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Recibir' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rechazar' })).not.toBeInTheDocument();
  });
});

describe('Historial de traspasos', () => {
  it('shows sent and received ones with their status; only the origin of one in transit may «Retirar» it', async () => {
    const user = userEvent.setup();
    const list = [
      aTransfer({ id: 77 }),
      aTransfer({ id: 76, status: 'RECIBIDO', receiverName: 'Luis Pérez', settledAt: '2026-03-03T16:00:00Z', settledBy: 'luis' }),
      aTransfer({
        id: 75,
        originWarehouseId: 2,
        destinationWarehouseId: 1,
        originWarehouseName: 'Plantel 12',
        destinationWarehouseName: 'Almacén central',
      }),
    ];
    const { calls } = renderAt('/dashboard/dispatches/transfers/history?almacen=CEN', server(list));
    const table = await screen.findByRole('table', { name: 'Traspasos' });
    const rowOf = async (id: number) => (await within(table).findByText(String(id))).closest('tr')!;
    expect(await rowOf(76)).toHaveTextContent('Recibido');
    expect(await rowOf(77)).toHaveTextContent('En tránsito');
    expect(await rowOf(77)).toHaveTextContent(formatCurrency('48'));

    await user.click(within(await rowOf(75)).getByRole('button', { name: 'Expandir fila' }));
    await screen.findByRole('table', { name: 'Productos del traspaso 75' });
    expect(screen.queryByRole('button', { name: 'Retirar' })).not.toBeInTheDocument();
    await user.click(within(await rowOf(75)).getByRole('button', { name: 'Contraer fila' }));

    await user.click(within(await rowOf(77)).getByRole('button', { name: 'Expandir fila' }));
    await user.click(await screen.findByRole('button', { name: 'Retirar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirar traspaso 77' });
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Se envió al plantel equivocado');
    await user.click(within(dialog).getByRole('button', { name: 'Retirar traspaso' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/transfers/77/withdrawal')?.body).toEqual({
        reason: 'Se envió al plantel equivocado',
      }),
    );
  });
});
