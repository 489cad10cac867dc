// "Cierres de periodo" in jsdom: the list, the confirmation with the stock value and
// the late registrations before closing, the POST with its Idempotency-Key, reopening the last
// closing with a reason, and a Consulta user who sees the closings but no button to change them.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@almacen/shared/router';
import { captureDownloads, testMe, renderWithPlatform, type FakeApiRequest } from '@almacen/shared/testing';
import StockApp from '../../../app';
import pages from '../../../pages';

jest.setTimeout(60_000);
const captured = captureDownloads();

const closing = (until: string, status: 'CERRADO' | 'REABIERTO' = 'CERRADO') => ({
  id: Number(until.slice(5, 7)),
  until,
  totalValue: '48000.50',
  products: 3,
  closedAt: '2026-10-02T16:00:00.000Z',
  closedBy: { sub: 'user-rosa', name: 'Rosa Méndez' },
  status,
  reopening:
    status === 'REABIERTO'
      ? { reason: 'Factura recibida tarde', reopenedAt: '2026-10-03T16:00:00.000Z', reopenedBy: { sub: 'user-rosa', name: 'Rosa Méndez' } }
      : null,
});

function renderClosings(roles?: Parameters<typeof testMe>[0]) {
  const posts: FakeApiRequest[] = [];
  let list = [closing('2026-09-30'), closing('2026-08-31')];
  const view = renderWithPlatform(
    <Routes>
      <Route path="/dashboard/stock/*" element={<StockApp />} />
    </Routes>,
    {
      route: '/dashboard/stock/closings',
      ...(roles ? { me: testMe(roles) } : {}),
      api: (request: FakeApiRequest) => {
        if (request.download) {
          posts.push(request);
          return { blob: new Blob(['%PDF-1.7']), fileName: 'stock' };
        }
        if (request.method === 'POST') {
          posts.push(request);
          if (request.path === '/api/period-closings') {
            list = [closing('2026-10-31'), ...list];
            return list[0];
          }
          // A reopening: the closing comes back reopened with the reason as sent.
          const until = /\/api\/period-closings\/([0-9-]+)\/reopening$/.exec(request.path)?.[1];
          const reason = (request.body as { reason: string }).reason;
          list = list.map((c) => {
            if (c.until !== until) return c;
            const reopened = closing(c.until, 'REABIERTO');
            return { ...reopened, reopening: { ...reopened.reopening!, reason } };
          });
          return list.find((c) => c.until === until);
        }
        if (request.path === '/api/period-closings') return list;
        if (request.path === '/api/period-closings/next') {
          return {
            until: '2026-10-31',
            closable: true,
            message: null,
            totalValue: '51234.56',
            products: 4,
            lateDocuments: [
              {
                movementType: 'INVOICE',
                documentId: 7,
                documentDate: '2026-10-30',
                invoiceNumber: 'A-77',
                registeredAt: '2026-11-03T17:00:00.000Z',
              },
            ],
          };
        }
        return undefined;
      },
    },
  );
  return { ...view, posts };
}

test('the menu declares the page with permission consult', () => {
  expect(pages.menu).toContainEqual(
    expect.objectContaining({ label: 'Cierres de periodo', path: '/dashboard/stock/closings', permission: 'consult' }),
  );
});

test('lists the closings and closes the next month after a confirmation that shows its value and the late registrations', async () => {
  const user = userEvent.setup({ delay: null });
  const { posts } = renderClosings();
  expect(screen.getByRole('heading', { level: 1, name: 'Cierres de periodo' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Cierres' });
  expect(within(table).getByText('30/09/2026')).toBeInTheDocument();
  expect(within(table).getAllByText('$48,000.50')).toHaveLength(2);

  await user.click(await screen.findByRole('button', { name: 'Cerrar periodo hasta 31/10/2026' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByText('$51,234.56')).toBeInTheDocument();
  const late = within(dialog).getByRole('list', { name: 'Registros tardíos' });
  expect(late).toHaveTextContent('Entrada factura A-77 del 30/10/2026, registrada el 03/11/2026');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cerrar el periodo' }));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]).toMatchObject({ method: 'POST', path: '/api/period-closings', body: { until: '2026-10-31' } });
  expect(posts[0].headers?.['idempotency-key']).toEqual(expect.any(String));
  expect(await screen.findByText('Periodo hasta el 31/10/2026 cerrado correctamente.')).toBeInTheDocument();
  expect(await within(table).findByText('31/10/2026')).toBeInTheDocument();
});

test('only the last closing offers "Reabrir", which asks a reason (on one line or several)', async () => {
  const user = userEvent.setup({ delay: null });
  const { posts } = renderClosings();
  await screen.findByRole('table', { name: 'Cierres' });
  const reopen = await screen.findAllByRole('button', { name: 'Reabrir' });
  expect(reopen).toHaveLength(1);
  const row = reopen[0].closest('tr')!;
  expect(within(row).getByText('30/09/2026')).toBeInTheDocument();
  await user.click(reopen[0]);
  const dialog = await screen.findByRole('dialog');
  // too short: the reopening's own words, before anything is sent
  await user.type(within(dialog).getByRole('textbox'), 'abc');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
  expect(
    await within(dialog).findByText('El motivo de la reapertura es obligatorio y debe tener entre 5 y 500 caracteres.'),
  ).toBeInTheDocument();
  expect(posts).toHaveLength(0);
  // a tab pasted from a spreadsheet is not a line break: said before sending, as the API would
  await user.clear(within(dialog).getByRole('textbox'));
  await user.click(within(dialog).getByRole('textbox'));
  await user.paste('Factura\trecibida tarde');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
  expect(
    await within(dialog).findByText('El motivo contiene caracteres de control no permitidos; solo se admiten saltos de línea.'),
  ).toBeInTheDocument();
  expect(posts).toHaveLength(0);
  // a reason on two lines is a reason (the API judges it by the same schema)
  await user.clear(within(dialog).getByRole('textbox'));
  await user.type(within(dialog).getByRole('textbox'), 'Factura recibida{Enter}tarde');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]).toMatchObject({ path: '/api/period-closings/2026-09-30/reopening', body: { reason: 'Factura recibida\ntarde' } });
  // The row shows the reason with its line break kept (pre-wrap), as the auditor wrote it.
  const reason = await screen.findByText((_, element) => element?.tagName === 'SPAN' && element.textContent === 'Factura recibida\ntarde');
  expect(getComputedStyle(reason).whiteSpace).toBe('pre-wrap');
});

test('Consulta sees the closings and downloads their reports, but has no button to close or reopen', async () => {
  const user = userEvent.setup({ delay: null });
  const { posts } = renderClosings(['CONSULTA']);
  await screen.findByRole('table', { name: 'Cierres' });
  expect(screen.getAllByRole('button', { name: /^Reporte de existencias al \d\d\/\d\d\/\d{4}$/ })).toHaveLength(2);
  await user.click(screen.getByRole('button', { name: 'Reporte de existencias al 30/09/2026' }));
  await waitFor(() => expect(captured.saved).toHaveLength(1));
  expect(posts.map((p) => p.path)).toEqual(['/api/reports/stock?date=2026-09-30']);
  expect(captured.saved[0].name).toMatch(/^Reporte de existencias al 2026-09-30 - \d{4}-\d\d-\d\d\.pdf$/);
  // the same report as a spreadsheet, from the button's menu
  await user.click(screen.getByRole('button', { name: 'Reporte de existencias al 30/09/2026: elegir formato' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
  await waitFor(() => expect(captured.saved).toHaveLength(2));
  expect(posts[1]).toMatchObject({ path: '/api/reports/stock?date=2026-09-30', query: { format: 'xlsx' } });
  expect(screen.queryByRole('button', { name: /^Cerrar periodo/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reabrir' })).not.toBeInTheDocument();
});
