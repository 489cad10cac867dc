// The gate after sign-in: no role → only the reason, who you are and "Cerrar sesión";
// once an administrator grants a role, the next check lets the person in without signing out.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_DISABLED_MESSAGE, ApiError, NO_ACCESS_MESSAGE, type AccessRole } from '@almacen/shared';
import { testMe } from '@almacen/shared/testing';
import { fakeSession, ana, renderShell } from '../testing/render-shell';
import { ACCESS_RECHECK_MS } from './require-access';

// Remotes never answer: these tests are about the shell's own frame.
jest.mock('@module-federation/enhanced/runtime', () =>
  jest.requireActual('../testing/federation-runtime').federationRuntimeDouble(jest.fn(() => new Promise(() => {}))),
);

/** /api/me as it answers now; the test changes `roles` as an administrator would. */
function meWith(initial: AccessRole[]) {
  const state = { roles: initial, calls: 0 };
  return {
    state,
    me: () => {
      state.calls += 1;
      return { ...testMe(state.roles), email: 'ana.nueva@example.com' };
    },
  };
}

describe('access gate', () => {
  afterEach(() => jest.useRealTimers());

  it('shows a person with no role only the reason, their name and e-mail, and "Cerrar sesión"', async () => {
    const user = userEvent.setup();
    const { me } = meWith([]);
    const session = fakeSession(ana);
    const { calls } = renderShell('/dashboard/catalogs/products', session, undefined, { me });
    expect(await screen.findByText(NO_ACCESS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Ana López')).toBeInTheDocument();
    expect(screen.getByText('ana.nueva@example.com')).toBeInTheDocument();
    // Nothing else: no menu, no page, no other request.
    expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Hola/ })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(document.title).toBe('Sin acceso · Almacén');

    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(session.signOut).toHaveBeenCalled();
  });

  it('asks /api/me again every 15 s and lets the person in once a role is granted', async () => {
    jest.useFakeTimers();
    const { me, state } = meWith([]);
    renderShell('/dashboard', fakeSession(ana), undefined, { me });
    expect(await screen.findByText(NO_ACCESS_MESSAGE)).toBeInTheDocument();
    const asked = state.calls;

    await act(async () => {
      jest.advanceTimersByTime(ACCESS_RECHECK_MS);
    });
    expect(state.calls).toBeGreaterThan(asked);
    expect(screen.getByText(NO_ACCESS_MESSAGE)).toBeInTheDocument();

    state.roles = ['CONSULTA'];
    await act(async () => {
      jest.advanceTimersByTime(ACCESS_RECHECK_MS);
    });
    expect(await screen.findByRole('heading', { name: '¡Hola, Ana!' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navegación principal' })).toBeInTheDocument();
    expect(screen.queryByText(NO_ACCESS_MESSAGE)).not.toBeInTheDocument();
  });

  it('asks again when the window gets focus', async () => {
    const { me, state } = meWith([]);
    renderShell('/dashboard', fakeSession(ana), undefined, { me });
    expect(await screen.findByText(NO_ACCESS_MESSAGE)).toBeInTheDocument();
    state.roles = ['ALMACENISTA'];
    fireEvent.focus(window);
    expect(await screen.findByRole('heading', { name: '¡Hola, Ana!' })).toBeInTheDocument();
  });

  it('tells a deactivated account so, in the API’s words, and nothing else loads', async () => {
    const me = () => {
      throw new ApiError(403, ACCOUNT_DISABLED_MESSAGE, { code: 'ACCOUNT_DISABLED' });
    };
    const { calls } = renderShell('/dashboard/stock', fakeSession(ana), undefined, { me });
    expect(await screen.findByText(ACCOUNT_DISABLED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Ana López')).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('once in, /api/me is read again when the window gets focus: a role removed takes its menu entries away', async () => {
    const { me, state } = meWith(['ADMINISTRADOR']);
    renderShell('/dashboard', fakeSession(ana), undefined, { me });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(await within(nav).findByText('Administración')).toBeInTheDocument();
    state.roles = ['CONSULTA'];
    fireEvent.focus(window);
    await waitFor(() => expect(within(nav).queryByText('Administración')).not.toBeInTheDocument());
  });

  it('after a 403 answer /api/me is read again, so the menu follows at that very action', async () => {
    const { me, state } = meWith(['ADMINISTRADOR']);
    renderShell('/dashboard/admin/users', fakeSession(ana), undefined, {
      me,
      handler: (request) => {
        if (request.path === '/api/users') {
          // The role was removed a moment ago: the API refuses.
          state.roles = ['CONSULTA'];
          throw new ApiError(403, 'No tienes permiso para administrar usuarios y sus permisos.');
        }
        return [];
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    await waitFor(() => expect(within(nav).queryByText('Administración')).not.toBeInTheDocument());
    expect(await screen.findByText(/No tienes permiso para administrar usuarios y sus permisos\./)).toBeInTheDocument();
  });
});
