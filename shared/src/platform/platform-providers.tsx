// Everything a screen needs from the platform, provided ONCE: by the shell for the whole portal,
// or by a remote's bootstrap when it runs alone. Remotes' exposed Apps never render this.
import { useMemo, type ReactNode } from 'react';
import { SWRConfig, type Cache, type SWRConfiguration } from 'swr';
import { FluentProvider } from '@almacen/shared/fluent';
import type { ApiClient } from './api-client';
import { isApiError } from './api-error';
import { NoticeToaster } from './notice-space';
import { TOASTER_ID } from './notify';
import { PlatformContext, type CurrentUser, type PlatformContextValue } from './platform-context';
import type { RuntimeConfig } from './runtime-config';
import { almacenTheme } from './theme';

export interface PlatformProvidersProps {
  api: ApiClient;
  config: RuntimeConfig;
  user: CurrentUser | null;
  /** Tests give each render its own cache. */
  swrCache?: () => Cache;
  /** Extra SWR settings (tests turn deduping off). */
  swr?: SWRConfiguration;
  children: ReactNode;
}

export function PlatformProviders({ api, config, user, swrCache, swr, children }: PlatformProvidersProps) {
  const platform = useMemo<PlatformContextValue>(() => ({ api, config, user }), [api, config, user]);
  const swrValue = useMemo<SWRConfiguration>(
    () => ({
      // SWR keys are API paths, so the fetcher is the api client itself.
      fetcher: (key: string) => api(key),
      revalidateOnFocus: false,
      // A 4xx will not change by asking again; network faults and 5xx are retried.
      onErrorRetry: (error, _key, configuration, revalidate, { retryCount }) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return;
        if (retryCount >= 3) return;
        setTimeout(() => revalidate({ retryCount }), (configuration.errorRetryInterval ?? 5000) * retryCount);
      },
      ...(swrCache ? { provider: swrCache } : {}),
      ...swr,
    }),
    [api, swrCache, swr],
  );
  return (
    <FluentProvider theme={almacenTheme} style={{ minHeight: '100vh' }}>
      <PlatformContext.Provider value={platform}>
        <NoticeToaster toasterId={TOASTER_ID}>
          <SWRConfig value={swrValue}>{children}</SWRConfig>
        </NoticeToaster>
      </PlatformContext.Provider>
    </FluentProvider>
  );
}
