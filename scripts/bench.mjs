// `npm run bench`: the performance figures, each as a ratio against a baseline measured in the
// same run (the machine is shared and noisy, so absolute numbers mean little on their own).
// Runs, one after the other so they do not disturb each other:
//   bench/api.ts      stock lookups, a 20-line dispatch, the 10,000-product list
//   bench/reports.ts  the reports (written with the reports module; its rows are folded in here)
//   bench/portal.ts   the portal in Chromium (builds the front end first when it is missing)
//   bench/catalog-table.ts  the products table in Chromium, 10,000 vs 100 products
// and prints ONE markdown table, also written to bench/RESULTS.md with the date, the machine and
// the commit. Database: DATABASE_URL's server (throwaway databases) or an embedded PostgreSQL.
// Exits non-zero when a part failed (its row says so); the other rows are still written.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'bench', 'RESULTS.md');
const FRONT_ENDS = ['shell', 'mf-catalogs', 'mf-invoices', 'mf-dispatches', 'mf-stock'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const log = (line) => process.stderr.write(`${line}\n`);
const cell = (text) => String(text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Runs a bench part in its own node process; resolves with its stdout. Progress goes to stderr. */
function runPart(name, args, timeoutMs) {
  return new Promise((resolve, reject) => {
    log(`\n== ${name} ==`);
    const started = Date.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const timer = setTimeout(() => {
      log(`${name}: excedió ${timeoutMs / 1000} s; deteniéndolo…`);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 25_000).unref();
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      log(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
      if (code === 0) resolve(out);
      else reject(new Error(`${name} terminó con ${code ?? signal}`));
    });
  });
}

const failedRow = (figure, error) => ({ figure, baseline: '—', measured: `falló: ${error.message}`, ratio: '—', failed: true });

/** The last stdout line of bench/api.ts and bench/portal.ts is a JSON array of rows. */
function jsonRows(out) {
  const last = out.trim().split('\n').pop() ?? '';
  return JSON.parse(last);
}

/**
 * bench/reports.ts prints its own markdown table (one row per report and format); each row
 * becomes a row of ours, its extra columns go to the detail.
 */
function reportRows(out) {
  const lines = out.split('\n').map((l) => l.trim());
  const headerAt = lines.findIndex((l, i) => l.startsWith('|') && lines[i + 1]?.startsWith('|---'));
  if (headerAt < 0) throw new Error('bench/reports.ts no imprimió su tabla');
  const split = (l) => l.replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
  const header = split(lines[headerAt]);
  const col = (row, name) => row[header.findIndex((h) => h.toLowerCase().startsWith(name.toLowerCase()))] ?? '';
  const idle = lines.find((l) => l.startsWith('/healthz sin carga'));
  const rows = [];
  for (const line of lines.slice(headerAt + 2)) {
    if (!line.startsWith('|')) break;
    const r = split(line);
    const rest = header
      .map((h, i) => [h, r[i]])
      .filter(([h]) => !/^(Reporte|Filas|Formato|SELECT simple|Razón)$/i.test(h))
      .map(([h, v]) => `${h}: ${v}`);
    rows.push({
      figure: `Reporte: ${r[0]} (${col(r, 'Filas')}), ${col(r, 'Formato')}`,
      baseline: `${col(r, 'SELECT simple')} — SELECT simple de las mismas filas`,
      measured: r[header.indexOf('Reporte', 1)] ?? r[4],
      ratio: col(r, 'Razón'),
      note: rest.join('; '),
    });
  }
  if (!rows.length) throw new Error('la tabla de bench/reports.ts no tiene filas');
  if (idle) rows[0].note = `${rows[0].note}; ${idle}`;
  return rows;
}

function frontEndBuilt() {
  return FRONT_ENDS.every((f) => fs.existsSync(path.join(ROOT, f, 'dist', f === 'shell' ? 'index.html' : 'mf-manifest.json')));
}

function git(...args) {
  const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
}

async function main() {
  const started = Date.now();
  const rows = [];

  try {
    rows.push(...jsonRows(await runPart('API', ['--import', 'tsx', 'bench/api.ts'], 300_000)));
  } catch (error) {
    rows.push(failedRow('API (existencias, salida de 20 renglones, lista de productos)', error));
  }

  try {
    rows.push(...reportRows(await runPart('Reportes', ['--expose-gc', '--import', 'tsx', 'bench/reports.ts'], 360_000)));
  } catch (error) {
    rows.push(failedRow('Reportes', error));
  }

  const omitted = (why) => [
    { figure: 'Portal en Chromium', baseline: '—', measured: `omitido: ${why}`, ratio: '—' },
    { figure: 'Catálogo de productos en Chromium (10,000 vs 100 productos)', baseline: '—', measured: `omitido: ${why}`, ratio: '—' },
  ];
  if (!frontEndBuilt()) {
    log('\n== Compilando el front end (npm run build) ==');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2], timeout: 480_000 });
    if (build.status !== 0) log('npm run build falló.');
  }
  if (!frontEndBuilt()) rows.push(...omitted('ejecute npm run build'));
  else if (!fs.existsSync(CHROMIUM)) rows.push(...omitted(`falta Chromium en ${CHROMIUM} (apt-get install -y chromium)`));
  else {
    try {
      rows.push(...jsonRows(await runPart('Portal', ['--import', 'tsx', 'bench/portal.ts'], 300_000)));
    } catch (error) {
      rows.push({ ...failedRow('Portal en Chromium', error) });
    }
    try {
      rows.push(...jsonRows(await runPart('Tabla de productos', ['--import', 'tsx', 'bench/catalog-table.ts'], 300_000)));
    } catch (error) {
      rows.push(failedRow('Catálogo de productos en Chromium (10,000 vs 100 productos)', error));
    }
  }

  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--untracked-files=no') ? ' (con cambios sin confirmar)' : '';
  const cpus = os.cpus();
  const meta = [
    `Fecha: ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    `Máquina: ${cpus.length} CPU (${cpus[0]?.model?.trim() ?? 'desconocido'}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB de memoria, ` +
      `Node ${process.version}, ${os.type()} ${os.release()}`,
    `Commit: ${commit}${dirty}`,
    `Base de datos: ${process.env.DATABASE_URL ? 'servidor PostgreSQL (DATABASE_URL, bases desechables)' : 'PostgreSQL embebido'}`,
    `Duración: ${((Date.now() - started) / 1000 / 60).toFixed(1)} min`,
  ];
  const table = [
    '| Cifra | Línea base (misma corrida) | Medido | Razón | Detalle |',
    '|---|---|---|---:|---|',
    ...rows.map((r) => `| ${cell(r.figure)} | ${cell(r.baseline)} | ${cell(r.measured)} | ${cell(r.ratio)} | ${cell(r.note ?? '')} |`),
  ].join('\n');

  const text = `${meta.join('  \n')}\n\n${table}\n`;
  process.stdout.write(`\n${text}`);
  fs.writeFileSync(
    RESULTS,
    `# Resultados de \`npm run bench\`\n\nCada cifra se compara con una línea base medida en la misma corrida (razón = medido ÷ línea base); ` +
      `las rondas se alternan y se toma la mediana. Cómo reproducir y cómo leerla: [README.md](README.md).\n\n${text}`,
  );
  log(`\nEscrito en ${path.relative(ROOT, RESULTS)}.`);
  if (rows.some((r) => r.failed)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
