// CFDI figure for `npm run bench` (run by scripts/bench.mjs; alone:
// `node --import tsx bench/cfdi.ts`). A supplier's CFDI 4.0 with 500 concepts (IVA and IEPS on
// each, about 0.5 MB) is written to a temporary file; then, in alternated rounds, N requests at
// once (BENCH_CFDI_REQUESTS, 8) each read the file (fs.promises.readFile) and do with it what
// POST /api/cfdi/parse does besides its three indexed SELECTs: decode, refuse DOCTYPE, validate
// and parse the XML (fast-xml-parser), check it and build every row with the decimal helpers —
// in the API's worker pool (cfdi-pool.ts), and, in a second row, on the main thread as before
// the pool (prepareAnalysis called directly). Each round's baseline is the same N file reads
// alone, watched for as long as the parsing round took.
// Event loop: perf_hooks.monitorEventLoopDelay (5 ms resolution) watches every parsing round and,
// separately, every baseline round of the same length (same process, same run): the added
// delay — max and p99 of the first minus those of the second — is what parsing made other
// requests wait beyond the machine's own noise. The pool's row fails above 50 ms added.
// Prints progress on stderr and, as its last stdout line, the rows as JSON.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CfdiPool } from '../api/src/modules/cfdi/cfdi-pool';
import { completeAnalysis, prepareAnalysis } from '../api/src/modules/cfdi/cfdi.service';
import type { BenchRow } from './api';
import { bytes, delay, fmt, median, ms, percentile, ratio } from './lib/stats';

const CONCEPTS = 500;
const ROUNDS = Number(process.env.BENCH_CFDI_ROUNDS ?? 10);
const REQUESTS = Number(process.env.BENCH_CFDI_REQUESTS ?? 8);
const RESOLUTION_MS = 5;
const LIMIT_MS = 50;

/** A realistic CFDI 4.0: 500 concepts with IEPS 8 % and IVA 16 %, stamped. Totals add up. */
export function bigCfdi(concepts = CONCEPTS): string {
  let subtotal = 0n; // cents
  let ieps = 0n;
  let vat = 0n;
  const lines: string[] = [];
  for (let i = 1; i <= concepts; i++) {
    const quantity = BigInt((i % 12) + 1);
    const unitCents = 1_000n + BigInt((i * 137) % 90_000);
    const amount = quantity * unitCents;
    const iepsCents = (amount * 8n + 50n) / 100n;
    const vatCents = ((amount + iepsCents) * 16n + 50n) / 100n;
    subtotal += amount;
    ieps += iepsCents;
    vat += vatCents;
    const money = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
    lines.push(
      `    <cfdi:Concepto ClaveProdServ="50161813" NoIdentificacion="ART-${String(i).padStart(5, '0')}" Cantidad="${quantity}" ClaveUnidad="H87" Unidad="Pieza" ` +
        `Descripcion="Artículo de abarrotes número ${i}, presentación individual" ValorUnitario="${money(unitCents)}" Importe="${money(amount)}" ObjetoImp="02">\n` +
        `      <cfdi:Impuestos>\n        <cfdi:Traslados>\n` +
        `          <cfdi:Traslado Base="${money(amount)}" Impuesto="003" TipoFactor="Tasa" TasaOCuota="0.080000" Importe="${money(iepsCents)}"/>\n` +
        `          <cfdi:Traslado Base="${money(amount + iepsCents)}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${money(vatCents)}"/>\n` +
        `        </cfdi:Traslados>\n      </cfdi:Impuestos>\n    </cfdi:Concepto>`,
    );
  }
  const money = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Version="4.0" Serie="B" Folio="90001" ` +
    `Fecha="2026-11-20T10:00:00" FormaPago="03" NoCertificado="00001000000512345678" SubTotal="${money(subtotal)}" Moneda="MXN" Total="${money(subtotal + ieps + vat)}" ` +
    `TipoDeComprobante="I" Exportacion="01" MetodoPago="PUE" LugarExpedicion="64000">\n` +
    `  <cfdi:Emisor Rfc="DBN050607KL3" Nombre="DISTRIBUIDORA DE BEBIDAS DEL NORTE" RegimenFiscal="601"/>\n` +
    `  <cfdi:Receptor Rfc="CCT800101AB1" Nombre="CENTRO DE CAPACITACION" DomicilioFiscalReceptor="06300" RegimenFiscalReceptor="603" UsoCFDI="G01"/>\n` +
    `  <cfdi:Conceptos>\n${lines.join('\n')}\n  </cfdi:Conceptos>\n` +
    `  <cfdi:Impuestos TotalImpuestosTrasladados="${money(ieps + vat)}"/>\n` +
    `  <cfdi:Complemento>\n    <tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" UUID="${randomUUID().toUpperCase()}" ` +
    `FechaTimbrado="2026-11-20T10:00:58" RfcProvCertif="SAT970701NN3" NoCertificadoSAT="00001000000509846663"/>\n  </cfdi:Complemento>\n` +
    `</cfdi:Comprobante>\n`
  );
}

type Work = (data: Buffer) => Promise<{ lines: unknown[]; warnings: string[] }>;

interface Watched {
  /** Wall time of each parsing round and of the same reads alone. */
  parses: number[];
  reads: number[];
  /** Per round: the monitor's max and p99 (ms) while parsing, and over the baseline round. */
  parsing: Array<{ max: number; p99: number }>;
  baseline: Array<{ max: number; p99: number }>;
}

/** A fresh monitor per round: re-enabling one would count the disabled gap as a delay. */
function monitor(): () => { max: number; p99: number } {
  const h = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  h.enable();
  return () => {
    h.disable();
    return { max: h.max / 1e6, p99: h.percentile(99) / 1e6 };
  };
}

/** N requests at once: read the file, then `work` it (null: only the read). */
async function burst(file: string, work: Work | null): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: REQUESTS }, async () => {
      const data = await fs.promises.readFile(file);
      if (work) await work(data);
    }),
  );
  return performance.now() - started;
}

async function watch(file: string, work: Work): Promise<Watched> {
  const w: Watched = {
    parses: [],
    reads: [],
    parsing: [],
    baseline: [],
  };
  for (let round = 0; round < ROUNDS; round++) {
    await delay(20);
    let stop = monitor();
    const took = await burst(file, work);
    w.parsing.push(stop());
    w.parses.push(took);
    await delay(20);
    // The baseline: the same reads, the same monitor, for as long as the parsing round lasted.
    stop = monitor();
    const read = await burst(file, null);
    await delay(Math.max(0, took - read));
    w.baseline.push(stop());
    w.reads.push(read);
  }
  return w;
}

const maxOf = (rounds: Array<{ max: number }>) => Math.max(...rounds.map((r) => r.max));
const p99Of = (rounds: Array<{ p99: number }>) => median(rounds.map((r) => r.p99));

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-bench-cfdi-'));
  // BENCH_CFDI_POOL_SIZE: another pool size than the API's (cores − 1, between 1 and 2), to compare.
  const pool = new CfdiPool(process.env.BENCH_CFDI_POOL_SIZE ? { size: Number(process.env.BENCH_CFDI_POOL_SIZE) } : {});
  try {
    const file = path.join(dir, 'cfdi-500.xml');
    fs.writeFileSync(file, bigCfdi());
    const size = fs.statSync(file).size;
    const inPool: Work = async (data) => completeAnalysis(await pool.analyse(data, null), null, new Map());
    const inline: Work = async (data) => completeAnalysis(prepareAnalysis(data, { institutionRfc: null }), null, new Map());
    for (const work of [inPool, inline]) {
      const check = await work(fs.readFileSync(file));
      if (check.lines.length !== CONCEPTS || check.warnings.length !== 0) {
        throw new Error(`el CFDI de prueba no se leyó bien: ${check.lines.length} renglones, advertencias: ${check.warnings.join(' | ')}`);
      }
    }
    process.stderr.write(
      `CFDI de ${CONCEPTS} conceptos, ${bytes(size)}; ${ROUNDS} rondas de ${REQUESTS} peticiones a la vez; pool de ${pool.size} workers…\n`,
    );
    for (let i = 0; i < 3; i++) await burst(file, inPool); // warm-up (workers started, code compiled)
    for (let i = 0; i < 3; i++) await burst(file, inline);

    const row = (label: string, w: Watched, limited: boolean): BenchRow & { failed?: boolean } => {
      const baseline = median(w.reads);
      const measured = median(w.parses);
      const addedMax = maxOf(w.parsing) - maxOf(w.baseline);
      const addedP99 = p99Of(w.parsing) - p99Of(w.baseline);
      const over = addedMax > LIMIT_MS;
      return {
        figure: `POST /api/cfdi/parse: ${fmt(REQUESTS)} CFDI 4.0 de ${fmt(CONCEPTS)} conceptos a la vez (${bytes(size)} c/u; XML, comprobaciones y renglones con decimales exactos), ${label}`,
        baseline: `${ms(baseline)} — leer el mismo archivo ${fmt(REQUESTS)} veces a la vez (fs.promises.readFile)`,
        measured: ms(measured),
        ratio: ratio(measured / baseline),
        note:
          `medianas de ${ROUNDS} rondas alternadas; p99 ${ms(percentile(w.parses, 99))} vs ${ms(percentile(w.reads, 99))}; ` +
          `retraso del event loop (monitorEventLoopDelay, ${RESOLUTION_MS} ms) añadido sobre la línea base (solo las lecturas, el mismo tiempo): ` +
          `máx. ${ms(addedMax)}, p99 ${ms(addedP99)} (leyendo: máx. ${ms(maxOf(w.parsing))}, p99 ${ms(p99Of(w.parsing))}; ` +
          `línea base: máx. ${ms(maxOf(w.baseline))}, p99 ${ms(p99Of(w.baseline))}; máx. de todas las rondas, p99 mediano por ronda); ` +
          (limited
            ? over
              ? `añade más de ${LIMIT_MS} ms de bloqueo — EXCEDE EL LÍMITE`
              : `no añade más de ${LIMIT_MS} ms de bloqueo (el límite fijado)`
            : `referencia, sin límite: así bloqueaba el hilo de las peticiones antes del pool`),
        // scripts/bench.mjs exits non-zero when a row failed; the row is still written.
        ...(limited && over ? { failed: true } : {}),
      };
    };
    const pooled = await watch(file, inPool);
    const onThread = await watch(file, inline);
    const rows = [
      row(`en el pool de worker threads (${pool.size} como la API en esta máquina)`, pooled, true),
      row('en el hilo principal (sin el pool, como antes)', onThread, false),
    ];
    console.log(JSON.stringify(rows));
  } finally {
    await pool.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
