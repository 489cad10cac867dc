// The guard of /dashboard: spinner while resolving, "/" when signed out, /dashboard when signed in.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ana, fakeSession, renderShell } from '../testing/render-shell';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/federation-runtime').federationRuntimeDouble());

describe('route guard', () => {
  it('shows a spinner while the sign-in status is resolving', () => {
    renderShell('/dashboard/stock', fakeSession('pending'));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByText('Verificando tu sesión…')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('sends a visitor who is not signed in to the sign-in page', async () => {
    renderShell('/dashboard/catalogs/products', fakeSession(null));
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.queryByText('Notas de lanzamiento')).not.toBeInTheDocument();
  });

  it('"Iniciar sesión" starts the provider login, returning to /dashboard', async () => {
    const session = fakeSession(null);
    renderShell('/', session);
    await userEvent.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));
    expect(session.signIn).toHaveBeenCalledWith('/dashboard');
  });

  it('sends a signed-in visitor of "/" to /dashboard, with the release notes', async () => {
    renderShell('/', fakeSession(ana));
    expect(await screen.findByText('Notas de lanzamiento')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
    for (const version of ['V1.0.0', 'V0.0.9', 'V0.0.8']) expect(screen.getByText(version)).toBeInTheDocument();
    expect(screen.getByText(/reporte de existencias actual/)).toBeInTheDocument();
  });

  it('/auth/callback finishes the sign-in and lands where the user was going', async () => {
    const session = fakeSession(null);
    let signedIn = false;
    session.getUser = jest.fn(async () => (signedIn ? ana : null));
    session.completeSignIn = jest.fn(async () => {
      signedIn = true;
      return '/dashboard';
    });
    renderShell('/auth/callback', session);
    expect(await screen.findByText('Notas de lanzamiento')).toBeInTheDocument();
    expect(session.completeSignIn).toHaveBeenCalledTimes(1);
  });

  it('/auth/callback explains a failed sign-in in Spanish', async () => {
    const session = fakeSession(null);
    session.completeSignIn = jest.fn(async () => {
      throw new Error('invalid_grant');
    });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderShell('/auth/callback', session);
    expect(await screen.findByText('No pudimos completar el inicio de sesión. Vuelve a intentarlo.')).toBeInTheDocument();
  });
});
