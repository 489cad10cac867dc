// The header names the current warehouse and offers the switch only to whom may use several; a
// page that exists only with several (transfers) has no menu entry and no route with one.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me, WarehouseChoice } from '@almacen/shared';
import type { RemotePages } from '@almacen/shared/pages';
import { testMe } from '@almacen/shared/testing';
import { onAPhone } from '../testing/phone';
import { remotePages } from '../testing/remote-pages';
import { ana, fakeSession, renderShell } from '../testing/render-shell';

jest.mock('@module-federation/enhanced/runtime', () =>
  jest.requireActual('../testing/federation-runtime').federationRuntimeDouble(jest.fn(() => new Promise(() => {}))),
);

const CENTRAL = { id: 1, code: 'CENTRAL', name: 'Almacén central', active: true };
const NORTE = { id: 2, code: 'P012', name: 'Plantel Norte', active: true };
const meWith = (...warehouses: WarehouseChoice[]): Me => {
  const me = testMe(['ALMACENISTA']);
  return { ...me, warehouses: warehouses.map((w) => ({ ...w, permissions: me.permissions })) };
};

// mf-stock with a page of several warehouses, as a remote declares transfers.
const pages: Record<string, RemotePages> = {
  ...remotePages,
  mf_stock: {
    ...remotePages.mf_stock,
    menu: [...remotePages.mf_stock.menu, { label: 'Traspasos', path: '/dashboard/stock/transfers', severalWarehouses: true }],
  },
};

const nav = () => screen.findByRole('navigation', { name: 'Navegación principal' });
const switcher = (name: string) => screen.findByRole('button', { name: `Almacén: ${name}. Cambiar de almacén` });

describe('the header’s warehouse', () => {
  it('with one warehouse: no switcher, and a page of several warehouses is neither in the menu nor at its address', async () => {
    const { unmount } = renderShell('/dashboard', fakeSession(ana), pages, { me: meWith(CENTRAL) });
    expect(within(await nav()).getByRole('link', { name: 'Stock de productos' })).toBeInTheDocument();
    expect(within(await nav()).queryByRole('link', { name: 'Traspasos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cambiar de almacén/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Almacén central')).not.toBeInTheDocument();
    unmount();

    // Its address answers as an unknown page's: back to Inicio.
    renderShell('/dashboard/stock/transfers', fakeSession(ana), pages, { me: meWith(CENTRAL) });
    expect(await screen.findByRole('heading', { level: 1, name: /Hola|Inicio|Bienvenid/ })).toBeInTheDocument();
  });

  it('a clerk of one plantel in an institution of several: its name, no switcher, and the transfers’ pages are there', async () => {
    renderShell('/dashboard/stock/transfers', fakeSession(ana), pages, { me: { ...meWith(NORTE), activeWarehouses: 2 } });
    expect(within(await nav()).getByRole('link', { name: 'Traspasos' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: /Cambiar de almacén/ })).not.toBeInTheDocument();
    const name = within(screen.getByRole('banner')).getByText('Plantel Norte');
    expect(name.closest('button')).toBeNull();
  });

  it('with several: the current warehouse by the address, its list, and a choice that keeps the page', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard/catalogs/products?almacen=P012', fakeSession(ana), pages, { me: meWith(CENTRAL, NORTE) });
    const button = await switcher('Plantel Norte');
    expect(within(await nav()).getByRole('link', { name: 'Traspasos' })).toBeInTheDocument();

    await user.click(button);
    await screen.findAllByRole('menuitemradio');
    // Named by its button, as Fluent's menus are.
    const list = screen.getByRole('menu', { name: 'Almacén: Plantel Norte. Cambiar de almacén' });
    const options = within(list).getAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent)).toEqual(['CENTRAL — Almacén central', 'P012 — Plantel Norte']);
    expect(within(list).getByRole('menuitemradio', { name: 'P012 — Plantel Norte' })).toHaveAttribute('aria-checked', 'true');

    // By keyboard (the arrows are the browser test's: jsdom moves no focus between items).
    act(() => within(list).getByRole('menuitemradio', { name: 'CENTRAL — Almacén central' }).focus());
    await user.keyboard('{Enter}');
    await switcher('Almacén central');
    // The page stays: its menu entry is still the current one.
    expect(within(await nav()).getByRole('link', { name: 'Productos' })).toHaveAttribute('aria-current', 'page');
  });

  it('fits a phone’s header: the name beside the menu button', async () => {
    await onAPhone(async () => {
      renderShell('/dashboard', fakeSession(ana), pages, { me: meWith(CENTRAL, NORTE) });
      expect(await switcher('Almacén central')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Abrir menú' })).toBeInTheDocument();
    });
  });
});
