// A body kept compressed: a list sent many times per version — the products list —
// is compressed once per version and encoding, so a cached answer costs no compression work.
// @fastify/compress (app.ts) leaves an answer alone when it already has a Content-Encoding, so
// these bytes are never compressed twice; a client that takes neither br nor gzip gets the plain
// text, which the plugin may still compress its own way (deflate, zstd).
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

export type Precompression = 'br' | 'gzip';

/**
 * Brotli 7 and gzip 8, once per version, off the event loop (zlib's thread pool): each list is
 * compressed once and sent many times, so a level that makes it smaller is worth some time, up to
 * where a higher level costs much more for almost no saving (bench/ measures the product list).
 */
const COMPRESS: Record<Precompression, (text: Buffer) => Promise<Buffer>> = {
  br: (text) =>
    new Promise((resolve, reject) =>
      zlib.brotliCompress(
        text,
        {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 7,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length,
          },
        },
        (error, bytes) => (error ? reject(error) : resolve(bytes)),
      ),
    ),
  gzip: (text) =>
    new Promise((resolve, reject) => zlib.gzip(text, { level: 8 }, (error, bytes) => (error ? reject(error) : resolve(bytes)))),
};

/** The text of one version of an answer and its compressed variants, each made on first use. */
export class PrecompressedBody {
  private readonly text: Buffer;
  private readonly variants = new Map<Precompression, Promise<Buffer>>();

  constructor(body: string) {
    this.text = Buffer.from(body, 'utf8');
  }

  /** The uncompressed bytes. */
  get plain(): Buffer {
    return this.text;
  }

  /** The bytes in `encoding`; computed once (concurrent callers share the work). */
  variant(encoding: Precompression): Promise<Buffer> {
    let variant = this.variants.get(encoding);
    if (!variant) {
      variant = COMPRESS[encoding](this.text);
      // A failure is not kept: the next request tries again.
      variant.catch(() => this.variants.delete(encoding));
      this.variants.set(encoding, variant);
    }
    return variant;
  }
}

/**
 * The kept encoding to send for an Accept-Encoding header (RFC 9110 §12.5.3): br or gzip (also
 * as x-gzip or `*`), whichever has the higher q-value (br on a tie), or null when neither is
 * acceptable (q=0, absent) or the client prefers the plain text (identity with a higher q).
 */
export function preferredPrecompression(header: string | string[] | undefined): Precompression | null {
  if (header === undefined) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    let q = 1;
    for (const parameter of parameters) {
      const match = /^q=([01](?:\.\d{0,3})?)$/.exec(parameter);
      if (match) q = Math.min(1, Number(match[1]));
    }
    const coding = name === 'x-gzip' ? 'gzip' : name;
    weights.set(coding, Math.max(q, weights.get(coding) ?? 0));
  }
  const any = weights.get('*');
  const weight = (coding: string) => weights.get(coding) ?? any ?? 0;
  const best: Precompression = weight('br') >= weight('gzip') ? 'br' : 'gzip';
  if (weight(best) <= 0) return null;
  const identity = weights.get('identity');
  if (identity !== undefined && identity > weight(best)) return null;
  return best;
}

/** Adds Accept-Encoding to the Vary header, keeping what is there (CORS's Origin). */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : current === undefined ? '' : String(current))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.includes('*') || values.some((value) => value.toLowerCase() === 'accept-encoding')) return;
  // Lower case, as @fastify/compress writes and looks for it (it would add a second one).
  reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

/**
 * Sends `body` as JSON in the encoding the client prefers among the kept ones (or plain), with
 * Vary: Accept-Encoding so a shared cache keeps the variants apart.
 */
export async function sendPrecompressed(reply: FastifyReply, body: PrecompressedBody, acceptEncoding: string | string[] | undefined) {
  varyOnAcceptEncoding(reply);
  reply.type('application/json; charset=utf-8');
  const encoding = preferredPrecompression(acceptEncoding);
  if (!encoding) return reply.send(body.plain);
  const bytes = await body.variant(encoding);
  return reply.header('content-encoding', encoding).send(bytes);
}
