// GET /api/stock/{productId}: available quantity and average cost of one
// product, read from its balance row in O(1). A product that never moved answers "0" and "0".
// Lookups arriving in the same turn of the event loop are read by one query (db/coalesce.ts).
// GET /api/stock?date=YYYY-MM-DD: every product's stock at the end of that day
// (the date view: movements dated up to that day; stock-at-date.ts), or today's without a date.
// GET /api/stock/summary: the home page's figures and chart series (summary.ts).
import type { FastifyPluginAsync } from 'fastify';
import { todayIn } from '@almacen/shared/domain';
import { warehouseInQuery, warehouseOfQuery, warehouseQueryProperty, warehousesWhere } from '../../access/warehouse-scope';
import { coalescedReader } from '../../db/coalesce';
import { AppError } from '../../http/errors';
import { dataOf, ERROR_RESPONSES, idParam } from '../../http/schemas';
import { idParamOf, queryOf } from '../../http/validate';
import { readStocks, type StockRow } from '../ledger/ledger.reads';
import { stockSchema } from '../ledger/schemas';
import type { ModuleOptions } from '../module';
import { consolidatedStock } from './consolidated';
import { dateViewDay, parseCutoffDate, stockAtDate } from './stock-at-date';
import { stockSummary, summaryKey, type StockSummary } from './summary';

const decimal = { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' } as const;
const ALL_AT_DATE = 'La vista de todos los almacenes es la de hoy; para una fecha pasada, indica un almacén.';
const stockAtDateSchema = {
  type: 'object',
  required: ['data', 'date'],
  properties: {
    date: { type: 'string', format: 'date', description: 'La fecha de corte (hoy si no se pidió una)' },
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['productId', 'availableQuantity', 'averagePrice', 'value'],
        properties: {
          productId: { type: 'integer', minimum: 1 },
          warehouses: {
            type: 'array',
            description: 'Solo con warehouseId=all: la parte de cada almacén',
            items: {
              type: 'object',
              required: ['warehouseId', 'quantity', 'value'],
              properties: { warehouseId: { type: 'integer' }, quantity: decimal, value: decimal },
            },
          },
          inTransit: {
            type: 'object',
            description: 'Solo con warehouseId=all: lo enviado entre almacenes que aún no se recibe (incluido en la cantidad y el valor)',
            required: ['quantity', 'value'],
            properties: { quantity: decimal, value: decimal },
          },
          availableQuantity: { ...decimal, description: 'Existencia al final del día de corte' },
          averagePrice: { ...decimal, description: 'Costo promedio en ese momento (hasta 6 decimales)' },
          value: { ...decimal, description: 'availableQuantity × averagePrice, exacto' },
        },
      },
    },
  },
} as const;

const money = { ...decimal, description: 'Pesos, redondeado a centavos' } as const;
const flow = { type: 'object', required: ['count', 'amount'], properties: { count: { type: 'integer' }, amount: money } } as const;
const summarySchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: [
        'month',
        'inventoryValue',
        'productsWithStock',
        'productsUnderMinimum',
        'entries',
        'exits',
        'valueByCategory',
        'monthly',
        'topProducts',
        'recentMovements',
      ],
      properties: {
        month: { type: 'string', description: 'El mes en curso (AAAA-MM, APP_TIME_ZONE)' },
        inventoryValue: money,
        productsWithStock: { type: 'integer' },
        productsUnderMinimum: { type: 'integer' },
        entries: { ...flow, description: 'Entradas con fecha en el mes menos las cancelaciones de entradas registradas en el mes' },
        exits: { ...flow, description: 'Salidas con fecha en el mes menos las cancelaciones de salidas registradas en el mes' },
        valueByCategory: {
          type: 'array',
          items: {
            type: 'object',
            required: ['categoryId', 'category', 'value', 'others'],
            properties: {
              categoryId: { type: 'integer', nullable: true },
              category: { type: 'string' },
              value: money,
              others: { type: 'boolean' },
            },
          },
        },
        monthly: {
          type: 'array',
          items: {
            type: 'object',
            required: ['month', 'entries', 'exits'],
            properties: { month: { type: 'string' }, entries: money, exits: money },
          },
        },
        topProducts: {
          type: 'array',
          items: {
            type: 'object',
            required: ['productId', 'name', 'quantity', 'value'],
            properties: { productId: { type: 'integer' }, name: { type: 'string' }, quantity: decimal, value: money },
          },
        },
        recentMovements: {
          type: 'array',
          items: {
            type: 'object',
            required: [
              'id',
              'productId',
              'productName',
              'movementType',
              'quantity',
              'price',
              'amount',
              'invoiceId',
              'dispatchId',
              'inventoryCountId',
              'recordedAt',
            ],
            properties: {
              id: { type: 'integer' },
              productId: { type: 'integer' },
              productName: { type: 'string' },
              movementType: { type: 'string' },
              quantity: decimal,
              price: decimal,
              amount: money,
              invoiceId: { type: 'integer', nullable: true },
              dispatchId: { type: 'integer', nullable: true },
              inventoryCountId: { type: 'integer', nullable: true, description: 'El conteo (o inventario inicial) de un ajuste' },
              recordedAt: { type: 'string', format: 'date-time' },
            },
          },
        },
      },
    },
  },
} as const;

const stockRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  // Lookups that arrive together share one query (db/coalesce.ts): a saved document refreshes
  // the stock of each of its products at once, the exit wizard asks for each line's, and a busy
  // server saves a round trip per lookup.
  const readers = new Map<number, ReturnType<typeof coalescedReader<number, StockRow>>>();
  const stocksOf = (warehouseId: number) => {
    let reader = readers.get(warehouseId);
    if (!reader) readers.set(warehouseId, (reader = coalescedReader((ids: number[]) => readStocks(db, warehouseId, ids))));
    return reader;
  };
  const summaryCache = new Map<number, Promise<{ key: string; data: StockSummary }>>();
  app.get(
    '/stock/summary',
    {
      schema: {
        tags: ['existencias'],
        summary: 'Resumen del almacén para la página de inicio: cifras y series de las gráficas',
        description:
          'Valor del inventario, productos con existencia y bajo mínimo, entradas y salidas del mes (por la fecha del documento; ' +
          'las cancelaciones restan), valor por partida (10 mayores y "Otras"), entradas contra salidas de los últimos 12 meses, ' +
          'los 10 productos de mayor valor y los últimos 10 movimientos.',
        querystring: { type: 'object', properties: warehouseQueryProperty() },
        response: { 200: summarySchema, ...ERROR_RESPONSES },
      },
    },
    // Kept per key (summary.ts): the home page of every visitor costs two index probes until the
    // next movement or catalogue change. The answer may be newer than its key, never older.
    async (request) => {
      const warehouseId = await warehouseOfQuery(db, request);
      const key = await summaryKey(db, config.timeZone);
      const cached = summaryCache.get(warehouseId);
      let entry = cached && (await cached.catch(() => null));
      if (entry?.key !== key) {
        const next = stockSummary(db, config.timeZone, warehouseId).then((data) => ({ key, data }));
        summaryCache.set(warehouseId, next);
        entry = await next;
      }
      return { data: entry.data };
    },
  );
  app.get(
    '/stock',
    {
      schema: {
        tags: ['existencias'],
        summary: 'Existencias de todos los productos, hoy o al final de una fecha de corte',
        description:
          'Con `date`, cada producto con la suma de sus movimientos con fecha hasta ese día: un documento cuenta en su propia fecha ' +
          '(aunque se haya registrado después), una cancelación el día en que se registró; el promedio es valor ÷ cantidad. ' +
          'Sin `date`, las existencias actuales.',
        querystring: {
          type: 'object',
          properties: {
            date: { type: 'string', description: 'AAAA-MM-DD, no posterior a hoy ni anterior a 2000-01-01' },
            ...warehouseQueryProperty(true),
          },
        },
        response: { 200: stockAtDateSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const date = parseCutoffDate(queryOf(request, 'date'), config.timeZone);
      if (warehouseInQuery(queryOf(request, 'warehouseId'), true) === 'all') {
        if (dateViewDay(date, config.timeZone) !== null) throw new AppError('VALIDATION', ALL_AT_DATE, { date: ALL_AT_DATE });
        return { date: todayIn(config.timeZone), data: await consolidatedStock(db, await warehousesWhere(db, request.caller, 'consult')) };
      }
      const warehouseId = await warehouseOfQuery(db, request);
      return { date: date ?? todayIn(config.timeZone), data: await stockAtDate(db, dateViewDay(date, config.timeZone), warehouseId) };
    },
  );
  app.get(
    '/stock/:productId',
    {
      schema: {
        tags: ['existencias'],
        summary: 'Existencia y costo promedio de un producto',
        params: idParam('productId', 'Id del producto'),
        querystring: { type: 'object', properties: warehouseQueryProperty() },
        response: { 200: dataOf(stockSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const warehouseId = await warehouseOfQuery(db, request);
      const stock = await stocksOf(warehouseId).read(idParamOf(request, 'productId'));
      if (!stock) throw new AppError('NOT_FOUND', 'El producto solicitado no existe.');
      return { data: stock };
    },
  );
};

export default stockRoutes;
