// The server's log: JSON for a collector, Spanish lines for a person at a terminal.
import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { logDestination, textLine } from '../src/log-format';

function terminal(isTTY: boolean) {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  out.isTTY = isTTY;
  return { out, lines };
}

test('a terminal reads Spanish lines: the institution’s clock, the level in words, the message and its cause', () => {
  const { out, lines } = terminal(true);
  const logger = pino({ level: 'info' }, logDestination('auto', 'America/Mexico_City', out));
  logger.warn('La base de datos tardó en responder.');
  logger.error({ err: new Error('conexión rechazada') }, 'No fue posible conectar con la base de datos.');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d {2}aviso {2}La base de datos tardó en responder\.\n$/);
  expect(lines[1]).toMatch(/ {2}error {2}No fue posible conectar con la base de datos\. \(conexión rechazada\)\n$/);
  expect(lines.join('')).not.toContain('{');
});

test('anything else (docker, systemd, a pipe) gets one JSON object a line; LOG_FORMAT decides when set', () => {
  const pipe = terminal(false);
  pino({}, logDestination('auto', 'UTC', pipe.out)).info('listo');
  expect(JSON.parse(pipe.lines[0])).toMatchObject({ level: 30, msg: 'listo' });
  const forcedJson = terminal(true);
  pino({}, logDestination('json', 'UTC', forcedJson.out)).info('listo');
  expect(JSON.parse(forcedJson.lines[0]).msg).toBe('listo');
  const forcedText = terminal(false);
  pino({}, logDestination('text', 'UTC', forcedText.out)).info('listo');
  expect(forcedText.lines[0]).toMatch(/ {2}info {3}listo\n$/);
  expect(textLine('no es json', 'UTC')).toBe('no es json\n');
  // Fastify's own lines in Spanish too
  const at = (msg: string, extra: object = {}) => textLine(JSON.stringify({ level: 30, time: 0, msg, ...extra }), 'UTC');
  expect(at('Server listening at http://127.0.0.1:8080')).toMatch(/ {2}Escuchando en http:\/\/127\.0\.0\.1:8080\n$/);
  expect(at('incoming request', { req: { method: 'GET', url: '/healthz' } })).toMatch(/ {2}Petición GET \/healthz\n$/);
  expect(at('request completed', { res: { statusCode: 200 }, responseTime: 2.6 })).toMatch(/ {2}Respondida con 200 en 3 ms\n$/);
});

test('LOG_FORMAT accepts json or text and refuses anything else in Spanish', () => {
  const base = { OIDC_ISSUER: 'https://login.ejemplo.mx', DATABASE_URL: 'postgres://localhost/almacen' };
  expect(loadConfig({ ...base }).logFormat).toBe('auto');
  expect(loadConfig({ ...base, LOG_FORMAT: 'text' }).logFormat).toBe('text');
  expect(() => loadConfig({ ...base, LOG_FORMAT: 'yaml' })).toThrow('LOG_FORMAT debe ser json o text (recibido: "yaml").');
});
