// The account menu: name, e-mail, picture or initials, "Cuenta" and "Cerrar sesión".
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testMe } from '@almacen/shared/testing';
import { ana, fakeSession, renderShell } from '../testing/render-shell';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/federation-runtime').federationRuntimeDouble());

describe('account menu', () => {
  it('shows the initials when the provider sends no picture, and the name and e-mail when opened', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard', fakeSession({ name: 'Ana López', email: 'ana@example.com' }));
    const trigger = await screen.findByRole('button', { name: 'Cuenta de Ana López' });
    expect(trigger).toHaveTextContent('AL');

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
    const dialog = (await screen.findByText('Roles')).closest('[role="dialog"]') as HTMLElement;
    expect(dialog).toHaveTextContent('Almacenista, Autorizador');
    const link = screen.getByText('Administrar mi cuenta en el proveedor de identidad').closest('a');
    expect(link).toHaveAttribute('href', 'https://idp.example.mx/account');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('"Cuenta" offers no provider link when /api/me has none', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard', fakeSession(ana), undefined, { me: testMe(['CONSULTA']) });
    await user.click(await screen.findByRole('button', { name: 'Cuenta de Ana López' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cuenta' }));
    const dialog = (await screen.findByText('Roles')).closest('[role="dialog"]') as HTMLElement;
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
