// The series GET /metrics serves (README, «Métricas»), in Prometheus' text format (prom-client).
//
// Each application has a registry of its own (tests build many apps in one process, each with its
// pool and report slots); the process's defaults (CPU, memory, event loop, GC) live in one
// registry for the whole process, because collecting them installs process-wide observers, and
// both are merged at each scrape. Our series are named `almacen_…`; prom-client's defaults keep
// their standard names (process_…, nodejs_…) so ready-made Node.js dashboards read them.
//
// No label ever carries what a person typed or who they are: routes are templates
// (`/api/catalog/products/:id`), methods and statuses are bounded sets, and a gauge's labels are
// fixed by the code that registers it.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const METRIC_PREFIX = 'almacen_';

/** The route label of a request that matched no route (404s, scanners), so unknown paths are one series. */
export const NO_ROUTE = 'no_route';

/** Latency buckets in seconds, 5 ms … 10 s: a stock lookup takes a millisecond, the largest report tens of seconds. */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Why a sign-in was refused before its password was checked (idp/index.ts). */
export type SignInRefusal = 'throttle' | 'busy';

/** One sample of a labelled gauge. */
export interface GaugeSample<L extends string> {
  labels: Record<L, string>;
  value: number;
}

export interface GaugeDefinition<L extends string = never> {
  /** Without the prefix: `last_backup_age_seconds` becomes `almacen_last_backup_age_seconds`. */
  name: string;
  help: string;
  labelNames?: readonly L[];
  /**
   * Read at every scrape: a number for a gauge without labels, one sample per label set otherwise.
   * A collector that throws gives NaN (or no samples) for that scrape and counts in
   * almacen_metrics_collect_errors_total; the scrape itself still answers.
   */
  collect: () => number | GaugeSample<L>[] | Promise<number | GaugeSample<L>[]>;
}

export interface Metrics {
  /**
   * Adds a gauge read at scrape time, e.g.
   * `metrics.registerGauge({ name: 'last_backup_age_seconds', help: '…', collect: () => secondsSinceLastBackup(db) })`.
   */
  registerGauge<L extends string = never>(definition: GaugeDefinition<L>): void;
  /** A request answered (or abandoned): `route` is the template, never the URL. */
  observeRequest(sample: { method: string; route: string | undefined; status: string; seconds: number }): void;
  signInRefused(reason: SignInRefusal): void;
  /** The whole text of a scrape: the process's defaults and this application's series. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

let processRegistry: Registry | null = null;

/** prom-client's defaults, collected once per process whatever the number of applications. */
function processDefaults(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(warn: (message: string) => void = () => undefined): Metrics {
  const registry = new Registry();
  const registers = [registry];

  const requests = new Counter({
    name: `${METRIC_PREFIX}http_requests_total`,
    help: 'Peticiones HTTP atendidas, por plantilla de ruta, método y estado.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Tiempo de respuesta de las peticiones HTTP en segundos, por plantilla de ruta, método y estado.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const refusals = new Counter({
    name: `${METRIC_PREFIX}sign_in_refusals_total`,
    help: 'Inicios de sesión rechazados antes de revisar la contraseña: throttle = demasiados intentos fallidos, busy = demasiadas contraseñas revisándose a la vez.',
    labelNames: ['reason'] as const,
    registers,
  });
  // Both series exist from the start, so an alert on their rate sees 0 rather than nothing.
  for (const reason of ['throttle', 'busy'] satisfies SignInRefusal[]) refusals.inc({ reason }, 0);
  const collectErrors = new Counter({
    name: `${METRIC_PREFIX}metrics_collect_errors_total`,
    help: 'Lecturas de una métrica que fallaron durante una consulta de /metrics, por métrica.',
    labelNames: ['metric'] as const,
    registers,
  });

  return {
    registerGauge<L extends string = never>({ name, help, labelNames = [], collect }: GaugeDefinition<L>) {
      const fullName = `${METRIC_PREFIX}${name}`;
      new Gauge<L>({
        name: fullName,
        help,
        labelNames,
        registers,
        async collect() {
          this.reset();
          try {
            const value = await collect();
            if (typeof value === 'number') this.set(value);
            else for (const sample of value) this.set(sample.labels as never, sample.value);
          } catch (error) {
            collectErrors.inc({ metric: fullName });
            if (!labelNames.length) this.set(Number.NaN);
            warn(`No se pudo leer la métrica ${fullName}: ${error instanceof Error ? error.message : String(error)}`);
          }
        },
      });
    },
    observeRequest({ method, route, status, seconds }) {
      const labels = { route: route ?? NO_ROUTE, method, status };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    signInRefused(reason) {
      refusals.inc({ reason });
    },
    async scrape() {
      return Registry.merge([processDefaults(), registry]).metrics();
    },
    contentType: registry.contentType,
  };
}
