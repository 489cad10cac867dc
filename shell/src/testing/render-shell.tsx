// Renders the whole shell (routes, guard, layout) at a route, with a fake sign-in session and a
// fake API — the test doubles stand where the identity provider and the network would be.
import { configure, render } from '@testing-library/react';
import type { CurrentUser, Me, OidcSession, RuntimeConfig } from '@almacen/shared';
import { MemoryRouter } from '@almacen/shared/router';
import { createFakeApi, testConfig, type FakeApiHandler } from '@almacen/shared/testing';
import { AppRoutes } from '../app';
import { ShellRoot } from '../root';
import { remotePages } from './remote-pages';

// The machine running the suite is shared and slow at times; waiting longer is not a weaker check.
configure({ asyncUtilTimeout: 5000 });

export interface FakeSession extends OidcSession {
  signIn: jest.Mock;
  signOut: jest.Mock;
}

/** `user`: signed in as that user; null: signed out; 'pending': the status never resolves. */
export function fakeSession(user: CurrentUser | null | 'pending'): FakeSession {
  const resolved = () => (user === 'pending' ? new Promise<CurrentUser | null>(() => {}) : Promise.resolve(user));
  return {
    getUser: jest.fn(resolved),
    getAccessToken: jest.fn(async () => (user && user !== 'pending' ? 'token' : null)),
    renewAccessToken: jest.fn(async () => null),
    signIn: jest.fn(async () => {}),
    completeSignIn: jest.fn(async () => '/dashboard'),
    signOut: jest.fn(async () => {}),
    completeSignOut: jest.fn(async () => {}),
    subscribe: jest.fn(() => () => {}),
  };
}

export const ana: CurrentUser = { name: 'Ana López', email: 'ana@example.com' };

export interface RenderShellOptions {
  /** What GET /api/me answers (default: every role); a function is asked on every call. */
  me?: Me | (() => Me);
  /** The rest of the fake API (default: an empty list for every GET). */
  handler?: FakeApiHandler;
  /** What /config.json says besides the remotes (e.g. identityProvider). */
  config?: Partial<RuntimeConfig>;
}

/** `pages`: what /config.json says about the remotes' pages (default: all four, as deployed). */
export function renderShell(
  route: string,
  session: OidcSession = fakeSession(ana),
  pages: Record<string, unknown> = remotePages,
  { me, handler = () => [], config }: RenderShellOptions = {},
) {
  const { api, calls } = createFakeApi(handler, me ? { me } : {});
  // Each render its own SWR cache: /api/me must not carry over from the test before.
  const cache = new Map();
  const swrCache = () => cache;
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <ShellRoot config={{ ...testConfig, ...config, remotes: remoteManifests, pages }} session={session} api={api} swrCache={swrCache}>
        <AppRoutes />
      </ShellRoot>
    </MemoryRouter>,
  );
  return { ...result, session, calls };
}

export const remoteManifests = {
  mf_catalogs: 'http://remotes.test/mf-catalogs/mf-manifest.json',
  mf_invoices: 'http://remotes.test/mf-invoices/mf-manifest.json',
  mf_dispatches: 'http://remotes.test/mf-dispatches/mf-manifest.json',
  mf_stock: 'http://remotes.test/mf-stock/mf-manifest.json',
};
