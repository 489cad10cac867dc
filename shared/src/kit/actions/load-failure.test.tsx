// One way a load fails in a panel (LoadProblem, from a read hook's answer): nothing shown yet → the
// "¡Oh no!" toast and "Reintentar" in place; data shown and a refresh failed → the data stays with
// a notice and no toast; no error → nothing.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '../../testing';
import { LoadProblem, tableLoadError } from './load-failure';

const what = 'obtener el conteo de inventario.';

function Panel({ resource }: { resource: { data?: string; error?: unknown; mutate: () => unknown } }) {
  return (
    <div>
      <LoadProblem resource={resource} what={what} text="No fue posible consultar el conteo de inventario." />
      {resource.data && <p>{resource.data}</p>}
    </div>
  );
}

test('a first load that fails: the toast with the spec message, the place says what is missing and retries', async () => {
  const user = userEvent.setup();
  const mutate = jest.fn();
  // The failure arrives after the first render, as a failed fetch does.
  const { rerender } = renderWithPlatform(<Panel resource={{ mutate }} />);
  rerender(<Panel resource={{ error: new Error('red'), mutate }} />);
  expect(await screen.findByText('¡Oh no!')).toBeInTheDocument();
  expect(screen.getByText('Algo salió mal mientras tratábamos de obtener el conteo de inventario.')).toBeInTheDocument();
  expect(screen.getByText('No fue posible consultar el conteo de inventario.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(mutate).toHaveBeenCalledTimes(1);
});

test('a refresh that fails with data on screen: the data stays, a notice says so, no toast', async () => {
  const user = userEvent.setup();
  const mutate = jest.fn();
  renderWithPlatform(<Panel resource={{ data: 'Conteo semestral', error: new Error('red'), mutate }} />);
  expect(screen.getByText('Conteo semestral')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('No fue posible actualizar los datos; se muestran los últimos que se recibieron.');
  expect(screen.queryByText('¡Oh no!')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(mutate).toHaveBeenCalledTimes(1);
});

test('no error: nothing but the data', () => {
  renderWithPlatform(<Panel resource={{ data: 'Conteo semestral', mutate: jest.fn() }} />);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
});

test("tableLoadError: the DataTable's error from a read hook, with the spec ending and a retry", () => {
  const mutate = jest.fn();
  expect(tableLoadError({ mutate }, 'obtener las salidas.')).toBeUndefined();
  const error = tableLoadError({ error: new Error('red'), mutate }, 'obtener las salidas.');
  expect(error?.text).toBe('Algo salió mal mientras tratábamos de obtener las salidas.');
  error?.onRetry();
  expect(mutate).toHaveBeenCalledTimes(1);
});
