// «Surtir» of a material request opens the exit wizard with `?request=`: the exit starts filled
// in from the request (today, its head and requester, the clerk, each pending line capped by the
// stock, at the average price) and is saved with the request and its lines, then the request opens.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useStock, type Employee, type RequestDetail, type Stock } from '@almacen/shared';
import { todayIn } from '@almacen/shared/domain';
import { Route, Routes, useLocation } from '@almacen/shared/router';
import { aProduct, testMe, renderWithPlatform, type FakeApiRequest } from '@almacen/shared/testing';
import { DispatchWizard } from './dispatch-wizard';

jest.setTimeout(60_000);

const employees: Employee[] = [
  { id: 1, name: 'Ana', lastName: 'López', email: null },
  { id: 2, name: 'Luis', lastName: 'Pérez', email: null },
  { id: 3, name: 'Marta', lastName: 'Ruiz', email: null },
];
const products = [
  { id: 5, name: 'Papel bond carta' },
  { id: 7, name: 'Tóner negro' },
  { id: 9, name: 'Cinta adhesiva' },
].map(aProduct);
const stock: Record<number, Stock> = {
  5: { availableQuantity: '4', averagePrice: '15.5' },
  7: { availableQuantity: '200', averagePrice: '10.123456' },
};

const line = (id: number, productId: number, productName: string, pending: string, delivered = '0') => ({
  id,
  lineNo: id - 100,
  productId,
  productName,
  observations: null,
  requested: '10',
  authorized: '10',
  delivered,
  pending,
  closed: '0',
  exits: [],
});

const request: RequestDetail = {
  id: 42,
  folio: 'SOL-000042',
  status: 'SURTIDA_PARCIAL',
  warehouseId: null,
  requester: { employeeId: 2, name: 'Luis Pérez' },
  areaHead: { employeeId: 1, name: 'Ana López' },
  reason: 'Taller de carpintería',
  lineCount: 3,
  createdAt: '2026-11-30T16:00:00.000Z',
  updatedAt: '2026-12-01T16:00:00.000Z',
  createdBy: { sub: 'user-luis', name: 'Luis Pérez' },
  // Papel: 6 pending, 4 in stock; tóner: 3 pending; cinta: all delivered already.
  lines: [line(101, 5, 'Papel bond carta', '6'), line(102, 7, 'Tóner negro', '3'), line(103, 9, 'Cinta adhesiva', '0', '10')],
  history: [],
};

/** The stock already read by another screen (a second exit of the same request): in the cache before the wizard. */
function OtherScreens() {
  useStock(5);
  useStock(7);
  return null;
}

function Where() {
  return <output aria-label="Ruta actual">{useLocation().pathname}</output>;
}

function renderFromRequest() {
  return renderWithPlatform(
    <>
      <Routes>
        <Route path="/dashboard/dispatches/:page" element={<DispatchWizard />} />
      </Routes>
      <Where />
      <OtherScreens />
    </>,
    {
      route: '/dashboard/dispatches/generate?request=42',
      me: { ...testMe(['ALMACENISTA']), employeeId: 3 },
      api: (call: FakeApiRequest) => {
        // The request comes after the stock, as when another screen read the stock before.
        if (call.method === 'GET' && call.path === '/api/requests/42')
          return new Promise((resolve) => setTimeout(() => resolve(request), 300));
        if (call.method === 'GET' && call.path === '/api/catalog/employees') return employees;
        if (call.method === 'GET' && call.path === '/api/catalog/products') return products;
        if (call.method === 'GET' && call.path === '/api/dispatches/defaults') return null;
        const stockOf = /^\/api\/stock\/(\d+)$/.exec(call.path);
        if (call.method === 'GET' && stockOf) return stock[Number(stockOf[1])];
        if (call.method === 'POST' && call.path === '/api/dispatches') return { id: 77, dispatchDate: todayIn('America/Mexico_City') };
        return undefined;
      },
    },
  );
}

afterEach(() => sessionStorage.clear());

test('fills the exit from the request, caps each line by the stock, and sends the request and its lines', async () => {
  const user = userEvent.setup();
  const { calls } = renderFromRequest();
  expect(await screen.findByText('Surte la solicitud de material SOL-000042 de Luis Pérez.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Responsable del área solicitante' })).toHaveValue('Ana López'));
  expect(screen.getByRole('combobox', { name: 'Solicitante' })).toHaveValue('Luis Pérez');
  expect(screen.getByRole('combobox', { name: 'Almacenista' })).toHaveValue('Marta Ruiz');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));

  // Only what is pending, the paper lowered to the 4 in stock, the toner at its 3 pending.
  const rows = await screen.findAllByRole('group', { name: /^Producto \d+$/ });
  expect(rows).toHaveLength(2);
  await waitFor(() => expect(within(rows[0]).getByRole('textbox', { name: 'Cantidad' })).toHaveValue('4'));
  expect(within(rows[1]).getByRole('textbox', { name: 'Cantidad' })).toHaveValue('3');
  await waitFor(() => expect(within(rows[1]).getByRole('textbox', { name: 'Precio de salida' })).toHaveValue('$10.123'));
  // The clerk gives less toner than pending.
  await user.clear(within(rows[1]).getByRole('textbox', { name: 'Cantidad' }));
  await user.type(within(rows[1]).getByRole('textbox', { name: 'Cantidad' }), '2');

  await user.click(screen.getByRole('button', { name: 'Ver resumen de salida' }));
  await user.click(await screen.findByRole('button', { name: 'Guardar salida' }));
  await waitFor(() => expect(screen.getByLabelText('Ruta actual')).toHaveTextContent('/dashboard/requests/42'));
  const post = calls.find((call) => call.method === 'POST');
  expect(post?.body).toMatchObject({
    requestId: 42,
    personInChargeOfTheRequestingAreaEmployeeId: 1,
    petitionerEmployeeId: 2,
    warehouseKeeperEmployeeId: 3,
    products: [
      { productId: 5, quantity: '4', exitPrice: '15.5', requestLineId: 101 },
      { productId: 7, quantity: '2', exitPrice: '10.123', requestLineId: 102 },
    ],
  });
  expect(post?.headers?.['Idempotency-Key']).toBeTruthy();
  // The request's figures and the menu's counts are read again.
  await waitFor(() => expect(calls.filter((call) => call.path === '/api/requests/42').length).toBeGreaterThan(1));
});
