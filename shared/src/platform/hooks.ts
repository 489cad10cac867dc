// The hooks a remote uses to reach what the shell provides.
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { ApiClient } from './api-client';
import { usePlatform, type CurrentUser } from './platform-context';
import type { RuntimeConfig } from './runtime-config';

/** The auth-aware client: `api<T>(path, options)` resolves to the unwrapped `data`. */
export function useApi(): ApiClient {
  return usePlatform().api;
}

/** The contents of /config.json. */
export function useRuntimeConfig(): RuntimeConfig {
  return usePlatform().config;
}

const nobody: CurrentUser = { name: '', email: '' };

/** The signed-in person: name, e-mail and, when the provider sends one, a picture URL. */
export function useCurrentUser(): CurrentUser {
  return usePlatform().user ?? nobody;
}

/**
 * `invalidate('/api/stock', '/api/movements')` revalidates every cached SWR key starting with one
 * of the prefixes — across remotes, because all of them share the shell's one SWR cache.
 */
export function useInvalidate(): (...prefixes: string[]) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(
    (...prefixes: string[]) => mutate((key) => typeof key === 'string' && prefixes.some((prefix) => key.startsWith(prefix))),
    [mutate],
  );
}

/** `refresh('/api/stock/1')` reads these exact keys again ('/api/stock/1' is not '/api/stock/12'). */
export function useRefresh(): (...keys: string[]) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback((...keys: string[]) => Promise.all(keys.map((key) => mutate(key))), [mutate]);
}
