/// <reference types="@testing-library/jest-dom" />
// renderWithPlatform: renders a screen inside the same providers the shell gives a remote, with a
// fake API. Tests describe the API as a handler of requests; every request is recorded in `calls`.
import { configure, render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, type InitialEntry } from '@almacen/shared/router';
import { ACCESS_ROLES, permissionsOf, type AccessRole, type Me } from '../domain/access';
import type { Dispatch, Invoice, Product } from '../domain/types';
import { ME_KEY } from '../platform/access';
import type { ApiClient, ApiDownload, ApiRequestOptions } from '../platform/api-client';
import { PERIOD_CLOSINGS_KEY } from '../platform/period-closings';
import type { CurrentUser } from '../platform/platform-context';
import { PlatformProviders } from '../platform/platform-providers';
import type { RuntimeConfig } from '../platform/runtime-config';

// The machine running the suite is shared and slow at times; waiting longer is not a weaker check.
configure({ asyncUtilTimeout: 5000 });

/** A product as the API answers it: what a test does not name is null (no unit, no minimum…). */
export const aProduct = (fields: Pick<Product, 'id' | 'name'> & Partial<Product>): Product => ({
  unit: null,
  category: null,
  minimumStock: null,
  maximumStock: null,
  barcode: null,
  ...fields,
});

const REGISTERED = { createdAt: '2026-03-01T16:00:00.000Z', status: 'REGISTRADA', cancellation: null } as const;

/** An entry as the history lists it: registered, no CFDI, unless the test says otherwise. */
export const anInvoice = (fields: Pick<Invoice, 'id' | 'invoiceNumber' | 'invoiceType' | 'invoiceDate'> & Partial<Invoice>): Invoice => ({
  ...REGISTERED,
  supplier: { id: 1, name: 'Papelería Central', rfc: 'PCE010203AB1' },
  cfdiUuid: null,
  ...fields,
});

/** An exit as the history lists it: registered unless the test says otherwise. */
export const aDispatch = (fields: Pick<Dispatch, 'id' | 'dispatchDate'> & Partial<Dispatch>): Dispatch => ({
  ...REGISTERED,
  requestFolio: null,
  ...fields,
});

export interface FakeApiRequest {
  method: string;
  path: string;
  query?: ApiRequestOptions['query'];
  body?: unknown;
  headers?: Record<string, string>;
  /** True for api.download(). */
  download: boolean;
}

/**
 * Answers a request with the UNWRAPPED data (or, for downloads, `{ blob, fileName }`), or throws
 * an ApiError to play a failing server. Undefined → the request is unexpected and the call fails.
 */
export type FakeApiHandler = (request: FakeApiRequest) => unknown;

export const testConfig: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  institutionName: 'Escuela de prueba',
  timeZone: 'America/Mexico_City',
  oidc: { authority: 'http://idp.test', clientId: 'almacen-portal', scope: 'openid profile email', extraQueryParams: {} },
  remotes: {},
};

export const testUser: CurrentUser = { name: 'Ana López', email: 'ana@example.com' };

/** GET /api/me as the API answers it for someone holding these roles (default: every role). */
export function testMe(roles: readonly AccessRole[] = ACCESS_ROLES): Me {
  return {
    id: 1,
    sub: 'user-ana',
    name: testUser.name,
    email: testUser.email,
    roles: roles.map((role) => ({ role, warehouseId: null })),
    permissions: permissionsOf(roles),
    accountUrl: null,
  };
}

/** A warehouse of `testMeIn`, with the roles the person holds there. */
export interface TestWarehouseGrant {
  id: number;
  code: string;
  name: string;
  active?: boolean;
  roles: readonly AccessRole[];
}

/**
 * GET /api/me for someone whose roles hold in one warehouse each (ALMACENISTA at P012, CONSULTA
 * at P013): each warehouse with what they may do there, `permissions` the union.
 */
export function testMeIn(warehouses: readonly TestWarehouseGrant[]): Me {
  const all = warehouses.flatMap((w) => w.roles);
  return {
    ...testMe(all),
    roles: warehouses.flatMap((w) => w.roles.map((role) => ({ role, warehouseId: w.id }))),
    warehouses: warehouses.map(({ roles, active = true, ...w }) => ({ ...w, active, permissions: permissionsOf(roles) })),
  };
}

/** GET /api/period-closings, of the only warehouse or of one (`?warehouseId=`). */
const isClosingsRead = (path: string) => path === PERIOD_CLOSINGS_KEY || path.startsWith(`${PERIOD_CLOSINGS_KEY}?`);

/**
 * The fake API. GET /api/me is answered with `me` (default: an administrator, so screens show
 * everything) and is not recorded in `calls`: it is the platform's, not the screen's. GET
 * /api/period-closings (read by the wizards' date pickers, with or without `?warehouseId=`)
 * answers no closing, unrecorded, unless the handler answers it (then it is recorded like any
 * request). A function
 * is asked on every call, so a test can change the answer (a role granted meanwhile) or throw an
 * ApiError (a deactivated account's 403).
 */
export function createFakeApi(
  handler: FakeApiHandler = () => undefined,
  { me = testMe() }: { me?: Me | (() => Me) } = {},
): { api: ApiClient; calls: FakeApiRequest[] } {
  const calls: FakeApiRequest[] = [];
  const answer = async (request: FakeApiRequest) => {
    if (request.method === 'GET' && request.path === ME_KEY && !request.download) {
      await Promise.resolve();
      return typeof me === 'function' ? me() : me;
    }
    if (request.method === 'GET' && isClosingsRead(request.path) && !request.download) {
      // The wizards' date pickers read the month closings: no closing unless the test says so.
      await Promise.resolve();
      const closings = await handler(request);
      if (closings === undefined) return [];
      calls.push(request);
      return closings;
    }
    calls.push(request);
    // Answer asynchronously, like the network, so loading states are visible to the test.
    await Promise.resolve();
    const result = await handler(request);
    if (result === undefined && request.method === 'GET') {
      throw new Error(`Petición no esperada en la prueba: ${request.method} ${request.path}`);
    }
    return result;
  };
  const api = (<T,>(path: string, options: ApiRequestOptions = {}) =>
    answer({
      method: options.method ?? 'GET',
      path,
      query: options.query,
      body: options.body,
      headers: options.headers,
      download: false,
    }) as Promise<T>) as ApiClient;
  api.download = (path, options = {}) =>
    answer({
      method: options.method ?? 'GET',
      path,
      query: options.query,
      headers: options.headers,
      body: options.body,
      download: true,
    }) as Promise<ApiDownload>;
  return { api, calls };
}

export interface RenderWithPlatformOptions extends Omit<RenderOptions, 'wrapper'> {
  /** A fake API handler, or a ready client. */
  api?: FakeApiHandler | ApiClient;
  /** Initial location of the MemoryRouter: a path, or a location with its history state. */
  route?: InitialEntry;
  user?: CurrentUser | null;
  config?: Partial<RuntimeConfig>;
  /** What GET /api/me answers (default: an administrator); e.g. `testMe(['CONSULTA'])`. */
  me?: Me | (() => Me);
}

export function renderWithPlatform(
  ui: ReactElement,
  { api, route = '/', user = testUser, config, me, ...options }: RenderWithPlatformOptions = {},
): RenderResult & { api: ApiClient; calls: FakeApiRequest[] } {
  const fake = isClient(api) ? { api, calls: [] as FakeApiRequest[] } : createFakeApi(api, { me });
  // Made once per render call: new objects on every re-render would reset the SWR cache.
  const cache = new Map();
  const swrCache = () => cache;
  const fullConfig = { ...testConfig, ...config };
  const swr = { dedupingInterval: 0, shouldRetryOnError: false };
  const result = render(ui, {
    ...options,
    wrapper: ({ children }) => (
      <PlatformProviders api={fake.api} config={fullConfig} user={user} swrCache={swrCache} swr={swr}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </PlatformProviders>
    ),
  });
  return { ...result, api: fake.api, calls: fake.calls };
}

function isClient(value: FakeApiHandler | ApiClient | undefined): value is ApiClient {
  return typeof value === 'function' && 'download' in value;
}

export interface CapturedDownloads {
  /** Files handed to URL.createObjectURL, in order. */
  files: Blob[];
  /** `<a download>` clicks: the file name and the object URL. */
  saved: Array<{ name: string; href: string }>;
}

/**
 * Captures the files a test's screen saves (saveFile: an object URL and a click on an
 * `<a download>`), which jsdom cannot do. Call once at the top of a test file; the lists are
 * emptied before each test and the browser functions restored after it.
 */
export function captureDownloads(): CapturedDownloads {
  const captured: CapturedDownloads = { files: [], saved: [] };
  beforeEach(() => {
    captured.files.length = 0;
    captured.saved.length = 0;
    URL.createObjectURL = jest.fn((file: Blob) => {
      captured.files.push(file);
      return `blob:test/${captured.files.length}`;
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      captured.saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
    });
  });
  afterEach(() => jest.restoreAllMocks());
  return captured;
}
