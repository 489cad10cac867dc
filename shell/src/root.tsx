// The shell's tree: sign-in state → the platform providers (with the signed-in user) → routes.
import { useMemo, type ReactNode } from 'react';
import type { Cache } from 'swr';
import {
  createApiClient,
  effectiveApiBaseUrl,
  PlatformProviders,
  type ApiClient,
  type OidcSession,
  type RuntimeConfig,
} from '@almacen/shared';
import { AuthProvider, useAuth } from './auth/auth-context';
import { watchForbidden } from './auth/forbidden-answers';

/**
 * The api client of the portal: bearer from the session, one renewal on 401, then sign-in; `fetch`
 * (startup.ts) may answer a request that went out before the app ran.
 */
export function createPortalApi(config: RuntimeConfig, session: OidcSession, fetch?: typeof globalThis.fetch): ApiClient {
  return createApiClient({
    baseUrl: effectiveApiBaseUrl(config.apiBaseUrl),
    fetch,
    auth: {
      getAccessToken: () => session.getAccessToken(),
      renewAccessToken: () => session.renewAccessToken(),
      signIn: () => session.signIn(window.location.pathname + window.location.search),
    },
  });
}

function Platform({
  config,
  api,
  swrCache,
  children,
}: {
  config: RuntimeConfig;
  api: ApiClient;
  swrCache?: () => Cache;
  children: ReactNode;
}) {
  const { user } = useAuth();
  return (
    <PlatformProviders api={api} config={config} user={user} swrCache={swrCache}>
      {children}
    </PlatformProviders>
  );
}

export interface ShellRootProps {
  config: RuntimeConfig;
  session: OidcSession;
  api?: ApiClient;
  /** A cache of its own (tests: one per render, so no answer leaks into the next test). */
  swrCache?: () => Cache;
  children: ReactNode;
}

export function ShellRoot({ config, session, api, swrCache, children }: ShellRootProps) {
  const client = useMemo(() => watchForbidden(api ?? createPortalApi(config, session)), [api, config, session]);
  return (
    <AuthProvider session={session}>
      <Platform config={config} api={client} swrCache={swrCache}>
        {children}
      </Platform>
    </AuthProvider>
  );
}
