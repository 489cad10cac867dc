// A remote's page may declare how many things wait on it (`count`: an API path and a field): the
// shell reads each path once, shows the number beside the entry (and on a closed group, and on the
// phone's menu button), reads it again when the person comes back to the window, and shows nothing
// when the read fails or the number is 0.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@almacen/shared';
import type { RemotePages } from '@almacen/shared/pages';
import { testMe, testMeIn, type FakeApiRequest } from '@almacen/shared/testing';
import { onAPhone } from '../testing/phone';
import { remotePages } from '../testing/remote-pages';
import { ana, fakeSession, renderShell } from '../testing/render-shell';

jest.mock('@module-federation/enhanced/runtime', () =>
  jest.requireActual('../testing/federation-runtime').federationRuntimeDouble(jest.fn(() => new Promise(() => {}))),
);

const COUNTS = '/api/requests/counts';
// The warehouse's pages need `consult`, as the remotes declare them.
const warehouse: Record<string, RemotePages> = Object.fromEntries(
  Object.entries(remotePages).map(([name, remote]) => [
    name,
    { ...remote, menu: remote.menu.map((entry) => (entry.path && !entry.permission ? { ...entry, permission: 'consult' } : entry)) },
  ]),
);
// A remote's requests pages, as its pages.json would send them (here in the stock remote's slot).
const withRequests: Record<string, RemotePages> = {
  ...warehouse,
  mf_stock: {
    ...warehouse.mf_stock,
    routes: [...warehouse.mf_stock.routes, 'requests/*'],
    menu: [
      ...warehouse.mf_stock.menu,
      { label: 'Solicitudes', group: 'requests' },
      {
        label: 'Mis solicitudes',
        path: '/dashboard/requests',
        parent: 'requests',
        permission: 'requests.read',
        count: { path: COUNTS, field: 'mine' },
      },
      {
        label: 'Por autorizar',
        path: '/dashboard/requests/to-authorize',
        parent: 'requests',
        permission: 'requests.read',
        count: { path: COUNTS, field: 'toAuthorize' },
      },
      {
        label: 'Por surtir',
        path: '/dashboard/requests/to-fulfil',
        parent: 'requests',
        permission: 'requests.fulfil',
        count: { path: COUNTS, field: 'toFulfil' },
      },
    ],
  },
};

const countReads = (calls: FakeApiRequest[]) => calls.filter((c) => c.path === COUNTS).length;

describe('menu counts', () => {
  it('one read for every entry naming the path; the numbers beside the entries and the sum on the closed group', async () => {
    const user = userEvent.setup();
    let answer = { toAuthorize: 3, toFulfil: 2, mine: 0 };
    const { calls } = renderShell('/dashboard', fakeSession(ana), withRequests, {
      me: testMe(['ALMACENISTA']),
      handler: ({ path }) => (path === COUNTS ? answer : []),
    });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    const group = await within(nav).findByRole('button', { name: 'Solicitudes , 5 pendientes' });
    expect(countReads(calls)).toBe(1);
    await user.click(group);
    expect(within(nav).getByRole('link', { name: 'Por autorizar , 3 pendientes' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Por surtir , 2 pendientes' })).toBeInTheDocument();
    // 0 shows nothing.
    expect(within(nav).getByRole('link', { name: 'Mis solicitudes' })).toBeInTheDocument();
    // An open group leaves the numbers to its pages.
    expect(within(nav).getByRole('button', { name: 'Solicitudes' })).toBeInTheDocument();

    // Coming back to the window a minute later reads it again (SWR's focus revalidation; reads
    // at the same moment are deduplicated for 2 s, so the person comes back until it answers).
    answer = { toAuthorize: 1, toFulfil: 0, mine: 4 };
    const reads = countReads(calls);
    for (let minute = 1; minute <= 20 && countReads(calls) === reads; minute++) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
      jest.useFakeTimers({ now: Date.now() + minute * 61_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      try {
        await act(async () => {
          window.dispatchEvent(new Event('focus'));
          document.dispatchEvent(new Event('visibilitychange'));
        });
      } finally {
        jest.useRealTimers();
      }
    }
    expect(countReads(calls)).toBe(reads + 1);
    expect(await within(nav).findByRole('link', { name: 'Mis solicitudes , 4 pendientes' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Por autorizar , 1 pendiente' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Por surtir' })).toBeInTheDocument();
  });

  it('an entry the person may not see reads nothing; a failed read shows no number and the menu works', async () => {
    const user = userEvent.setup();
    const consulta = renderShell('/dashboard', fakeSession(ana), withRequests, {
      me: testMe(['CONSULTA']),
      handler: ({ path }) => {
        if (path === COUNTS) throw new ApiError(503, 'Servicio no disponible');
        return [];
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    await user.click(await within(nav).findByRole('button', { name: 'Solicitudes' }));
    await waitFor(() => expect(countReads(consulta.calls)).toBe(1));
    expect(within(nav).getByRole('link', { name: 'Por autorizar' })).toHaveAttribute('href', '/dashboard/requests/to-authorize');
    expect(within(nav).queryByRole('link', { name: /Por surtir/ })).not.toBeInTheDocument();
    consulta.unmount();

    // Nobody on the menu names a count: nothing is read.
    const { calls } = renderShell('/dashboard', fakeSession(ana), remotePages, { me: testMe(['CONSULTA']) });
    await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(countReads(calls)).toBe(0);
  });

  it('on a phone the menu button carries the sum', async () => {
    await onAPhone(async () => {
      renderShell('/dashboard', fakeSession(ana), withRequests, {
        me: testMe(['ALMACENISTA']),
        handler: ({ path }) => (path === COUNTS ? { toAuthorize: 3, toFulfil: 2, mine: 1 } : []),
      });
      const button = await screen.findByRole('button', { name: 'Abrir menú' });
      await waitFor(() => expect(button).toHaveAccessibleDescription('6 pendientes'));
      // A dot on the button, not a number in its name.
      expect(button).toHaveTextContent('');
    });
  });
});

describe('a count of the current warehouse', () => {
  const TRANSFERS = '/api/transfers/counts';
  // «Traspasos por recibir» as mf-dispatches declares it: the number is the current warehouse's.
  const withTransfers: Record<string, RemotePages> = {
    ...warehouse,
    mf_dispatches: {
      ...warehouse.mf_dispatches,
      menu: [
        ...warehouse.mf_dispatches.menu,
        { label: 'Traspasos', group: 'transfers' },
        {
          label: 'Traspasos por recibir',
          path: '/dashboard/dispatches/transfers/incoming',
          parent: 'transfers',
          permission: 'consult',
          count: { path: TRANSFERS, field: 'toReceive', warehouse: true },
          severalWarehouses: true,
        },
      ],
    },
  };
  const two = testMeIn([
    { id: 1, code: 'CEN', name: 'Almacén central', roles: ['ALMACENISTA'] },
    { id: 2, code: 'P012', name: 'Plantel 12', roles: ['ALMACENISTA'] },
  ]);
  // Two travel to the centre, one to the plantel.
  const waiting: Record<string, number> = { [`${TRANSFERS}?warehouseId=1`]: 2, [`${TRANSFERS}?warehouseId=2`]: 1 };
  const handler = ({ path }: FakeApiRequest) => (path in waiting ? { toReceive: waiting[path] } : []);

  it.each([
    ['CEN', 1, '2 pendientes'],
    ['P012', 2, '1 pendiente'],
  ])('in %s it reads warehouseId=%d and shows «%s»', async (code, id, text) => {
    const user = userEvent.setup();
    const { calls } = renderShell(`/dashboard?almacen=${code}`, fakeSession(ana), withTransfers, { me: two, handler });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    await user.click(await within(nav).findByRole('button', { name: `Traspasos , ${text}` }));
    expect(within(nav).getByRole('link', { name: `Traspasos por recibir , ${text}` })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith(TRANSFERS)).map((c) => c.path)).toEqual([`${TRANSFERS}?warehouseId=${id}`]);
  });
});

describe('a person who only asks for material', () => {
  it('sees only «Solicitudes» (no Inicio, no warehouse area) and /dashboard opens their first page', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard', fakeSession(ana), withRequests, {
      me: testMe(['SOLICITANTE']),
      handler: ({ path }) => (path === COUNTS ? { toAuthorize: 0, toFulfil: 0, mine: 0 } : []),
    });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Inicio' })).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: /¡Hola/ })).not.toBeInTheDocument();
    const groups = within(nav)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(groups).toEqual(['Solicitudes']);
    await user.click(within(nav).getByRole('button', { name: 'Solicitudes' }));
    // The first page of their menu is the one open.
    expect(within(nav).getByRole('link', { name: 'Mis solicitudes' })).toHaveAttribute('aria-current', 'page');
  });
});
