// One request as each person sees it: the head authorizes (lowering a line, never raising it,
// not all at 0) or rejects with a reason; the requester cancels it or confirms the receipt; the
// warehouse closes it or opens «Surtir»; a 409 (someone acted first) is told and the request read
// again; the exits that delivered a line link to the exits' history.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type AccessRole, type RequestDetail } from '@almacen/shared';
import { Route, Routes, useLocation } from '@almacen/shared/router';
import { renderWithPlatform, testMe, type FakeApiRequest } from '@almacen/shared/testing';
import RequestsApp from '../../../app';

jest.setTimeout(60_000);

const line = (id: number, product: string, fields: Partial<RequestDetail['lines'][number]> = {}) => ({
  id,
  lineNo: id - 100,
  productId: id,
  productName: product,
  observations: null,
  requested: '5',
  authorized: null,
  delivered: '0',
  pending: '0',
  closed: '0',
  exits: [],
  ...fields,
});

const sent = (fields: Partial<RequestDetail> = {}): RequestDetail => ({
  id: 42,
  folio: 'SOL-000042',
  status: 'ENVIADA',
  warehouseId: null,
  requester: { employeeId: 2, name: 'Luis Pérez' },
  areaHead: { employeeId: 1, name: 'Ana López' },
  reason: 'Taller de carpintería',
  lineCount: 2,
  createdAt: '2026-11-30T16:00:00.000Z',
  updatedAt: '2026-11-30T16:00:00.000Z',
  createdBy: { sub: 'user-luis', name: 'Luis Pérez' },
  lines: [line(101, 'Papel bond carta'), line(102, 'Tóner negro', { requested: '2' })],
  history: [
    { status: 'ENVIADA', at: '2026-11-30T16:00:00.000Z', by: { sub: 'user-luis', name: 'Luis Pérez' }, reason: null, dispatchId: null },
  ],
  ...fields,
});

function Where() {
  const location = useLocation();
  return <output aria-label="Ruta actual">{location.pathname + location.search}</output>;
}

function renderDetail(as: { roles: AccessRole[]; employeeId: number }, answer: (call: FakeApiRequest) => unknown) {
  return renderWithPlatform(
    <>
      <Routes>
        <Route path="/dashboard/requests/*" element={<RequestsApp />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route: '/dashboard/requests/42', me: { ...testMe(as.roles), employeeId: as.employeeId }, api: answer },
  );
}

const posts = (calls: FakeApiRequest[]) => calls.filter((call) => call.method === 'POST');
const head = { roles: ['SOLICITANTE'] as AccessRole[], employeeId: 1 };
const requester = { roles: ['SOLICITANTE'] as AccessRole[], employeeId: 2 };

test('the head authorizes one line lowered; more than requested, or nothing at all, is refused first', async () => {
  const user = userEvent.setup();
  let request = sent();
  const { calls } = renderDetail(head, (call) => {
    if (call.method === 'POST' && call.path === '/api/requests/42/authorization') {
      request = sent({ status: 'AUTORIZADA' });
      return request;
    }
    return call.path === '/api/requests/42' ? request : undefined;
  });
  expect(await screen.findByRole('heading', { name: 'Solicitud de material SOL-000042' })).toBeInTheDocument();
  expect(screen.getAllByText('Enviada')[0]).toHaveClass('fui-Badge');
  expect(screen.queryByRole('button', { name: 'Cancelar solicitud' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Autorizar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Autorizar solicitud SOL-000042' });
  const paper = within(dialog).getByRole('textbox', { name: /Papel bond carta \(solicitado: 5\)/ });
  const toner = within(dialog).getByRole('textbox', { name: /Tóner negro \(solicitado: 2\)/ });
  expect(paper).toHaveValue('5');

  await user.clear(paper);
  await user.type(paper, '6');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, autorizar' }));
  expect(await within(dialog).findByText('No se puede autorizar más de lo solicitado (5).')).toBeInTheDocument();
  await user.clear(paper);
  await user.type(paper, '0');
  await user.clear(toner);
  await user.type(toner, '0');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, autorizar' }));
  expect(await within(dialog).findByText('Para no autorizar ningún producto, rechaza la solicitud.')).toBeInTheDocument();
  expect(posts(calls)).toHaveLength(0);

  await user.clear(paper);
  await user.type(paper, '3');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, autorizar' }));
  expect(await screen.findByText('Solicitud SOL-000042 autorizada correctamente.')).toBeInTheDocument();
  expect(posts(calls)[0].body).toEqual({
    lines: [
      { lineId: 101, quantity: '3' },
      { lineId: 102, quantity: '0' },
    ],
  });
  expect(posts(calls)[0].headers?.['Idempotency-Key']).toBeTruthy();
  await waitFor(() => expect(screen.getAllByText('Autorizada')[0]).toHaveClass('fui-Badge'));
  expect(screen.queryByRole('button', { name: 'Autorizar' })).not.toBeInTheDocument();
});

test('a rejection that comes second (409) says what happened and reads the request again', async () => {
  const user = userEvent.setup();
  let request = sent();
  const { calls } = renderDetail(head, (call) => {
    if (call.method === 'POST') {
      // The requester cancelled it meanwhile.
      request = sent({ status: 'CANCELADA' });
      throw new ApiError(409, 'La solicitud SOL-000042 fue cancelada; no se puede rechazar.');
    }
    return call.path === '/api/requests/42' ? request : undefined;
  });
  await user.click(await screen.findByRole('button', { name: 'Rechazar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rechazar solicitud SOL-000042' });
  await user.click(within(dialog).getByRole('button', { name: 'Sí, rechazar' }));
  expect(await within(dialog).findByText('El motivo del rechazo es un campo obligatorio.')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: 'Motivo del rechazo' }), 'No hay presupuesto este mes');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, rechazar' }));
  expect(
    await screen.findByText(
      'Algo salió mal mientras tratábamos de rechazar la solicitud de material. La solicitud SOL-000042 fue cancelada; no se puede rechazar.',
    ),
  ).toBeInTheDocument();
  expect(posts(calls)[0].body).toEqual({ reason: 'No hay presupuesto este mes' });
  await waitFor(() => expect(screen.getAllByText('Cancelada')[0]).toHaveClass('fui-Badge'));
  expect(screen.queryByRole('button', { name: 'Rechazar' })).not.toBeInTheDocument();
});

test('the requester cancels while it waits, and nobody else is offered it', async () => {
  const user = userEvent.setup();
  const { calls } = renderDetail(requester, (call) => {
    if (call.method === 'POST') return sent({ status: 'CANCELADA' });
    return call.path === '/api/requests/42' ? sent() : undefined;
  });
  await user.click(await screen.findByRole('button', { name: 'Cancelar solicitud' }));
  expect(screen.queryByRole('button', { name: 'Autorizar' })).not.toBeInTheDocument();
  const dialog = await screen.findByRole('dialog', { name: 'Cancelar solicitud SOL-000042' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Motivo de la cancelación' }), 'Ya no se necesita');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
  expect(await screen.findByText('Solicitud SOL-000042 cancelada correctamente.')).toBeInTheDocument();
  expect(posts(calls).map((call) => call.path)).toEqual(['/api/requests/42/cancellation']);
});

const delivered = () =>
  sent({
    status: 'SURTIDA',
    lines: [
      line(101, 'Papel bond carta', {
        authorized: '3',
        delivered: '3',
        exits: [
          { dispatchId: 31, dispatchDate: '2026-12-01', quantity: '2', cancelled: false },
          { dispatchId: 33, dispatchDate: '2026-12-02', quantity: '1', cancelled: false },
        ],
      }),
      line(102, 'Tóner negro', { requested: '2', authorized: '0' }),
    ],
  });

test('the requester confirms the receipt; each exit links to the exits history', async () => {
  const user = userEvent.setup();
  const { calls } = renderDetail(requester, (call) => {
    if (call.method === 'POST') return { ...delivered(), status: 'RECIBIDA' };
    return call.path === '/api/requests/42' ? delivered() : undefined;
  });
  const lines = await screen.findByRole('table', { name: 'Productos solicitados' });
  expect(within(lines).getByRole('link', { name: 'Salida 31 (2)' })).toHaveAttribute('href', '/dashboard/dispatches/history?documento=31');
  expect(within(lines).getByRole('link', { name: 'Salida 33 (1)' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Confirmar recepción' }));
  await user.click(await screen.findByRole('button', { name: 'Sí, confirmar' }));
  expect(await screen.findByText('Recepción de la solicitud SOL-000042 confirmada correctamente.')).toBeInTheDocument();
  expect(posts(calls).map((call) => call.path)).toEqual(['/api/requests/42/receipt']);
});

test('the warehouse closes what is left or opens «Surtir»; the requester is not offered either', async () => {
  const user = userEvent.setup();
  const partly = () =>
    sent({ status: 'SURTIDA_PARCIAL', lines: [line(101, 'Papel bond carta', { authorized: '3', delivered: '1', pending: '2' })] });
  const { calls } = renderDetail({ roles: ['ALMACENISTA'], employeeId: 3 }, (call) => {
    if (call.method === 'POST') return { ...partly(), status: 'CERRADA' };
    return call.path === '/api/requests/42' ? partly() : undefined;
  });
  await user.click(await screen.findByRole('button', { name: 'Cerrar solicitud' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cerrar solicitud SOL-000042' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Motivo del cierre' }), 'Producto descontinuado');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cerrar' }));
  expect(await screen.findByText('Solicitud SOL-000042 cerrada correctamente.')).toBeInTheDocument();
  expect(posts(calls)[0]).toMatchObject({ path: '/api/requests/42/closure', body: { reason: 'Producto descontinuado' } });
  await user.click(screen.getByRole('button', { name: 'Surtir' }));
  await waitFor(() => expect(screen.getByLabelText('Ruta actual')).toHaveTextContent('/dashboard/dispatches/generate?request=42'));
});
