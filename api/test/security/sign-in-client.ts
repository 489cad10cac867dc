// Speaking to the embedded provider's sign-in over REAL HTTP as the attack tests need: every
// request on its own connection (no pool to queue behind, so they really run at once) and from a
// chosen loopback address (127.0.0.x all reach the server on Linux), optionally through headers
// a proxy would add.
import http from 'node:http';
import { OidcTestClient } from '../idp/oidc-client';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The local address the connection comes from. */
  from?: string;
}

/** One request on its own connection, from the given local address. */
export function send(url: string, { method = 'GET', headers = {}, body, from = '127.0.0.1' }: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method,
        agent: false,
        localAddress: from,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export interface LoginForm {
  action: string;
  cookie: string;
}

/** A sign-in page opened as a browser would (its interaction cookie and form action). */
export async function openSignInForm(publicUrl: string): Promise<LoginForm> {
  const client = new OidcTestClient({ publicUrl });
  const page = await client.openLoginPage();
  const action = new URL(OidcTestClient.formAction(page.html), publicUrl).toString();
  return { action, cookie: client.jar.header(action) };
}

/** The sign-in form posted with `username` and `password` from `from`, with extra headers if given. */
export const guess = (form: LoginForm, username: string, password: string, from: string, headers: Record<string, string> = {}) =>
  send(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie, ...headers },
    body: new URLSearchParams({ username, password }).toString(),
    from,
  });
