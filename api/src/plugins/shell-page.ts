// The shell's index.html as this process sends it: the build's file with the answer of
// /config.json written into it, as a JSON data block (`<script type="application/json">`, which
// the browser never runs: the CSP's script-src stays 'self'), so the shell starts signing in
// without asking for its settings first. The configuration and the remotes' pages are read on
// every request, as for /config.json, so a rebuilt remote shows on the next load; the page is
// revalidated (no-cache) and answers 304 to an unchanged If-None-Match.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** The element the shell reads (INLINE_CONFIG_ID of shared/src/platform/runtime-config.ts). */
export const INLINE_CONFIG_ID = 'almacen-config';

/** `settings` as a data block any page may carry: `<` is escaped, so no `</script>` can close it. */
export function withInlineConfig(html: string, settings: unknown): string {
  const json = JSON.stringify(settings)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const block = `<script id="${INLINE_CONFIG_ID}" type="application/json">${json}</script>`;
  const head = html.indexOf('</head>');
  return head < 0 ? `${block}${html}` : `${html.slice(0, head)}${block}${html.slice(head)}`;
}

export const pageTag = (body: string) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export interface EncodedPage {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

/**
 * The page compressed for `acceptEncoding`, once per distinct page (it changes only with the
 * configuration or a remote's pages): deep links are answered from a hook, which
 * @fastify/compress does not compress, and each load of the shell is one of them.
 */
export function pageEncoder(keep = 8): (tag: string, body: string, acceptEncoding: string | undefined) => EncodedPage {
  const encoded = new Map<string, Partial<Record<'br' | 'gzip', Buffer>>>();
  return (tag, body, acceptEncoding) => {
    const accepted = new Set(
      (acceptEncoding ?? '')
        .split(',')
        .map((part) =>
          part
            .trim()
            .toLowerCase()
            .split(/\s*;\s*/),
        )
        .filter(([, q]) => !/^q=0(\.0*)?$/.test(q ?? ''))
        .map(([name]) => name),
    );
    const accepts = (name: string) => accepted.has(name);
    const encoding = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
    if (!encoding) return { body: Buffer.from(body) };
    let variants = encoded.get(tag);
    if (!variants) {
      if (encoded.size >= keep) encoded.delete(encoded.keys().next().value!);
      variants = {};
      encoded.set(tag, variants);
    }
    variants[encoding] ??=
      encoding === 'br'
        ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
        : zlib.gzipSync(body, { level: 9 });
    return { body: variants[encoding], encoding };
  };
}

/** index.html as built, read again only when the file changes. */
export function builtPage(file: string): () => Promise<string> {
  let cached: { mtimeMs: number; size: number; html: string } | undefined;
  return async () => {
    const stat = await fs.promises.stat(file);
    if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      cached = { mtimeMs: stat.mtimeMs, size: stat.size, html: await fs.promises.readFile(file, 'utf8') };
    }
    return cached.html;
  };
}

/**
 * The embedded provider's discovery document, asked of it once (it depends on the configuration
 * only; the keys are in its JWKS, not here), for the shell's configuration: the sign-in then skips
 * that request. An external provider's is not copied: the browser asks the provider itself.
 */
export function embeddedDiscovery(app: FastifyInstance, config: Config): () => Promise<Record<string, unknown> | undefined> {
  let discovery: Promise<Record<string, unknown> | undefined> | undefined;
  return () => {
    if (!config.oidcEmbedded) return Promise.resolve(undefined);
    discovery ??= app
      .inject({ method: 'GET', url: `${new URL(config.oidcIssuer).pathname}/.well-known/openid-configuration` })
      .then((response) => {
        const document = response.statusCode === 200 ? (response.json() as Record<string, unknown>) : undefined;
        if (document?.issuer !== config.oidcIssuer) throw new Error('discovery');
        return document;
      })
      .catch(() => {
        // Asked again next time; meanwhile the browser discovers it as before.
        discovery = undefined;
        return undefined;
      });
    return discovery;
  };
}
