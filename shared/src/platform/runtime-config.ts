// The /config.json contract the API serves and the shell (or a standalone remote) reads at start.

export interface OidcRuntimeConfig {
  authority: string;
  clientId: string;
  scope: string;
  /** Extra authorization parameters some providers need (audience, resource…). */
  extraQueryParams: Record<string, string>;
  /**
   * The provider's discovery document, when the server has it (its own embedded provider): the
   * sign-in then skips fetching it. Absent: discovery from `authority`.
   */
  metadata?: Record<string, unknown>;
}

export interface RuntimeConfig {
  apiBaseUrl: string;
  institutionName: string;
  timeZone: string;
  oidc: OidcRuntimeConfig;
  /**
   * 'embedded': accounts live in Almacén's own identity provider, so "Usuarios" can create them,
   * reset passwords and deactivate; 'external': the institution's provider owns them. Absent in
   * configs written before accounts could live in Almacén (read as 'external': nothing is offered that could fail).
   */
  identityProvider?: 'embedded' | 'external';
  /** Module Federation name → URL of its mf-manifest.json. */
  remotes: Record<string, string>;
  /**
   * Module Federation name → its pages and menu (the pages.json of the build the API serves);
   * checked by the shell with parseRemotePages (@almacen/shared/pages).
   */
  pages?: Record<string, unknown>;
}

export const CONFIG_LOAD_ERROR = 'No pudimos leer la configuración del portal (/config.json).';

/** Checks the shape, so a broken deployment fails with one clear message instead of later. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const fail = (what: string): never => {
    throw new Error(`${CONFIG_LOAD_ERROR} Falta o no es válido: ${what}.`);
  };
  if (!raw || typeof raw !== 'object') fail('el objeto de configuración');
  const value = raw as Partial<RuntimeConfig>;
  if (typeof value.apiBaseUrl !== 'string') fail('apiBaseUrl');
  const oidc = value.oidc as Partial<OidcRuntimeConfig> | undefined;
  if (!oidc || typeof oidc.authority !== 'string' || !oidc.authority) fail('oidc.authority');
  if (typeof oidc!.clientId !== 'string' || !oidc!.clientId) fail('oidc.clientId');
  const remotes = value.remotes ?? {};
  if (typeof remotes !== 'object') fail('remotes');
  return {
    apiBaseUrl: value.apiBaseUrl!.replace(/\/+$/, ''),
    institutionName: typeof value.institutionName === 'string' ? value.institutionName : '',
    timeZone: typeof value.timeZone === 'string' && value.timeZone ? value.timeZone : 'America/Mexico_City',
    oidc: {
      authority: oidc!.authority!,
      clientId: oidc!.clientId!,
      scope: typeof oidc!.scope === 'string' && oidc!.scope ? oidc!.scope : 'openid profile email offline_access',
      extraQueryParams: { ...(oidc!.extraQueryParams ?? {}) },
      ...(oidc!.metadata && typeof oidc!.metadata === 'object' && oidc!.metadata.issuer === oidc!.authority
        ? { metadata: { ...oidc!.metadata } }
        : {}),
    },
    identityProvider: value.identityProvider === 'embedded' ? 'embedded' : 'external',
    remotes: { ...remotes },
    pages: value.pages && typeof value.pages === 'object' ? { ...value.pages } : {},
  };
}

/** The element in which the API's index.html carries /config.json's answer. */
export const INLINE_CONFIG_ID = 'almacen-config';

/**
 * The configuration the server wrote into the page (`<script type="application/json">`, data the
 * browser never runs), or null where the page has none (a dev server, nginx's static file) or it
 * does not pass the check: then /config.json is asked.
 */
export function inlineRuntimeConfig(doc: Document = document): RuntimeConfig | null {
  const text = doc.getElementById(INLINE_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return parseRuntimeConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Fetches and checks /config.json (never cached: a redeploy may change remotes). */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch {
    throw new Error(CONFIG_LOAD_ERROR);
  }
  if (!response.ok) throw new Error(`${CONFIG_LOAD_ERROR} (HTTP ${response.status})`);
  return parseRuntimeConfig(await response.json());
}
