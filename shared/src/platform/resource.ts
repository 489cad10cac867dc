// How every screen reads a resource: SWR on the API path (keys.ts), fetched by the platform's
// authenticated client, with the API's error type. A null key fetches nothing (a detail not yet
// chosen). The platform's own reads (/api/me, the closings the date pickers need) go through it too.
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiClient } from './api-client';
import type { ApiError } from './api-error';
import { useApi } from './hooks';

export type Resource<T> = SWRResponse<T, ApiError>;

/** Reads the answer at `path` as it is; a resource may read it its own way (`read`). */
const asAnswered = <T>(api: ApiClient, path: string) => api<T>(path);

export function useResource<T>(
  key: string | null,
  config?: SWRConfiguration<T, ApiError>,
  read: (api: ApiClient, path: string) => Promise<T> = asAnswered,
): Resource<T> {
  const api = useApi();
  return useSWR<T, ApiError>(key, (path: string) => read(api, path), config);
}
