// «Nueva solicitud»: the head and the reason, the products with what the warehouse has of each
// (never a price), the API schema's messages, the summary, and the request sent once with its
// Idempotency-Key; then the new request's page.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestChoices } from '@almacen/shared';
import { Route, Routes, useLocation } from '@almacen/shared/router';
import { renderWithPlatform, testMe, type FakeApiRequest } from '@almacen/shared/testing';
import RequestsApp from '../../../app';

jest.setTimeout(60_000);

const choices: RequestChoices = {
  products: [
    { id: 5, name: 'Papel bond carta', unit: 'Paquete', barcode: null, availableQuantity: '12.5' },
    { id: 7, name: 'Tóner negro', unit: null, barcode: null, availableQuantity: '0' },
  ],
  areaHeads: [
    { employeeId: 1, name: 'Ana López' },
    { employeeId: 3, name: 'Marta Ruiz' },
  ],
};

function Where() {
  return <output aria-label="Ruta actual">{useLocation().pathname}</output>;
}

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, label: string, option: string, scope: HTMLElement = document.body) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const currentStep = () => screen.getByRole('listitem', { current: 'step' });

afterEach(() => sessionStorage.clear());

test('asks for the head, the reason and the products, and sends the request once', async () => {
  const user = userEvent.setup();
  const posts: FakeApiRequest[] = [];
  renderWithPlatform(
    <>
      <Routes>
        <Route path="/dashboard/requests/*" element={<RequestsApp />} />
      </Routes>
      <Where />
    </>,
    {
      route: '/dashboard/requests/new',
      me: testMe(['SOLICITANTE']),
      api: (call: FakeApiRequest) => {
        if (call.path === '/api/requests/choices') return choices;
        if (call.method === 'POST' && call.path === '/api/requests') {
          posts.push(call);
          return { id: 12, folio: 'SOL-000012' };
        }
        return undefined;
      },
    },
  );
  // Nothing chosen: the API schema's messages.
  await user.click(await screen.findByRole('button', { name: 'Siguiente paso' }));
  expect(await screen.findByText('Selecciona al responsable del área solicitante.')).toBeInTheDocument();
  expect(screen.getByText('El motivo de la solicitud es un campo obligatorio.')).toBeInTheDocument();
  await choose(user, 'Responsable del área solicitante', 'Marta Ruiz');
  await user.type(screen.getByRole('textbox', { name: 'Motivo de la solicitud' }), 'Práctica de soldadura del grupo B');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  await waitFor(() => expect(currentStep()).toHaveTextContent('Lista de productos'));

  // No product yet: the wizard's notice.
  await user.click(screen.getByRole('button', { name: 'Ver resumen de la solicitud' }));
  expect(await screen.findByText('La solicitud debe contener por lo menos un producto.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
  const row = screen.getByRole('group', { name: 'Producto 1' });
  await choose(user, 'Producto', 'Papel bond carta', row);
  expect(within(row).getByText('Disponible en almacén: 12.5 Paquete')).toBeInTheDocument();
  expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Ver resumen de la solicitud' }));
  expect(await within(row).findByText('La cantidad solicitada debe ser mayor a 0.')).toBeInTheDocument();
  await user.type(within(row).getByRole('textbox', { name: 'Cantidad' }), '3');
  await user.type(within(row).getByRole('textbox', { name: 'Observaciones' }), 'Tamaño carta');
  await user.click(screen.getByRole('button', { name: 'Ver resumen de la solicitud' }));
  await waitFor(() => expect(currentStep()).toHaveTextContent('Resumen de la solicitud'));
  const summary = screen.getByRole('group', { name: 'Resumen de la solicitud' });
  expect(within(summary).getByLabelText('Responsable del área solicitante')).toHaveValue('Marta Ruiz');
  expect(within(summary).getByRole('table', { name: 'Productos de la solicitud' })).toHaveTextContent('Papel bond carta');

  await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
  await waitFor(() => expect(screen.getByLabelText('Ruta actual')).toHaveTextContent('/dashboard/requests/12'));
  expect(await screen.findByText('Solicitud SOL-000012 enviada correctamente.')).toBeInTheDocument();
  expect(posts).toHaveLength(1);
  expect(posts[0].body).toEqual({
    areaHeadEmployeeId: 3,
    reason: 'Práctica de soldadura del grupo B',
    lines: [{ productId: 5, quantity: '3', observations: 'Tamaño carta' }],
  });
  expect(posts[0].headers?.['Idempotency-Key']).toBeTruthy();
});
