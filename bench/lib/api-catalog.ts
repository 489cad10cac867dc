// The API bench's parts 4 and 4b: GET /api/catalog/products with 10,000 products vs the same bytes
// served statically by a bare node:http server, as JSON and as a browser receives it (br).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Db } from '../../api/src/db/pool';
import { PRODUCTS } from './api-fixture';
import { HttpClient, type HttpAnswer } from './http';
import { staticServer } from './processes';
import { bytes, fmt, median, ms, percentile, ratio, type BenchRow } from './stats';

export interface ApiBench {
  pool: Db;
  api: HttpClient;
  /** Clients closed when the bench ends. */
  clients: HttpClient[];
  expect200: (answer: Promise<HttpAnswer>) => Promise<HttpAnswer>;
  say: (line: string) => void;
  /** Whether the part named `name` runs (BENCH_API_FILTER). */
  runs: (name: string) => boolean;
}

export async function productListRows({ pool, api, clients, expect200, say, runs }: ApiBench): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  if (runs('lista')) {
    // ---- 4. the product list -----------------------------------------------------------------
    say('GET /api/catalog/products con 10,000 productos vs el mismo JSON estático…');
    const sample = await expect200(api.get('/api/catalog/products'));
    const count = (JSON.parse(sample.body) as { data: unknown[] }).data.length;
    if (count !== PRODUCTS) throw new Error(`la lista trajo ${count} productos`);
    const bodyFile = path.join(os.tmpdir(), `almacen-bench-products-${process.pid}.json`);
    fs.writeFileSync(bodyFile, sample.body);
    const bare = await staticServer(bodyFile);
    const plain = new HttpClient(bare.base, { connections: 1 });
    clients.push(plain);
    try {
      // Unchanged catalogue: the server sends the body it keeps for the current version.
      // Changed catalogue: every download follows a change (the version bumped as the triggers
      // do), so PostgreSQL writes the 10,000 rows' JSON again each time.
      const bump = () => pool.query(`UPDATE catalog_versions SET version = version + 1 WHERE name = 'products'`);
      const series = async (before?: () => Promise<unknown>) => {
        const apiList: number[] = [];
        const staticList: number[] = [];
        for (let i = 0; i < 3; i++) {
          await api.get('/api/catalog/products');
          await plain.get('/');
        }
        for (let i = 0; i < 30; i++) {
          await before?.();
          const a = await expect200(api.get('/api/catalog/products'));
          const s = await expect200(plain.get('/'));
          if (a.bytes !== s.bytes) throw new Error('la lista cambió durante la medición');
          apiList.push(a.ms);
          staticList.push(s.ms);
        }
        return { apiList, staticList };
      };
      for (const [label, run] of [
        ['sin cambios (el cuerpo guardado para su versión; un navegador que revalida recibe 304)', () => series()],
        ['tras un cambio en el catálogo antes de cada descarga (PostgreSQL vuelve a escribir el JSON)', () => series(bump)],
      ] as const) {
        const { apiList, staticList } = await run();
        rows.push({
          figure: `GET /api/catalog/products con ${fmt(PRODUCTS)} productos (${bytes(sample.bytes)} de JSON, sin compresión), ${label}`,
          baseline: `${ms(median(staticList))} — el mismo JSON como cuerpo estático (node:http)`,
          measured: ms(median(apiList)),
          ratio: ratio(median(apiList) / median(staticList)),
          note: `medianas de ${apiList.length} descargas alternadas; p99 ${ms(percentile(apiList, 99))} vs ${ms(percentile(staticList, 99))}`,
        });
      }
    } finally {
      bare.stop();
      fs.rmSync(bodyFile, { force: true });
    }
  }

  // ---- 4b. the product list as a browser receives it ---------------------------
  if (runs('lista comprimida')) {
    say('GET /api/catalog/products comprimida (Accept-Encoding: gzip, deflate, br) vs los mismos bytes estáticos…');
    const browser = { headers: { 'accept-encoding': 'gzip, deflate, br' } };
    const sample = await expect200(api.get('/api/catalog/products', browser));
    const encoding = String(sample.headers['content-encoding'] ?? '');
    if (encoding !== 'br') throw new Error(`la lista llegó con Content-Encoding «${encoding}», no br`);
    const raw = sample.raw;
    const plainBytes = zlib.brotliDecompressSync(raw).length;
    const bodyFile = path.join(os.tmpdir(), `almacen-bench-products-${process.pid}.json.br`);
    fs.writeFileSync(bodyFile, raw);
    const bare = await staticServer(bodyFile, 'br');
    const plain = new HttpClient(bare.base, { connections: 1 });
    clients.push(plain);
    try {
      const bump = () => pool.query(`UPDATE catalog_versions SET version = version + 1 WHERE name = 'products'`);
      const series = async (count: number, before?: () => Promise<unknown>) => {
        const apiList: number[] = [];
        const staticList: number[] = [];
        for (let i = 0; i < 5; i++) {
          await api.get('/api/catalog/products', browser);
          await plain.get('/', browser);
        }
        for (let i = 0; i < count; i++) {
          for (const side of i % 2 === 0 ? ['api', 'static'] : ['static', 'api']) {
            if (side === 'api') await before?.();
            const r = await expect200(side === 'api' ? api.get('/api/catalog/products', browser) : plain.get('/', browser));
            if (r.bytes !== raw.length || r.headers['content-encoding'] !== 'br')
              throw new Error('la lista comprimida cambió durante la medición');
            (side === 'api' ? apiList : staticList).push(r.ms);
          }
        }
        return { apiList, staticList };
      };
      for (const [label, run, what] of [
        ['catálogo sin cambios', () => series(60), 'br y gzip se guardan por versión del catálogo: sin trabajo de compresión'],
        [
          'tras un cambio en el catálogo antes de cada descarga',
          () => series(30, bump),
          'cada descarga escribe el JSON en PostgreSQL y lo comprime con br 7 (una vez por versión)',
        ],
      ] as const) {
        const { apiList, staticList } = await run();
        rows.push({
          figure: `GET /api/catalog/products con ${fmt(PRODUCTS)} productos como la recibe un navegador (Accept-Encoding: gzip, deflate, br → br, ${bytes(raw.length)} de ${bytes(plainBytes)}), ${label}`,
          baseline: `${ms(median(staticList))} — los mismos bytes br como cuerpo estático (node:http)`,
          measured: ms(median(apiList)),
          ratio: ratio(median(apiList) / median(staticList)),
          note: `medianas de ${apiList.length} descargas alternadas; p99 ${ms(percentile(apiList, 99))} vs ${ms(percentile(staticList, 99))}; ${what}`,
        });
      }
    } finally {
      bare.stop();
      fs.rmSync(bodyFile, { force: true });
    }
  }

  return rows;
}
