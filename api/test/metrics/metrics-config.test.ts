// METRICS_ALLOW and METRICS_TOKEN as config.ts reads them, and the address matching of
// metrics/access.ts that uses them.
import { loadConfig } from '../../src/config';
import { addressMatcher, bearerMatches } from '../../src/metrics/access';
import { configProblems } from '../helpers/config-problems';

const problems = configProblems;

test('by default only this machine may read /metrics, and there is no token', () => {
  const config = loadConfig({});
  expect(config.metricsAllow).toEqual(['127.0.0.1/8', '::1']);
  expect(config.metricsToken).toBeNull();
});

test('METRICS_ALLOW takes addresses and CIDR ranges separated by commas', () => {
  expect(loadConfig({ METRICS_ALLOW: ' 10.0.0.5, 172.16.0.0/12,,fd00::/8 ' }).metricsAllow).toEqual([
    '10.0.0.5',
    '172.16.0.0/12',
    'fd00::/8',
  ]);
});

test('a bad METRICS_ALLOW entry is named in a Spanish message', () => {
  for (const bad of ['10.0.0.0/33', 'fd00::/129', 'prometheus.example.mx', '10.0.0.1/8/2', 'loopback', '*', '10.0.0/8', '10.0.0.0/']) {
    expect(problems({ METRICS_ALLOW: bad })).toEqual([
      `METRICS_ALLOW debe listar direcciones IP o rangos CIDR (como 127.0.0.1/8, ::1 o 10.0.0.0/24) separados por comas (recibido: "${bad}").`,
    ]);
  }
});

test('METRICS_TOKEN: 16 visible characters at least, no spaces', () => {
  expect(loadConfig({ METRICS_TOKEN: ' 0123456789abcdef ' }).metricsToken).toBe('0123456789abcdef');
  for (const bad of ['corto', '0123456789abcde', 'con espacios dentro 123', 'contraseña-con-eñe-123']) {
    expect(problems({ METRICS_TOKEN: bad })).toEqual([
      'METRICS_TOKEN debe tener al menos 16 caracteres, sin espacios ni acentos; genera uno con: openssl rand -hex 32',
    ]);
  }
});

test('addresses match their ranges, IPv4 clients of a dual-stack socket included', () => {
  const allowed = addressMatcher(['127.0.0.1/8', '::1', '10.20.0.0/16', '2001:db8::/32']);
  for (const ip of ['127.0.0.1', '127.9.8.7', '::ffff:127.0.0.1', '::1', '10.20.255.1', '2001:db8::5']) {
    expect([ip, allowed(ip)]).toEqual([ip, true]);
  }
  for (const ip of ['128.0.0.1', '10.21.0.1', '::2', '2001:db9::1', '::ffff:10.21.0.1', 'no-es-ip', '']) {
    expect([ip, allowed(ip)]).toEqual([ip, false]);
  }
});

test('the bearer token must be the whole credential', () => {
  const token = '0123456789abcdef';
  expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
  expect(bearerMatches(`Bearer ${token}`, null)).toBe(false);
  expect(bearerMatches(undefined, token)).toBe(false);
  expect(bearerMatches(`Bearer ${token}0`, token)).toBe(false);
  expect(bearerMatches(`Token ${token}`, token)).toBe(false);
});
