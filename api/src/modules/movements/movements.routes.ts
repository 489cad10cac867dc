// /api/movements/{invoices|dispatches|products}/{id}: the ledger rows of one
// document or one product, in ledger (registration) order. An unknown document or product is a
// 404; a known one without movements is an empty list.
//
// A product's movements may also be asked for one page at a time: `?limit=` and/or
// `?before=` answer at most `limit` rows with an id below `before`, NEWEST first (a keyset on the
// movement id, so a page costs the same at 100,000 movements as at 100). To know whether there
// are older ones, ask for one more row than you show. Without either parameter the answer is the
// whole history in ledger order, as before.
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/errors';
import { dataOf, ERROR_RESPONSES, idParam, listOf } from '../../http/schemas';
import { idParamOf, queryFields } from '../../http/validate';
import { dispatchExists } from '../dispatches/dispatches.repository';
import { invoiceExists } from '../invoices/invoices.repository';
import { movementPageOfProduct, movementsOfDispatch, movementsOfInvoice, movementsOfProduct } from '../ledger/ledger.reads';
import { movementSchema } from '../ledger/schemas';
import type { ModuleOptions } from '../module';

const tags = ['movimientos'];
const response = { 200: dataOf(listOf(movementSchema)), ...ERROR_RESPONSES };
type Db = ModuleOptions['db'];

export const MAX_PAGE = 1000;
export const DEFAULT_PAGE = 100;
export const LIMIT_MESSAGE = `El límite de movimientos (limit) debe ser un número entero entre 1 y ${MAX_PAGE.toLocaleString('es-MX')}.`;
export const BEFORE_MESSAGE = 'El parámetro before debe ser el ID de un movimiento (un número entero positivo).';

/** Declared as text (as reports' ?format=): parsePage checks them so each mistake gets its own message. */
const pageQuery = {
  type: 'object',
  properties: {
    limit: {
      type: 'string',
      description: `Entero: movimientos por página, de 1 a ${MAX_PAGE} (${DEFAULT_PAGE} si solo se envía before). Con limit o before la respuesta va del más reciente al más antiguo.`,
    },
    before: {
      type: 'string',
      description: 'Entero positivo: solo movimientos con ID menor que este (el ID del último movimiento de la página anterior).',
    },
  },
} as const;

const DECIMAL_RE = /^[1-9][0-9]*$/;

/** `?limit=&before=` → a page, or null when neither was sent (the whole history, as before). */
export function parsePage(query: Record<string, unknown>): { limit: number; before: number | null } | null {
  const { limit, before } = query;
  if (limit === undefined && before === undefined) return null;
  let size = DEFAULT_PAGE;
  if (limit !== undefined) {
    size = typeof limit === 'string' && DECIMAL_RE.test(limit) && limit.length <= 4 ? Number(limit) : 0;
    if (size < 1 || size > MAX_PAGE) throw new AppError('VALIDATION', LIMIT_MESSAGE, { limit: LIMIT_MESSAGE });
  }
  let cursor: number | null = null;
  if (before !== undefined) {
    cursor = typeof before === 'string' && DECIMAL_RE.test(before) && before.length <= 15 ? Number(before) : 0;
    if (cursor < 1) throw new AppError('VALIDATION', BEFORE_MESSAGE, { before: BEFORE_MESSAGE });
  }
  return { limit: size, before: cursor };
}

const productExists = async (db: Db, id: number) => (await db.query('SELECT 1 FROM products WHERE id = $1', [id])).rowCount === 1;

const movementRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db }) => {
  const route = (
    path: string,
    summary: string,
    exists: (db: Db, id: number) => Promise<boolean>,
    notFound: string,
    list: typeof movementsOfProduct,
  ) =>
    app.get(path, { schema: { tags, summary, params: idParam(), response } }, async (request) => {
      const id = idParamOf(request);
      if (!(await exists(db, id))) throw new AppError('NOT_FOUND', notFound);
      return { data: await list(db, id) };
    });

  route('/movements/invoices/:id', 'Movimientos de una entrada', invoiceExists, 'La entrada solicitada no existe.', movementsOfInvoice);
  route('/movements/dispatches/:id', 'Movimientos de una salida', dispatchExists, 'La salida solicitada no existe.', movementsOfDispatch);

  app.get(
    '/movements/products/:id',
    {
      schema: {
        tags,
        summary: 'Movimientos de un producto (tarjeta de almacén)',
        description:
          'Sin parámetros: todos los movimientos en orden de registro. Con limit y/o before: una página, del más reciente al más antiguo; para saber si hay más, pida uno más de los que mostrará y continúe con before = el ID del último mostrado.',
        params: idParam(),
        querystring: pageQuery,
        response,
      },
    },
    async (request) => {
      const id = idParamOf(request);
      const page = parsePage(queryFields(request));
      if (!(await productExists(db, id))) throw new AppError('NOT_FOUND', 'El producto solicitado no existe.');
      return { data: page ? await movementPageOfProduct(db, id, page) : await movementsOfProduct(db, id) };
    },
  );
};

export default movementRoutes;
