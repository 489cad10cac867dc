// `npm run users|seed|backup|restore -w @almacen/api -- …` (the root's `npm run backup|restore`
// too): one command for a checkout and for the production image. A checkout (src/ present) runs
// the TypeScript sources through tsx, so the command always matches the code whether or not it
// was built; the image holds only the compiled dist/ (and no tsx) and runs dist/cli/<command>.js
// with plain node.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const COMMANDS = ['users', 'seed', 'backup', 'restore'];

// A backup or a restore passes every row of the database through this one process, yet holds only
// a batch at a time (about 10 MB stay live at any size). Left to its defaults, V8 sizes the heap of
// so long a run for throughput: the young generation doubles up to its maximum (128 MB on a
// machine with 23 GB of memory; it follows the machine's) and the old one lets promoted garbage
// reach up to four times what is live, so the peak RSS grows with the database until those bounds
// (about three times that of a small database at a million movements, bench/backup.ts). Semi-spaces of at most 2 MB and an old
// generation that grows by half of what is live keep the peak where it starts; what it costs is
// CPU in the collector, small beside PostgreSQL's share of the work.
const NODE_FLAGS = {
  backup: ['--max-semi-space-size=2', '--heap-growing-percent=50'],
  restore: ['--max-semi-space-size=2', '--heap-growing-percent=50'],
};

const here = path.dirname(fileURLToPath(import.meta.url));
const [command, ...args] = process.argv.slice(2);
if (!COMMANDS.includes(command)) {
  process.stderr.write(`Uso: node cli.mjs <${COMMANDS.join('|')}> [argumentos…]\n`);
  process.exit(2);
}

const source = path.join(here, 'src', 'cli', `${command}.ts`);
const entry = fs.existsSync(source) ? ['--import', 'tsx', source] : [path.join(here, 'dist', 'cli', `${command}.js`)];
const child = spawn(process.execPath, [...(NODE_FLAGS[command] ?? []), ...entry, ...args], { stdio: 'inherit' });
// Ctrl+C reaches the child from the terminal already; a SIGTERM sent to us alone is passed on.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
