// Headers every answer carries, whoever writes it: Fastify's replies (app.ts's onSend hook), the
// router's own refusals (a bad escape, a parameter too long) and the raw answers Node's HTTP
// parser leaves to us (a timeout, a malformed request) — see errors.ts.
import type { Config } from '../config';

/** A route that needs others (the shell's CSP) sets its own first. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

export const HSTS = 'max-age=31536000; includeSubDomains';

/** The security headers, plus HSTS when the portal is reached over https. */
export function securityHeaders(config: Pick<Config, 'publicUrl'>): Record<string, string> {
  return config.publicUrl.startsWith('https://') ? { ...SECURITY_HEADERS, 'strict-transport-security': HSTS } : { ...SECURITY_HEADERS };
}
