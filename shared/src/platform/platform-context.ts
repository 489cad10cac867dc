import { createContext, useContext } from 'react';
import type { ApiClient } from './api-client';
import type { RuntimeConfig } from './runtime-config';

export interface CurrentUser {
  name: string;
  email: string;
  picture?: string;
}

export interface PlatformContextValue {
  api: ApiClient;
  config: RuntimeConfig;
  user: CurrentUser | null;
}

// Shared as a Module Federation singleton (with all of @almacen/shared), so the shell's provider
// and a remote's hooks see the same context object.
export const PlatformContext = createContext<PlatformContextValue | null>(null);
PlatformContext.displayName = 'AlmacenPlatform';

export function usePlatform(): PlatformContextValue {
  const value = useContext(PlatformContext);
  if (!value) {
    throw new Error('Los hooks de @almacen/shared necesitan <PlatformProviders> (el shell o el bootstrap del remoto).');
  }
  return value;
}
