// The React platform every remote uses: what the shell provides, reached through hooks.
export { ApiError, isApiError, NETWORK_ERROR_MESSAGE } from './api-error';
export { createApiClient, fileNameFrom } from './api-client';
export type { ApiClient, ApiClientOptions, ApiDownload, ApiRequestOptions, HttpMethod, TokenSource } from './api-client';
export { ERROR_TITLE, actionErrorText, loadErrorText } from './error-text';
export { useApi, useCurrentUser, useInvalidate, useRuntimeConfig } from './hooks';
export { Can, Forbidden, ME_KEY, useCan, useMe, usePermissions, useWarehousesWhere } from './access';
export { PERIOD_CLOSINGS_KEY, useClosedUntil } from './period-closings';
export { TOASTER_ID, useNotify } from './notify';
export { createNoticeSpace, NOTICE_OFFSET, NOTICE_WIDTH, NOTICE_ZONE_PX, noticeLift, useKeepNoticesClear } from './notice-space';
export type { Rect, WindowSize } from './notice-space';
export type { Notify } from './notify';
export { PlatformContext, usePlatform } from './platform-context';
export type { CurrentUser, PlatformContextValue } from './platform-context';
export { PlatformProviders } from './platform-providers';
export type { PlatformProvidersProps } from './platform-providers';
export { CONFIG_LOAD_ERROR, loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';
export type { OidcRuntimeConfig, RuntimeConfig } from './runtime-config';
export { almacenBrand, almacenTheme } from './theme';
export { AlmacenLogo } from './logo';
export type { AlmacenLogoProps } from './logo';
export { CALLBACK_PATH, createOidcSession, toCurrentUser } from './auth/oidc-session';
export type { OidcSession } from './auth/oidc-session';
export { effectiveApiBaseUrl } from './dev';
export { startStandalone } from './standalone';
export type { StandaloneOptions } from './standalone';
export { Money, moneyText } from './money';
export type { MoneyKind, MoneyProps } from './money';
export { documentLink, useLinkedDocumentId } from './document-link';
export {
  useCurrentWarehouse,
  useWarehouseId,
  useWarehouseLink,
  useWarehouseNavigate,
  WarehouseLink,
  useWarehousePath,
  WAREHOUSE_PARAM,
  WarehouseProvider,
  withWarehouse,
} from './warehouse';
export type { CurrentWarehouse, WarehouseChoice } from './warehouse';
