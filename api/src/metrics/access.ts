// Who may read GET /metrics: a client whose address is in METRICS_ALLOW, or any client with
// `Authorization: Bearer <METRICS_TOKEN>`.
//
// The address is request.ip, the one Fastify computes from TRUST_PROXY and that the sign-in
// throttle counts: the socket's, or X-Forwarded-For's last address that is not a listed proxy.
// A request whose X-Forwarded-For goes further back than that address came through a hop that is
// not listed in TRUST_PROXY (say an nginx on the same machine): request.ip is then that hop, not
// the client, so the address grants nothing and only the token does.
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** `127.0.0.1/8`, `::1`, `10.0.0.0/24` → whether an address is in one of them. */
export function addressMatcher(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (ip) => {
    // An IPv4 client of a dual-stack socket arrives as ::ffff:a.b.c.d.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    const address = mapped ? mapped[1] : ip;
    const version = isIP(address);
    if (!version) return false;
    return list.check(address, version === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Whether X-Forwarded-For names hops beyond request.ip, i.e. request.ip is an unlisted proxy. */
export function forwardedPastAddress(request: FastifyRequest): boolean {
  const header = request.headers['x-forwarded-for'];
  if (header === undefined) return false;
  const hops = (Array.isArray(header) ? header.join(',') : header).split(',').filter((hop) => hop.trim()).length;
  // request.ips (with TRUST_PROXY): the socket, then each hop back to the first one not trusted.
  const resolved = request.ips?.length ?? 1;
  return resolved < hops + 1;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `Authorization: Bearer <token>` carries the token; compared in constant time (both hashed to one length). */
export function bearerMatches(header: string | undefined, token: string | null): boolean {
  if (token === null || header === undefined) return false;
  const given = /^bearer +(\S+) *$/i.exec(header)?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

export function metricsAccess(allow: readonly string[], token: string | null): (request: FastifyRequest) => boolean {
  const allowed = addressMatcher(allow);
  return (request) => bearerMatches(request.headers.authorization, token) || (!forwardedPastAddress(request) && allowed(request.ip));
}
