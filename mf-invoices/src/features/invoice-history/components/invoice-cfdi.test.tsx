import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@almacen/shared';
import type { Invoice } from '@almacen/shared/domain';
import { Route, Routes } from '@almacen/shared/router';
import { anInvoice, captureDownloads, type FakeApiRequest, renderWithPlatform, testMe } from '@almacen/shared/testing';
import InvoicesApp from '../../../app';

// An entry saved with its CFDI shows the UUID and "Descargar XML" in the history.
const UUID = '5B3F2C1A-8D4E-4F6A-9B7C-1E2D3F4A5B6C';
const invoices: Invoice[] = [
  anInvoice({ id: 4, invoiceNumber: 'F-0099', invoiceType: 'DONATIVO', invoiceDate: '2026-01-31', cfdiUuid: null }),
  anInvoice({ id: 5, invoiceNumber: 'A1029', invoiceType: 'COMPRA_DIRECTA', invoiceDate: '2026-11-20', cfdiUuid: UUID }),
];

jest.setTimeout(30_000);
const captured = captureDownloads();

function renderHistory(role: 'CONSULTA' | null = null, cfdiGone = false) {
  const requests: FakeApiRequest[] = [];
  const xml = new Blob(['<cfdi:Comprobante/>'], { type: 'application/xml' });
  renderWithPlatform(
    <Routes>
      <Route path="/dashboard/invoices/*" element={<InvoicesApp />} />
    </Routes>,
    {
      route: '/dashboard/invoices/history',
      ...(role ? { me: testMe([role]) } : {}),
      api: (request: FakeApiRequest) => {
        requests.push(request);
        const { method, path } = request;
        if (method === 'GET' && path === '/api/invoices') return invoices;
        if (method === 'GET' && path.startsWith('/api/movements/invoices/')) return [];
        if (method === 'GET' && path === '/api/invoices/5/cfdi') {
          if (cfdiGone) throw new ApiError(404, 'La entrada no tiene un CFDI guardado.', { code: 'NOT_FOUND' });
          return { blob: xml, fileName: `${UUID}.xml` };
        }
        return undefined;
      },
    },
  );
  return { requests, xml };
}

async function expand(user: ReturnType<typeof userEvent.setup>, invoiceNumber: string, id: number) {
  const line = (await screen.findByText(invoiceNumber)).closest('tr')!;
  await user.click(within(line).getByRole('button', { name: 'Expandir fila' }));
  await screen.findByRole('table', { name: `Movimientos de la entrada ${id}` });
}

test.each([[null], ['CONSULTA' as const]])(
  'the entry shows its CFDI UUID and «Descargar XML» saves the stored file (role %s)',
  async (role) => {
    const user = userEvent.setup();
    const { requests, xml } = renderHistory(role);
    await expand(user, 'A1029', 5);
    expect(screen.getByText(`UUID del CFDI: ${UUID}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descargar XML' }));
    await waitFor(() => expect(captured.saved).toHaveLength(1));
    expect(captured.saved[0].name).toBe(`${UUID}.xml`);
    expect(captured.files).toEqual([xml]);
    expect(requests.filter((r) => r.path === '/api/invoices/5/cfdi')).toEqual([expect.objectContaining({ method: 'GET', download: true })]);
  },
);

test('an entry without CFDI offers no «Descargar XML»', async () => {
  const user = userEvent.setup();
  renderHistory();
  await expand(user, 'F-0099', 4);
  expect(screen.queryByRole('button', { name: 'Descargar XML' })).not.toBeInTheDocument();
  expect(screen.queryByText(/UUID del CFDI/)).not.toBeInTheDocument();
});

test("a download that fails says so with the server's words, saves nothing, and the button is usable again", async () => {
  const user = userEvent.setup();
  renderHistory(null, true);
  await expand(user, 'A1029', 5);
  await user.click(screen.getByRole('button', { name: 'Descargar XML' }));
  expect(
    await screen.findByText(/Algo salió mal mientras tratábamos de descargar el XML del CFDI.*La entrada no tiene un CFDI guardado\./),
  ).toBeInTheDocument();
  expect(captured.saved).toEqual([]);
  expect(screen.getByRole('button', { name: 'Descargar XML' })).toBeEnabled();
});
