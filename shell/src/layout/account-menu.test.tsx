// The account menu: name, e-mail, picture or initials, "Cuenta" and "Cerrar sesión".
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testConfig, testMe, testMeIn } from '@almacen/shared/testing';
import { ana, fakeSession, renderShell } from '../testing/render-shell';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/federation-runtime').federationRuntimeDouble());
// The menu's code is fetched on first use (account-menu.tsx); `mockMenuUnreachable` makes that
// fetch fail, as on a dropped connection.
let mockMenuUnreachable = false;
jest.mock('./account-menu-popover', () => {
  if (mockMenuUnreachable) throw new Error('Loading chunk account-menu-popover failed.');
  return jest.requireActual('./account-menu-popover');
});

describe('account menu', () => {
  // First: once fetched, the module stays in Jest's registry for the file's other tests.
  it('says so when the menu cannot be fetched, and opens it on the next click', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard', fakeSession(ana));
    const trigger = await screen.findByRole('button', { name: 'Cuenta de Ana López' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    mockMenuUnreachable = true;
    await user.click(trigger);
    expect(
      await screen.findByText('Algo salió mal mientras tratábamos de abrir el menú de tu cuenta. Revisa tu conexión e inténtalo de nuevo.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    mockMenuUnreachable = false;
    await user.click(screen.getByRole('button', { name: 'Cuenta de Ana López' }));
    expect(await screen.findByRole('menuitem', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cuenta de Ana López' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the initials when the provider sends no picture, and the name and e-mail when opened', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard', fakeSession({ name: 'Ana López', email: 'ana@example.com' }));
    const trigger = await screen.findByRole('button', { name: 'Cuenta de Ana López' });
    // The initials are drawn, not text: the button's only name is its label.
    expect(trigger.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'AL');
    expect(trigger).toHaveTextContent('');

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(menu).toBeInTheDocument();
    expect(screen.getAllByText('Ana López').length).toBeGreaterThan(0);
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('shows the picture when there is one', async () => {
    renderShell('/dashboard', fakeSession({ name: 'Luis Pérez', email: 'luis@example.com', picture: 'https://example.com/luis.png' }));
    const trigger = await screen.findByRole('button', { name: 'Cuenta de Luis Pérez' });
    expect(trigger.querySelector('img')).toHaveAttribute('src', 'https://example.com/luis.png');
  });

  it('"Cuenta" shows the account details', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Cuenta de Ana López' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cuenta' }));
    // By text, not by role: jsdom's focus timing sometimes leaves Fluent's modal marked aria-hidden.
    const label = await screen.findByText('Correo electrónico');
    expect(label.closest('[role="dialog"]')).toHaveTextContent('ana@example.com');
  });

  it('"Cuenta" lists the roles and links to the provider’s account page when it publishes one', async () => {
    const user = userEvent.setup();
    const me = { ...testMe(['ALMACENISTA', 'AUTORIZADOR']), accountUrl: 'https://idp.example.mx/account' };
    renderShell('/dashboard', fakeSession(ana), undefined, { me });
    await user.click(await screen.findByRole('button', { name: 'Cuenta de Ana López' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cuenta' }));
    const dialog = (await screen.findByText('Permisos')).closest('[role="dialog"]') as HTMLElement;
    expect(dialog).toHaveTextContent('Almacenista, Autorizador');
    const link = screen.getByText('Administrar mi cuenta en el proveedor de identidad').closest('a');
    expect(link).toHaveAttribute('href', 'https://idp.example.mx/account');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('"Cuenta" with several warehouses says where each role holds', async () => {
    const user = userEvent.setup();
    const inTwo = testMeIn([
      { id: 12, code: 'P012', name: 'Plantel 12', roles: ['ALMACENISTA'] },
      { id: 13, code: 'P013', name: 'Plantel 13', roles: [] },
    ]);
    const me = { ...inTwo, roles: [...inTwo.roles, { role: 'CONSULTA' as const, warehouseId: null }] };
    renderShell('/dashboard', fakeSession(ana), undefined, { me });
    await user.click(await screen.findByRole('button', { name: 'Cuenta de Ana López' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cuenta' }));
    const dialog = (await screen.findByText('Permisos')).closest('[role="dialog"]') as HTMLElement;
    expect(dialog).toHaveTextContent('Almacenista (P012), Consulta (todos)');
  });

  it('"Cuenta" with the included provider says so and links to its "Cambiar contraseña" page', async () => {
    const user = userEvent.setup();
    const me = { ...testMe(['CONSULTA']), accountUrl: 'http://localhost:8080/oidc/account/password' };
    renderShell('/dashboard', fakeSession(ana), undefined, { me, config: { identityProvider: 'embedded' } });
    await user.click(await screen.findByRole('button', { name: 'Cuenta de Ana López' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cuenta' }));
    const dialog = (await screen.findByText('Inicio de sesión')).closest('[role="dialog"]') as HTMLElement;
    expect(dialog).toHaveTextContent('Cuentas de Almacén (proveedor incluido)');
    expect(dialog).not.toHaveTextContent(testConfig.oidc.authority);
    expect(screen.getByText('Cambiar mi contraseña').closest('a')).toHaveAttribute('href', 'http://localhost:8080/oidc/account/password');
  });

  it('"Cuenta" names an external provider by its host, not its technical address', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard', fakeSession(ana), undefined, {
      me: testMe(['CONSULTA']),
      config: { oidc: { ...testConfig.oidc, authority: 'https://login.escuela.mx/realms/almacen' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Cuenta de Ana López' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cuenta' }));
    const dialog = (await screen.findByText('Inicio de sesión')).closest('[role="dialog"]') as HTMLElement;
    expect(dialog).toHaveTextContent('Proveedor externo (login.escuela.mx)');
    expect(dialog).not.toHaveTextContent('/realms/almacen');
  });

  it('"Cuenta" offers no provider link when /api/me has none', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard', fakeSession(ana), undefined, { me: testMe(['CONSULTA']) });
    await user.click(await screen.findByRole('button', { name: 'Cuenta de Ana López' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cuenta' }));
    const dialog = (await screen.findByText('Permisos')).closest('[role="dialog"]') as HTMLElement;
    expect(dialog).toHaveTextContent('Consulta');
    expect(screen.queryByText('Administrar mi cuenta en el proveedor de identidad')).not.toBeInTheDocument();
  });

  it('"Cerrar sesión" ends the provider session', async () => {
    const user = userEvent.setup();
    const session = fakeSession({ name: 'Ana López', email: 'ana@example.com' });
    renderShell('/dashboard', session);
    await user.click(await screen.findByRole('button', { name: 'Cuenta de Ana López' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }));
    expect(session.signOut).toHaveBeenCalledTimes(1);
  });
});
