// The lists: one's own requests (the folio opens the request), «Por surtir» with «Surtir» (the
// exit wizard filled in from that request), and the history filtered by state.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestSummary } from '@almacen/shared';
import { Route, Routes, useLocation } from '@almacen/shared/router';
import { renderWithPlatform, testMe, type FakeApiRequest } from '@almacen/shared/testing';
import RequestsApp from '../../../app';

jest.setTimeout(60_000);

const summary = (id: number, fields: Partial<RequestSummary> = {}): RequestSummary => ({
  id,
  folio: `SOL-${String(id).padStart(6, '0')}`,
  status: 'ENVIADA',
  warehouseId: null,
  requester: { employeeId: 2, name: 'Luis Pérez' },
  areaHead: { employeeId: 1, name: 'Ana López' },
  reason: 'Taller',
  lineCount: 2,
  createdAt: '2026-11-30T16:00:00.000Z',
  updatedAt: '2026-11-30T16:00:00.000Z',
  ...fields,
});

function Where() {
  const location = useLocation();
  return <output aria-label="Ruta actual">{location.pathname + location.search}</output>;
}

function renderList(route: string, roles: Parameters<typeof testMe>[0], lists: (call: FakeApiRequest) => unknown) {
  return renderWithPlatform(
    <>
      <Routes>
        <Route path="/dashboard/requests/*" element={<RequestsApp />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route, me: testMe(roles), api: lists },
  );
}

test('«Mis solicitudes»: folio, state, head and products; the folio opens the request; «Nueva solicitud»', async () => {
  const user = userEvent.setup();
  renderList('/dashboard/requests', ['SOLICITANTE'], (call) =>
    call.path === '/api/requests?view=mine' ? [summary(3, { status: 'AUTORIZADA' }), summary(1)] : undefined,
  );
  const table = await screen.findByRole('table', { name: 'Mis solicitudes' });
  const rows = await within(table).findAllByRole('row');
  expect(rows[1]).toHaveTextContent('SOL-000003');
  expect(rows[1]).toHaveTextContent('Autorizada');
  expect(rows[1]).toHaveTextContent('Ana López');
  expect(screen.queryByRole('columnheader', { name: /Solicitante/ })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Nueva solicitud' })).toBeInTheDocument();
  await user.click(within(table).getByRole('link', { name: 'SOL-000001' }));
  await waitFor(() => expect(screen.getByLabelText('Ruta actual')).toHaveTextContent(/^\/dashboard\/requests\/1$/));
});

test('«Por surtir»: oldest first, and «Surtir» opens the exit wizard with the request', async () => {
  const user = userEvent.setup();
  renderList('/dashboard/requests/to-fulfil', ['ALMACENISTA'], (call) =>
    call.path === '/api/requests?view=to-fulfil'
      ? [summary(4, { status: 'AUTORIZADA', createdAt: '2026-12-01T10:00:00.000Z' }), summary(2, { status: 'SURTIDA_PARCIAL' })]
      : undefined,
  );
  const table = await screen.findByRole('table', { name: 'Por surtir' });
  const rows = await within(table).findAllByRole('row');
  expect(rows[1]).toHaveTextContent('SOL-000002');
  expect(rows[1]).toHaveTextContent('Surtida parcialmente');
  await user.click(within(rows[1]).getByRole('button', { name: 'Surtir' }));
  await waitFor(() => expect(screen.getByLabelText('Ruta actual')).toHaveTextContent('/dashboard/dispatches/generate?request=2'));
});

test('«Historial de solicitudes» asks the API for the state chosen', async () => {
  const user = userEvent.setup();
  const { calls } = renderList('/dashboard/requests/history', ['CONSULTA'], (call) => {
    if (call.path === '/api/requests?view=all') return [summary(1), summary(2, { status: 'RECHAZADA' })];
    if (call.path === '/api/requests?view=all&status=RECHAZADA') return [summary(2, { status: 'RECHAZADA' })];
    return undefined;
  });
  const table = await screen.findByRole('table', { name: 'Historial de solicitudes' });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  await user.click(screen.getByRole('combobox', { name: 'Estado' }));
  await user.click(await screen.findByRole('option', { name: 'Rechazada' }));
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  expect(calls.map((call) => call.path)).toContain('/api/requests?view=all&status=RECHAZADA');
  // Consulta reads every request but asks for none.
  expect(screen.queryByRole('button', { name: 'Nueva solicitud' })).not.toBeInTheDocument();
});
