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

const here = path.dirname(fileURLToPath(import.meta.url));
const [command, ...args] = process.argv.slice(2);
if (!COMMANDS.includes(command)) {
  process.stderr.write(`Uso: node cli.mjs <${COMMANDS.join('|')}> [argumentos…]\n`);
  process.exit(2);
}

const source = path.join(here, 'src', 'cli', `${command}.ts`);
const entry = fs.existsSync(source) ? ['--import', 'tsx', source] : [path.join(here, 'dist', 'cli', `${command}.js`)];
const child = spawn(process.execPath, [...entry, ...args], { stdio: 'inherit' });
// Ctrl+C reaches the child from the terminal already; a SIGTERM sent to us alone is passed on.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
