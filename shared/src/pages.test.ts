// What a remote (or /config.json, or a remembered copy) says about its pages is checked before the
// shell builds its menu and routes from it: a broken remote must not break the navigation.
import { parseRemotePages } from './pages';

const stock = {
  label: 'Stock de productos',
  routes: ['stock/*'],
  menu: [{ label: 'Stock de productos', path: '/dashboard/stock', order: 40 }],
};

describe('parseRemotePages', () => {
  it('accepts the pages a remote declares, pages and group headings alike', () => {
    expect(parseRemotePages(stock)).toEqual(stock);
    const catalogs = {
      label: 'Catálogos',
      routes: ['catalogs/*'],
      menu: [
        { label: 'Catálogos', group: 'catalogs', order: 10 },
        {
          label: 'Empleados',
          path: '/dashboard/catalogs/employees',
          parent: 'catalogs',
          order: 10,
          icon: 'people',
          permission: 'catalogs.read',
        },
      ],
    };
    expect(parseRemotePages(catalogs)).toEqual(catalogs);
  });

  it('keeps a home section (the remote exposes ./Home) and drops a malformed one, keeping the pages', () => {
    const withHome = { ...stock, home: { order: 10, permission: 'consult' } };
    expect(parseRemotePages(withHome)).toEqual(withHome);
    expect(parseRemotePages({ ...stock, home: { order: 5 } })).toEqual({ ...stock, home: { order: 5 } });
    expect(parseRemotePages({ ...stock, home: { order: 'primero' } })).toEqual(stock);
    expect(parseRemotePages({ ...stock, home: true })).toEqual(stock);
  });

  it.each([
    ['nothing', undefined],
    ['not an object', 'stock'],
    ['no label', { ...stock, label: ' ' }],
    ['no routes', { ...stock, routes: [] }],
    ['routes that are not text', { ...stock, routes: [3] }],
    ['a menu that is not a list', { ...stock, menu: {} }],
  ])('refuses %s', (_what, raw) => {
    expect(parseRemotePages(raw)).toBeNull();
  });

  it.each([
    ['without a label', { path: '/dashboard/stock/x', order: 1 }],
    ['without an order', { label: 'X', path: '/dashboard/stock/x' }],
    ['with an order that is not a number', { label: 'X', path: '/dashboard/stock/x', order: Number.NaN }],
    ['with a relative path', { label: 'X', path: 'stock/x', order: 1 }],
    ['both a page and a group', { label: 'X', path: '/dashboard/stock/x', group: 'x', order: 1 }],
    ['neither a page nor a group', { label: 'X', order: 1 }],
    ['with a parent that is not text', { label: 'X', path: '/dashboard/stock/x', parent: 7, order: 1 }],
  ])('drops one entry %s and keeps the rest', (_what, entry) => {
    expect(parseRemotePages({ ...stock, menu: [entry, ...stock.menu] })).toEqual(stock);
  });
});
