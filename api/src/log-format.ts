// How the server's log reads. A collector (docker, systemd, a log service) gets pino's JSON, one
// object a line; a person who ran `npm start` in a terminal gets lines in Spanish: the time on the
// institution's clock, the level in words, the message and, for an error, its message.
import type { DestinationStream } from 'pino';
import { formatDateTime } from '@almacen/shared/domain';

const LEVELS: Record<number, string> = { 10: 'rastreo', 20: 'depuración', 30: 'info', 40: 'aviso', 50: 'error', 60: 'fatal' };

/** Fastify's own messages, said in Spanish; the product's are already. */
function spanish(entry: Record<string, unknown>): string {
  const msg = String(entry.msg ?? '');
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (msg === 'incoming request' && req) return `Petición ${req.method ?? ''} ${req.url ?? ''}`;
  if (msg === 'request completed' && res) {
    const ms = typeof entry.responseTime === 'number' ? ` en ${Math.round(entry.responseTime)} ms` : '';
    return `Respondida con ${res.statusCode ?? ''}${ms}`;
  }
  const listening = /^Server listening at (.+)$/.exec(msg);
  return listening ? `Escuchando en ${listening[1]}` : msg;
}

/** One JSON log line as a person reads it: "01/12/2026 21:45  aviso  El mensaje (causa)". */
export function textLine(json: string, timeZone: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = typeof entry.time === 'number' ? formatDateTime(new Date(entry.time), timeZone) : '';
  const level = (LEVELS[Number(entry.level)] ?? String(entry.level ?? '')).padEnd(5);
  const err = entry.err as { message?: unknown } | undefined;
  const cause = err && typeof err.message === 'string' && err.message !== entry.msg ? ` (${err.message})` : '';
  return `${time}  ${level}  ${spanish(entry)}${cause}\n`;
}

/** Where the logger writes: standard output as JSON, or as text for a terminal. */
export function logDestination(
  format: 'json' | 'text' | 'auto',
  timeZone: string,
  out: NodeJS.WriteStream = process.stdout,
): DestinationStream {
  const text = format === 'text' || (format === 'auto' && out.isTTY === true);
  return text ? { write: (line: string) => void out.write(textLine(line, timeZone)) } : out;
}
