// During `npm run dev` every dev server proxies /api to the API, so the browser calls its own
// origin and no CORS setup is needed. Production builds use /config.json's apiBaseUrl as is.
declare const __ALMACEN_DEV_PROXY__: boolean | undefined;

export function effectiveApiBaseUrl(apiBaseUrl: string): string {
  const devProxy = typeof __ALMACEN_DEV_PROXY__ !== 'undefined' && __ALMACEN_DEV_PROXY__;
  return devProxy ? window.location.origin : apiBaseUrl;
}
