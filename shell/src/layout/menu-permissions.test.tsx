// The menu shows each person what they may use — in the current warehouse, where a role may hold
// in one warehouse only; a page they may not use, reached by its address, says which permission
// is missing instead of loading.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemotePages } from '@almacen/shared/pages';
import { testMe, testMeIn } from '@almacen/shared/testing';
import { onAPhone } from '../testing/phone';
import { remotePages } from '../testing/remote-pages';
import { fakeSession, ana, renderShell } from '../testing/render-shell';

// Remotes never answer: these tests are about the shell's own frame.
jest.mock('@module-federation/enhanced/runtime', () =>
  jest.requireActual('../testing/federation-runtime').federationRuntimeDouble(jest.fn(() => new Promise(() => {}))),
);

// The remotes' menus with the permissions their pages need.
const needs: Record<string, string> = {
  '/dashboard/invoices/generate': 'invoices.create',
  '/dashboard/dispatches/generate': 'dispatches.create',
};
const pages: Record<string, RemotePages> = Object.fromEntries(
  Object.entries(remotePages).map(([name, remote]) => [
    name,
    {
      ...remote,
      menu: remote.menu.map((entry) => (entry.path && needs[entry.path] ? { ...entry, permission: needs[entry.path] } : entry)),
    },
  ]),
);

async function openGroup(user: ReturnType<typeof userEvent.setup>, nav: HTMLElement, group: string) {
  await user.click(within(nav).getByRole('button', { name: group }));
}

describe('menu by permission', () => {
  it('a Consulta user sees the histories but neither the wizards nor Administración', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard', fakeSession(ana), pages, { me: testMe(['CONSULTA']) });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    await openGroup(user, nav, 'Entradas');
    await openGroup(user, nav, 'Salidas');
    expect(within(nav).getByRole('link', { name: 'Consultar historial de entradas' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Consultar historial de salidas' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Generar entrada de productos' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Generar salida de productos' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Administración' })).not.toBeInTheDocument();
  });

  it('an Almacenista sees the wizards but not Administración', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard', fakeSession(ana), pages, { me: testMe(['ALMACENISTA']) });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    await openGroup(user, nav, 'Salidas');
    expect(within(nav).getByRole('link', { name: 'Generar salida de productos' })).toHaveAttribute(
      'href',
      '/dashboard/dispatches/generate',
    );
    expect(within(nav).queryByRole('button', { name: 'Administración' })).not.toBeInTheDocument();
  });

  it('an administrator has Administración last, with Usuarios, Bitácora and Respaldos', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard', fakeSession(ana), pages, { me: testMe(['ADMINISTRADOR']) });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    const text = nav.textContent ?? '';
    expect(text.indexOf('Administración')).toBeGreaterThan(text.indexOf('Stock de productos'));
    await openGroup(user, nav, 'Administración');
    expect(within(nav).getByRole('link', { name: 'Usuarios' })).toHaveAttribute('href', '/dashboard/admin/users');
    expect(within(nav).getByRole('link', { name: 'Bitácora' })).toHaveAttribute('href', '/dashboard/admin/audit');
    expect(within(nav).getByRole('link', { name: 'Respaldos' })).toHaveAttribute('href', '/dashboard/admin/backups');
  });

  it('the mobile drawer shows the same filtered menu', async () => {
    const user = userEvent.setup();
    await onAPhone(async () => {
      renderShell('/dashboard', fakeSession(ana), pages, { me: testMe(['CONSULTA']) });
      await user.click(await screen.findByRole('button', { name: 'Abrir menú' }));
      // Over the page the menu is a modal dialog (aria-modal is not allowed on a landmark) holding the landmark.
      expect(await screen.findByRole('dialog', { name: 'Menú' })).toHaveAttribute('aria-modal', 'true');
      const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
      await openGroup(user, nav, 'Entradas');
      expect(within(nav).getByRole('link', { name: 'Consultar historial de entradas' })).toBeInTheDocument();
      expect(within(nav).queryByRole('link', { name: 'Generar entrada de productos' })).not.toBeInTheDocument();
      expect(within(nav).queryByRole('button', { name: 'Administración' })).not.toBeInTheDocument();
    });
  });

  it.each([
    ['/dashboard/invoices/generate', ['CONSULTA'], 'No tienes permiso para registrar entradas.'],
    ['/dashboard/admin/users', ['AUTORIZADOR'], 'No tienes permiso para administrar usuarios y sus permisos.'],
    ['/dashboard/admin/audit', ['ALMACENISTA'], 'No tienes permiso para consultar la bitácora.'],
    ['/dashboard/admin/backups', ['AUTORIZADOR'], 'No tienes permiso para consultar los respaldos.'],
  ] as const)('%s as %j says what is missing instead of loading', async (route, roles, message) => {
    const { calls } = renderShell(route, fakeSession(ana), pages, { me: testMe(roles) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sin permiso');
    expect(alert).toHaveTextContent(message);
    expect(calls).toEqual([]);
  });
});

describe('menu by permission in the current warehouse', () => {
  // Almacenista at P012, only Consulta at P013.
  const clerk = testMeIn([
    { id: 12, code: 'P012', name: 'Plantel 12', roles: ['ALMACENISTA'] },
    { id: 13, code: 'P013', name: 'Plantel 13', roles: ['CONSULTA'] },
  ]);

  it('in P012 the clerk has «Generar salida de productos» and «Generar entrada de productos», and the links keep the warehouse', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard?almacen=P012', fakeSession(ana), pages, { me: clerk });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    await openGroup(user, nav, 'Entradas');
    await openGroup(user, nav, 'Salidas');
    expect(within(nav).getByRole('link', { name: 'Generar salida de productos' })).toHaveAttribute(
      'href',
      '/dashboard/dispatches/generate?almacen=P012',
    );
    expect(within(nav).getByRole('link', { name: 'Generar entrada de productos' })).toBeInTheDocument();
  });

  it('in P013 the same clerk has the histories only, and the wizard’s address is refused', async () => {
    const user = userEvent.setup();
    const { unmount } = renderShell('/dashboard?almacen=P013', fakeSession(ana), pages, { me: clerk });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    await openGroup(user, nav, 'Entradas');
    await openGroup(user, nav, 'Salidas');
    expect(within(nav).getByRole('link', { name: 'Consultar historial de salidas' })).toHaveAttribute(
      'href',
      '/dashboard/dispatches/history?almacen=P013',
    );
    expect(within(nav).queryByRole('link', { name: 'Generar salida de productos' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Generar entrada de productos' })).not.toBeInTheDocument();
    unmount();

    const { calls } = renderShell('/dashboard/dispatches/generate?almacen=P013', fakeSession(ana), pages, { me: clerk });
    expect(await screen.findByRole('alert')).toHaveTextContent('No tienes permiso para registrar salidas.');
    expect(calls).toEqual([]);
  });
});
