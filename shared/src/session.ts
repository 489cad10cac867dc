// What the shell needs before the shared modules are loaded: the runtime configuration and the
// sign-in, neither of which uses React. Not a shared singleton: the shell bundles it in its entry
// (shell/src/startup.ts), so the code exchange and GET /api/me go out while the rest downloads.
export { inlineRuntimeConfig, INLINE_CONFIG_ID, loadRuntimeConfig } from './platform/runtime-config';
export type { OidcRuntimeConfig, RuntimeConfig } from './platform/runtime-config';
export { CALLBACK_PATH, createOidcSession } from './platform/auth/oidc-session';
export type { OidcSession } from './platform/auth/oidc-session';
export { effectiveApiBaseUrl } from './platform/dev';
