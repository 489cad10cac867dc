// /api/movements/{invoices|dispatches|products}/{id} (product spec §7): the ledger rows of one
// document or one product, in ledger (registration) order. An unknown document or product is a
// 404; a known one without movements is an empty list.
import type { FastifyPluginAsync } from 'fastify';
import { dataOf, ERROR_RESPONSES, idParam, listOf } from '../../http/schemas';
import { AppError } from '../../http/errors';
import { parseId } from '../../http/validate';
import type { ModuleOptions } from '../module';
import { movementsOfDispatch, movementsOfInvoice, movementsOfProduct } from '../ledger/ledger.repository';
import { movementSchema } from '../ledger/schemas';
import { invoiceExists } from '../invoices/invoices.repository';
import { dispatchExists } from '../dispatches/dispatches.repository';

const tags = ['movimientos'];
const response = { 200: dataOf(listOf(movementSchema)), ...ERROR_RESPONSES };
type Db = ModuleOptions['db'];

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
      const id = parseId((request.params as { id: unknown }).id);
      if (!(await exists(db, id))) throw new AppError('NOT_FOUND', notFound);
      return { data: await list(db, id) };
    });

  route('/movements/invoices/:id', 'Movimientos de una entrada', invoiceExists, 'La entrada solicitada no existe.', movementsOfInvoice);
  route('/movements/dispatches/:id', 'Movimientos de una salida', dispatchExists, 'La salida solicitada no existe.', movementsOfDispatch);
  route('/movements/products/:id', 'Movimientos de un producto (tarjeta de almacén)', productExists, 'El producto solicitado no existe.', movementsOfProduct);
};

export default movementRoutes;
