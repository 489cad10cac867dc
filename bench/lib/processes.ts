// The bench's other processes: their CPU time from /proc, and a bare static server to compare with.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); NaN elsewhere. */
export function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS = 100; // USER_HZ on Linux
/** This process's CPU time so far, in ms. */
export const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * A bare node:http server in its own process answering every request with `file`'s bytes (with
 * `Content-Encoding: encoding` when given: bytes already compressed, sent as they are).
 */
export async function staticServer(file: string, encoding?: string): Promise<{ base: string; stop(): void }> {
  const code = `
    const http = require('node:http'); const fs = require('node:fs');
    const body = fs.readFileSync(process.argv[1]);
    const encoding = process.argv[2] ? { 'content-encoding': process.argv[2], vary: 'accept-encoding' } : {};
    const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, ...encoding }); res.end(body); });
    server.keepAliveTimeout = 72000;
    server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));`;
  const child = spawn(process.execPath, ['-e', code, file, ...(encoding ? [encoding] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (c) => reject(new Error(`servidor estático terminó (${c})`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}
