// The virtual person of `npm run test:load` (scripts/load-test.ts): a plantel's day as the portal
// plays it — sign-in and token renewal, /api/me and the home summary, then, with a pause between
// actions, catalogues and histories, stock lookups, entries (some from a CFDI) and exits, now and
// then a report — and the tally each stage keeps of what every operation answered.
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestIssuer } from '../../api/test/helpers/issuer';
import { dispatchBody, invoiceBody, sentLines, type Catalog, type SentLine } from './catalog';
import type { HttpAnswer, HttpClient } from './http';
import { delay } from './stats';

/** A positive number from the environment, or `fallback`. */
export const loadSetting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} debe ser un número positivo.`);
  return value;
};
export const THINK_MS = loadSetting('LOAD_THINK_SECONDS', 5) * 1000;
/** Seconds of a token's life; the portal renews one a minute before it expires. */
export const TOKEN_SECONDS = 300;
export const TIME_ZONE = 'America/Mexico_City';
export const ROLES_CLAIM = 'almacen_roles';
const CFDI_XML = fs.readFileSync(path.join(__dirname, '..', '..', 'api', 'test', 'fixtures', 'cfdi', 'iva-16.xml'), 'utf8');
const CFDI_UUID = '5B3F2C1A-8D4E-4F6A-9B7C-1E2D3F4A5B6C';
export const INSTITUTION_RFC = 'CCT800101AB1';

export interface Acknowledged {
  kind: 'invoices' | 'dispatches';
  id: number;
  lines: SentLine[];
}

/** What one stage saw, per operation. */
export class Tally {
  readonly latencies = new Map<string, number[]>();
  readonly statuses = new Map<string, Map<number, number>>();
  readonly unexpected: string[] = [];
  errors = 0;
  serverErrors = 0;
  refusals = 0;
  refusalsWithoutRetryAfter = 0;

  record(name: string, answer: HttpAnswer, ok: readonly number[]): void {
    if (!this.latencies.has(name)) {
      this.latencies.set(name, []);
      this.statuses.set(name, new Map());
    }
    this.latencies.get(name)!.push(answer.ms);
    const byStatus = this.statuses.get(name)!;
    byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    if (ok.includes(answer.status)) return;
    this.errors++;
    if (answer.status === 503 || answer.status === 429) {
      this.refusals++;
      if (!answer.headers['retry-after']) this.refusalsWithoutRetryAfter++;
    } else if (answer.status >= 500) this.serverErrors++;
    if (this.unexpected.length < 20 && answer.status !== 503 && answer.status !== 429)
      this.unexpected.push(`${name} → ${answer.status} ${answer.body.slice(0, 200)}`);
  }

  failure(name: string, error: Error): void {
    this.errors++;
    this.serverErrors++;
    if (this.unexpected.length < 20) this.unexpected.push(`${name} → ${error.message}`);
  }

  get requests(): number {
    let n = 0;
    for (const values of this.latencies.values()) n += values.length;
    return n;
  }
}

export const WRITES = ['POST entrada', 'POST entrada con CFDI', 'POST salida'] as const;

export interface World {
  api: HttpClient;
  issuer: TestIssuer;
  catalog: Catalog;
  cfdiSupplierId: number;
  cfdiProducts: [number, number, number];
  acknowledged: Acknowledged[];
  /** The stage now being counted; people write into whichever is current. */
  tally: Tally;
  stopping: boolean;
}

/** A sample of the time to the next action: exponential with mean THINK_MS, capped at 5×. */
const think = () => delay(Math.min(-Math.log(1 - Math.random()) * THINK_MS, 5 * THINK_MS));

/** One person: signs in, then acts until the run stops. */
export async function person(world: World, index: number): Promise<void> {
  const sub = `persona-${index}`;
  let token = '';
  let tokenAt = 0;
  const signIn = async () => {
    token = await world.issuer.token({ sub, name: `Persona ${index}`, [ROLES_CLAIM]: ['AUTORIZADOR'] }, { expiresIn: TOKEN_SECONDS });
    tokenAt = Date.now();
  };
  /** A call as the portal makes it; a 503/429 is asked again after its Retry-After (at most 3 times). */
  const call = async (
    name: string,
    method: string,
    url: string,
    body?: unknown,
    ok: readonly number[] = [200],
    headers: Record<string, string> = {},
  ) => {
    for (let attempt = 1; ; attempt++) {
      if (Date.now() - tokenAt > (TOKEN_SECONDS - 60) * 1000) {
        await signIn();
        await call('GET /api/me (renovación)', 'GET', '/api/me');
      }
      let answer: HttpAnswer;
      try {
        answer = await world.api.request(method, url, {
          body,
          headers: { authorization: `Bearer ${token}`, ...headers },
        });
      } catch (error) {
        world.tally.failure(name, error as Error);
        return undefined;
      }
      world.tally.record(name, answer, ok);
      const retryAfter = Number(answer.headers['retry-after']);
      if ((answer.status !== 503 && answer.status !== 429) || attempt === 3 || world.stopping) return answer;
      await delay((Number.isFinite(retryAfter) ? retryAfter : 1) * 1000);
    }
  };
  const keyed = () => ({ 'idempotency-key': randomUUID() });
  const product = () => world.catalog.productIds[randomInt(world.catalog.productIds.length)];
  const lookUp = async (count: number) => {
    for (let i = 0; i < count; i++) await call('GET existencia', 'GET', `/api/stock/${product()}`);
  };
  const acknowledge = (kind: Acknowledged['kind'], answer: HttpAnswer | undefined, lines: SentLine[]) => {
    if (answer?.status === 201) world.acknowledged.push({ kind, id: (JSON.parse(answer.body) as { data: { id: number } }).data.id, lines });
  };

  const actions: Array<[weight: number, run: () => Promise<unknown>]> = [
    [8, () => call('GET resumen', 'GET', '/api/stock/summary')],
    [8, () => call('GET productos', 'GET', '/api/catalog/products')],
    [3, () => call('GET empleados', 'GET', '/api/catalog/employees')],
    [2, () => call('GET proveedores', 'GET', '/api/catalog/suppliers')],
    [5, () => call('GET entradas', 'GET', '/api/invoices')],
    [5, () => call('GET salidas', 'GET', '/api/dispatches')],
    [12, () => lookUp(1)],
    [6, () => call('GET movimientos', 'GET', `/api/movements/products/${product()}?limit=100`)],
    [
      8,
      async () => {
        await lookUp(3);
        const body = invoiceBody(world.catalog, `CARGA-${randomUUID().slice(0, 18)}`, 1 + randomInt(5), TIME_ZONE);
        acknowledge('invoices', await call('POST entrada', 'POST', '/api/invoices', body, [201], keyed()), sentLines(body));
      },
    ],
    [
      2,
      async () => {
        const uuid = randomUUID().toUpperCase();
        const xml = CFDI_XML.replace(CFDI_UUID, uuid);
        const read = await call('POST leer CFDI', 'POST', '/api/cfdi/parse', xml, [200], { 'content-type': 'application/xml' });
        if (read?.status !== 200) return;
        const [hojas, lapiz, folders] = world.cfdiProducts;
        const body = {
          ...invoiceBody(
            { ...world.catalog, supplierId: world.cfdiSupplierId, productIds: [hojas] },
            `A${uuid.slice(0, 12)}`,
            1,
            TIME_ZONE,
          ),
          cfdi: { uuid: uuid.toLowerCase(), xml },
        };
        body.products = [
          [hojas, '12', '986'],
          [lapiz, '50', '5.22'],
          [folders, '10', '220.284'],
        ].map(([productId, quantity, purchasePrice], i) => ({
          ...body.products[0],
          productId: productId as number,
          quantity: quantity as string,
          purchasePrice: purchasePrice as string,
          applyValueAddedTaxToPurchasePrice: true,
          cfdiIndex: i + 1,
        }));
        acknowledge('invoices', await call('POST entrada con CFDI', 'POST', '/api/invoices', body, [201], keyed()), sentLines(body));
      },
    ],
    [
      10,
      async () => {
        await lookUp(3);
        const body = dispatchBody(world.catalog, 1 + randomInt(5), TIME_ZONE);
        // 409: asks more than the stock, as a clerk sometimes does; the wizard says how much there is.
        acknowledge('dispatches', await call('POST salida', 'POST', '/api/dispatches', body, [201, 409], keyed()), sentLines(body));
      },
    ],
    [1, () => call('POST reporte de existencias (XLSX)', 'POST', '/api/reports/stock?format=xlsx', {}, [200])],
    [1, () => call('POST tarjeta de almacén (PDF)', 'POST', `/api/reports/products/${product()}?format=pdf`, {}, [200])],
  ];
  const total = actions.reduce((sum, [weight]) => sum + weight, 0);
  const pick = () => {
    let n = randomInt(total);
    for (const [weight, run] of actions) if ((n -= weight) < 0) return run;
    return actions[0][1];
  };

  // People do not all arrive in the same second.
  await delay(randomInt(Math.round(THINK_MS)));
  await signIn();
  await call('GET /api/me', 'GET', '/api/me');
  await call('GET resumen', 'GET', '/api/stock/summary');
  while (!world.stopping) {
    await think();
    if (world.stopping) break;
    await pick()();
  }
}
