// `node api/test/security/npm-audit.mjs` (CI step): `npm audit --omit=dev` must report no high
// or critical advisory, unless SECURITY.md explains it (its GHSA id listed in the section
// "Hallazgos de npm audit explicados"). Exit codes, so CI never passes silently:
//   0  audited: nothing high/critical left unexplained;
//   1  audited: high/critical advisories without an explanation (listed);
//   2  NOT audited: the registry did not answer the audit request (the reason is printed).
// NPM_AUDIT_REPORT=<file> reads a saved `npm audit --json` report instead of asking the registry.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const GHSA = /GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}/gi;

function explained() {
  const file = path.join(ROOT, 'SECURITY.md');
  if (!fs.existsSync(file)) return new Set();
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf('## Hallazgos de npm audit explicados');
  if (start < 0) return new Set();
  const next = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, next < 0 ? undefined : next);
  return new Set((section.match(GHSA) ?? []).map((id) => id.toUpperCase()));
}

const run = process.env.NPM_AUDIT_REPORT
  ? { stdout: fs.readFileSync(process.env.NPM_AUDIT_REPORT, 'utf8'), stderr: '' }
  : spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
let report;
try {
  report = JSON.parse(run.stdout || '{}');
} catch {
  report = {};
}

if (!report.metadata?.vulnerabilities) {
  const reason =
    report.message ?? report.error?.summary ?? (run.error ? run.error.message : run.stderr.trim().split('\n').pop()) ?? 'sin respuesta';
  console.log(`npm audit --omit=dev: NO VERIFICADO — el registro no respondió la auditoría (${reason}).`);
  console.log('  Ejecute este paso donde el registro de npm acepte auditorías; este resultado no cuenta como aprobado.');
  process.exit(2);
}

const allowed = explained();
const counts = report.metadata.vulnerabilities;
const findings = new Map();
for (const [name, vulnerability] of Object.entries(report.vulnerabilities ?? {})) {
  for (const via of vulnerability.via ?? []) {
    if (typeof via !== 'object' || !['high', 'critical'].includes(via.severity)) continue;
    const id = (String(via.url ?? '').match(GHSA) ?? [String(via.source ?? via.title)])[0].toUpperCase();
    findings.set(id, { id, severity: via.severity, package: via.name ?? name, title: via.title, url: via.url });
  }
}
const unexplained = [...findings.values()].filter((f) => !allowed.has(f.id));

console.log(
  `npm audit --omit=dev: ${counts.critical ?? 0} críticas, ${counts.high ?? 0} altas, ${counts.moderate ?? 0} moderadas, ${counts.low ?? 0} bajas ` +
    `(${findings.size - unexplained.length} altas/críticas explicadas en SECURITY.md).`,
);
for (const f of unexplained) console.log(`  SIN EXPLICAR: ${f.severity} ${f.id} en ${f.package}: ${f.title} ${f.url ?? ''}`);
process.exit(unexplained.length ? 1 : 0);
