import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { ApiError } from '../../platform/api-error';
import { renderWithPlatform, type FakeApiRequest } from '../../testing';
import { useAction } from './use-action';

function Probe({ perform }: { perform: () => Promise<unknown> }) {
  const { data } = useSWR<string>('/api/catalog/products');
  const other = useSWR<string>('/api/catalog/suppliers');
  const action = useAction(perform, { errorText: 'crear el producto solicitado.', invalidate: ['/api/catalog/products'] });
  return (
    <>
      <p>Lista: {data}</p>
      <p>Otra: {other.data}</p>
      <p>{action.running ? 'Guardando' : 'Listo'}</p>
      <button onClick={() => void action.run()}>Crear</button>
    </>
  );
}

describe('useAction', () => {
  it('refreshes the keys under the given prefixes after success, and only those', async () => {
    const user = userEvent.setup();
    let version = 0;
    const { calls } = renderWithPlatform(
      <Probe
        perform={async () => {
          version += 1;
        }}
      />,
      {
        api: ({ path }: FakeApiRequest) => `${path} v${version}`,
      },
    );
    await screen.findByText('Lista: /api/catalog/products v0');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Lista: /api/catalog/products v1')).toBeInTheDocument();
    expect(screen.getByText('Otra: /api/catalog/suppliers v0')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/catalog/suppliers')).toHaveLength(1);
  });

  it('shows an HTTP failure with the server message, and keeps other errors out of sight', async () => {
    const user = userEvent.setup();
    const failures: unknown[] = [new ApiError(409, 'Ya existe un registro con esos datos.'), new TypeError('x is undefined')];
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithPlatform(<Probe perform={() => Promise.reject(failures.shift())} />, { api: () => 'ok' });
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(
      await screen.findByText('Algo salió mal mientras tratábamos de crear el producto solicitado. Ya existe un registro con esos datos.'),
    ).toBeInTheDocument();
    expect(screen.getByText('¡Oh no!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Listo')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.any(TypeError)));
    expect(screen.getAllByText('¡Oh no!')).toHaveLength(1);
    logged.mockRestore();
  });
});
