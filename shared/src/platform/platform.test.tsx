// The hooks a remote uses, inside the same providers the shell gives it.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { renderWithPlatform, type FakeApiRequest } from '../testing';
import { ApiError } from './api-error';
import { actionErrorText } from './error-text';
import { useApi, useCurrentUser, useInvalidate, useRuntimeConfig } from './hooks';
import { useNotify } from './notify';

function Notifier() {
  const notify = useNotify();
  return (
    <>
      <button onClick={() => notify.success('Producto creado')}>ok</button>
      <button
        onClick={() =>
          notify.error(
            undefined,
            actionErrorText('crear el producto solicitado', new ApiError(409, 'Ya existe un registro con esos datos.')),
          )
        }
      >
        falla
      </button>
    </>
  );
}

describe('useNotify', () => {
  it('shows a success toast and an error toast titled "¡Oh no!" with the server message', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<Notifier />);

    await user.click(screen.getByRole('button', { name: 'ok' }));
    expect(await screen.findByText('Producto creado')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'falla' }));
    expect(await screen.findByText('¡Oh no!')).toBeInTheDocument();
    expect(
      screen.getByText('Algo salió mal mientras tratábamos de crear el producto solicitado. Ya existe un registro con esos datos.'),
    ).toBeInTheDocument();
  });
});

function Counter({ path }: { path: string }) {
  const { data } = useSWR<number>(path);
  return <p>{`${path}=${data ?? '…'}`}</p>;
}

function Refresher() {
  const invalidate = useInvalidate();
  return <button onClick={() => void invalidate('/api/stock')}>refrescar</button>;
}

describe('SWR through the platform', () => {
  it('fetches keys with the api client and useInvalidate refreshes only the keys with the prefix', async () => {
    const counts: Record<string, number> = {};
    const user = userEvent.setup();
    renderWithPlatform(
      <>
        <Counter path="/api/stock/1" />
        <Counter path="/api/catalog/products" />
        <Refresher />
      </>,
      {
        api: ({ path }: FakeApiRequest) => {
          counts[path] = (counts[path] ?? 0) + 1;
          return counts[path];
        },
      },
    );

    expect(await screen.findByText('/api/stock/1=1')).toBeInTheDocument();
    expect(await screen.findByText('/api/catalog/products=1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'refrescar' }));
    expect(await screen.findByText('/api/stock/1=2')).toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByText('/api/catalog/products=1')).toBeInTheDocument();
  });
});

function Who() {
  const user = useCurrentUser();
  const config = useRuntimeConfig();
  const api = useApi();
  return <p>{`${user.name} <${user.email}> ${config.institutionName} ${typeof api.download}`}</p>;
}

describe('useCurrentUser / useRuntimeConfig / useApi', () => {
  it('give what the providers hold', async () => {
    renderWithPlatform(<Who />, { user: { name: 'Luis Pérez', email: 'luis@example.com' } });
    await waitFor(() => expect(screen.getByText('Luis Pérez <luis@example.com> Escuela de prueba function')).toBeInTheDocument());
  });
});
