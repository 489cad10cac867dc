// What a remote (or /config.json, or a remembered copy) says about its pages is checked before the
// shell builds its menu and routes from it: a broken remote must not break the navigation. A
// remote declares each page once (definePages): its menu entries and routes derive from it.
import { definePages, parseRemotePages, routeProblems } from './pages';

const stock = {
  label: 'Stock de productos',
  routes: ['stock/*'],
  menu: [{ label: 'Stock de productos', path: '/dashboard/stock' }],
};

describe('parseRemotePages', () => {
  it('accepts the pages a remote declares, pages and group headings alike', () => {
    expect(parseRemotePages(stock)).toEqual(stock);
    const catalogs = {
      label: 'Catálogos',
      routes: ['catalogs/*'],
      menu: [
        { label: 'Catálogos', group: 'catalogs' },
        { label: 'Empleados', path: '/dashboard/catalogs/employees', parent: 'catalogs', permission: 'catalogs.read' },
      ],
    };
    expect(parseRemotePages(catalogs)).toEqual(catalogs);
  });

  it('accepts the pages.json of a remote built before pages were declared once: its entries in their `order`, the icon ignored', () => {
    const before = {
      label: 'Stock de productos',
      routes: ['stock/*'],
      menu: [
        { label: 'Inventario físico', path: '/dashboard/stock/counts', order: 49, permission: 'consult' },
        { label: 'Stock de productos', path: '/dashboard/stock', order: 40, icon: 'box', permission: 'consult' },
        { label: 'Cierres de periodo', path: '/dashboard/stock/closings', order: 48, permission: 'consult' },
      ],
      home: { order: 10, permission: 'consult' },
    };
    expect(parseRemotePages(before)).toEqual({
      label: 'Stock de productos',
      routes: ['stock/*'],
      menu: [
        { label: 'Stock de productos', path: '/dashboard/stock', permission: 'consult' },
        { label: 'Cierres de periodo', path: '/dashboard/stock/closings', permission: 'consult' },
        { label: 'Inventario físico', path: '/dashboard/stock/counts', permission: 'consult' },
      ],
      home: { order: 10, permission: 'consult' },
    });
    const groups = {
      label: 'Entradas',
      routes: ['invoices/*'],
      menu: [
        { label: 'Consultar historial de entradas', path: '/dashboard/invoices/history', parent: 'invoices', order: 20 },
        { label: 'Entradas', group: 'invoices', order: 20, permission: 'consult' },
        { label: 'Generar entrada de productos', path: '/dashboard/invoices/generate', parent: 'invoices', order: 10 },
      ],
    };
    expect(parseRemotePages(groups)?.menu.map((entry) => entry.label)).toEqual([
      'Generar entrada de productos',
      'Consultar historial de entradas',
      'Entradas',
    ]);
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
    ['without a label', { path: '/dashboard/stock/x' }],
    ['with an order that is not a number', { label: 'X', path: '/dashboard/stock/x', order: Number.NaN }],
    ['with a relative path', { label: 'X', path: 'stock/x' }],
    ['both a page and a group', { label: 'X', path: '/dashboard/stock/x', group: 'x' }],
    ['neither a page nor a group', { label: 'X' }],
    ['with a parent that is not text', { label: 'X', path: '/dashboard/stock/x', parent: 7 }],
  ])('drops one entry %s and keeps the rest', (_what, entry) => {
    expect(parseRemotePages({ ...stock, menu: [entry, ...stock.menu] })).toEqual(stock);
  });
});

describe('menu counts', () => {
  const counted = (count: unknown) => ({ ...stock, menu: [{ label: 'Por autorizar', path: '/dashboard/requests/to-authorize', count }] });

  it('a page declares how many wait on it: definePages puts it on its entry and the shell keeps it', () => {
    const requests = definePages({
      label: 'Solicitudes',
      area: 'requests',
      pages: {
        toAuthorize: {
          path: 'to-authorize',
          title: 'Por autorizar',
          menu: 'top',
          count: { path: '/api/requests/counts', field: 'toAuthorize' },
        },
      },
    });
    expect(requests.menu[0].count).toEqual({ path: '/api/requests/counts', field: 'toAuthorize' });
    expect(parseRemotePages(JSON.parse(JSON.stringify(requests)))?.menu[0].count).toEqual({
      path: '/api/requests/counts',
      field: 'toAuthorize',
    });
  });

  it('a count of the current warehouse keeps its mark; anything but true is no mark', () => {
    expect(parseRemotePages(counted({ path: '/api/transfers/counts', field: 'toReceive', warehouse: true }))?.menu[0].count).toEqual({
      path: '/api/transfers/counts',
      field: 'toReceive',
      warehouse: true,
    });
    expect(parseRemotePages(counted({ path: '/api/transfers/counts', field: 'toReceive', warehouse: 'yes' }))?.menu[0].count).toEqual({
      path: '/api/transfers/counts',
      field: 'toReceive',
    });
  });

  it.each([
    ['a path outside the API', { path: '/config.json', field: 'n' }],
    ['another origin', { path: 'https://evil.example/api/x', field: 'n' }],
    ['a query or a climb', { path: '/api/requests/../users?x=1', field: 'n' }],
    ['a field that is no name', { path: '/api/requests/counts', field: '__proto__.x' }],
    ['no field', { path: '/api/requests/counts' }],
    ['not an object', 'toAuthorize'],
  ])('%s: the count is dropped, the entry stays', (_, count) => {
    expect(parseRemotePages(counted(count))?.menu).toEqual([{ label: 'Por autorizar', path: '/dashboard/requests/to-authorize' }]);
  });
});

describe('definePages', () => {
  const invoices = definePages({
    label: 'Entradas',
    area: 'invoices',
    groups: { invoices: 'Entradas' },
    pages: {
      generate: { path: 'generate', title: 'Generar entrada de productos', permission: 'invoices.create', menu: { group: 'invoices' } },
      history: { path: 'history', title: 'Consultar historial de entradas', permission: 'consult', menu: { group: 'invoices' } },
      one: { path: 'history/:id', title: 'Entrada' },
      report: { path: 'report', title: 'Reporte', menu: 'top' },
    },
    index: 'history',
  });

  it('derives the menu entries, in the order the pages are declared, and the route the area answers', () => {
    expect(parseRemotePages(invoices)).toEqual({
      label: 'Entradas',
      routes: ['invoices/*'],
      menu: [
        { label: 'Entradas', group: 'invoices' },
        { label: 'Generar entrada de productos', path: '/dashboard/invoices/generate', parent: 'invoices', permission: 'invoices.create' },
        { label: 'Consultar historial de entradas', path: '/dashboard/invoices/history', parent: 'invoices', permission: 'consult' },
        { label: 'Reporte', path: '/dashboard/invoices/report' },
      ],
    });
  });

  it('numbers every entry in list order, for a shell built before pages were declared once (it drops an entry without `order`)', () => {
    expect(invoices.menu.map((entry) => entry.order)).toEqual([0, 1, 2, 3]);
  });

  it('writes plain data: what the build puts in pages.json is what the shell reads', () => {
    expect(parseRemotePages(JSON.parse(JSON.stringify(invoices)))).toEqual(parseRemotePages(invoices));
  });

  it('says when a menu entry has no route or a route no page', () => {
    const Page = () => null;
    expect(routeProblems(invoices, { generate: Page, history: Page, one: Page, report: Page })).toEqual([]);
    expect(routeProblems(invoices, { generate: Page, one: Page, report: Page, alerts: Page })).toEqual([
      'menu entry without a route: /dashboard/invoices/history',
      'page without a component: history',
      'component of no page: alerts',
    ]);
    const stray = { ...invoices, menu: [...invoices.menu, { label: 'Alertas', path: '/dashboard/invoices/alerts' }] };
    expect(routeProblems(stray, { generate: Page, history: Page, one: Page, report: Page })).toEqual([
      'menu entry without a route: /dashboard/invoices/alerts',
    ]);
  });
});

describe('pages of several warehouses', () => {
  it('definePages marks the entry, the shell keeps the mark, and a page without it has none', () => {
    const area = definePages({
      label: 'Traspasos',
      area: 'transfers',
      pages: {
        list: { path: '', title: 'Historial de traspasos', menu: 'top', severalWarehouses: true },
        other: { path: 'other', title: 'Otra', menu: 'top' },
      },
    });
    expect(area.menu[0]).toMatchObject({ path: '/dashboard/transfers', severalWarehouses: true });
    expect(area.menu[1]).not.toHaveProperty('severalWarehouses');
    const parsed = parseRemotePages(JSON.parse(JSON.stringify({ ...area, declaration: undefined })));
    expect(parsed?.menu.map((entry) => entry.severalWarehouses)).toEqual([true, undefined]);
    // Anything but `true` is no mark.
    expect(
      parseRemotePages({ ...parsed, menu: [{ label: 'X', path: '/dashboard/x', severalWarehouses: 'yes' }] })?.menu[0],
    ).not.toHaveProperty('severalWarehouses');
  });
});
