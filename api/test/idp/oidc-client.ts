// A tiny OpenID Connect client speaking plain HTTP to the embedded provider, as a browser and
// oidc-client-ts would: authorization request with PKCE (S256), the sign-in form, the code
// exchange and the refresh. Used by the provider's tests and by the browser tests' apiToken().
import { createHash, randomBytes } from 'node:crypto';

export class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const pathAttr = attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('path='));
      const path = pathAttr ? pathAttr.slice(5) : '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a.trim()) || /^expires=Thu, 01 Jan 1970/i.test(a.trim()));
      const key = `${name}|${path}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  header(url: string): string {
    const path = new URL(url).pathname;
    return [...this.cookies.entries()]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([key, c]) => `${key.split('|')[0]}=${c.value}`)
      .join('; ');
  }
}

export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  id_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

export interface FlowOptions {
  /** The portal's origin, e.g. http://127.0.0.1:18080 (PUBLIC_URL). */
  publicUrl: string;
  clientId?: string;
  scope?: string;
}

export class OidcTestClient {
  readonly jar = new CookieJar();
  readonly verifier = randomBytes(32).toString('base64url');
  readonly state = randomBytes(12).toString('base64url');
  readonly nonce = randomBytes(12).toString('base64url');
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scope: string;

  constructor(private readonly options: FlowOptions) {
    this.clientId = options.clientId ?? 'almacen-portal';
    this.redirectUri = `${options.publicUrl}/auth/callback`;
    this.scope = options.scope ?? 'openid profile email offline_access';
  }

  get issuer(): string {
    return `${this.options.publicUrl}/oidc`;
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const absolute = new URL(url, this.options.publicUrl).toString();
    const headers = new Headers(init.headers);
    const cookie = this.jar.header(absolute);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(absolute, { ...init, headers, redirect: 'manual' });
    this.jar.store(response);
    return response;
  }

  postForm(url: string, form: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  authorizationUrl(extra: Record<string, string> = {}): string {
    const challenge = createHash('sha256').update(this.verifier).digest('base64url');
    const params = new URLSearchParams({
      client_id: this.clientId,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: this.scope,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: this.state,
      nonce: this.nonce,
      ...extra,
    });
    return `${this.issuer}/auth?${params}`;
  }

  /** Follows redirects until the sign-in page or the redirect URI; returns where it stopped. */
  async follow(response: Response): Promise<{ response: Response; url: string }> {
    let current = response;
    let url = '';
    for (let hops = 0; hops < 10 && current.status >= 300 && current.status < 400; hops++) {
      url = new URL(current.headers.get('location')!, this.options.publicUrl).toString();
      if (url.startsWith(this.redirectUri)) return { response: current, url };
      current = await this.request(url);
    }
    return { response: current, url };
  }

  /** Starts the flow and returns the sign-in page (its URL and HTML). */
  async openLoginPage(extra: Record<string, string> = {}): Promise<{ url: string; html: string; status: number; response: Response }> {
    const { response, url } = await this.follow(await this.request(this.authorizationUrl(extra)));
    return { url, html: await response.text(), status: response.status, response };
  }

  static formAction(html: string): string {
    const match = /<form method="post" action="([^"]+)"/.exec(html);
    if (!match) throw new Error('La página no tiene el formulario de inicio de sesión.');
    return match[1].replace(/&amp;/g, '&');
  }

  /** Submits the sign-in form; on success follows to the redirect URI and returns the code. */
  async submitLogin(loginHtml: string, username: string, password: string): Promise<{ response: Response; code?: string; html?: string }> {
    const first = await this.postForm(OidcTestClient.formAction(loginHtml), { username, password });
    if (first.status < 300 || first.status >= 400) return { response: first, html: await first.text() };
    const { response, url } = await this.follow(first);
    if (!url.startsWith(this.redirectUri)) return { response, html: await response.text() };
    const params = new URL(url).searchParams;
    if (params.get('state') !== this.state) throw new Error('El parámetro state no coincide.');
    return { response, code: params.get('code') ?? undefined };
  }

  async exchangeCode(code: string, verifier = this.verifier): Promise<Response> {
    return this.postForm(`${this.issuer}/token`, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri,
      client_id: this.clientId,
      code_verifier: verifier,
    });
  }

  async refresh(refreshToken: string): Promise<Response> {
    return this.postForm(`${this.issuer}/token`, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: this.clientId });
  }

  /** The whole flow: sign in with the given credentials and return the tokens. */
  async signIn(username: string, password: string): Promise<TokenSet> {
    const page = await this.openLoginPage();
    const { code, html } = await this.submitLogin(page.html, username, password);
    if (!code) throw new Error(`El inicio de sesión no terminó: ${html?.slice(0, 300)}`);
    const response = await this.exchangeCode(code);
    if (!response.ok) throw new Error(`El intercambio del código falló (${response.status}): ${await response.text()}`);
    return (await response.json()) as TokenSet;
  }
}
