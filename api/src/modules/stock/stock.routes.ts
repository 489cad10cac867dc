// GET /api/stock/{productId} (product spec §7): available quantity and average cost of one
// product, read from its balance row in O(1). A product that never moved answers "0" and "0".
import type { FastifyPluginAsync } from 'fastify';
import { dataOf, ERROR_RESPONSES, idParam } from '../../http/schemas';
import { AppError } from '../../http/errors';
import { parseId } from '../../http/validate';
import type { ModuleOptions } from '../module';
import { readStock } from '../ledger/ledger.repository';
import { stockSchema } from '../ledger/schemas';

const stockRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db }) => {
  app.get(
    '/stock/:productId',
    {
      schema: {
        tags: ['existencias'],
        summary: 'Existencia y costo promedio de un producto',
        params: idParam('productId', 'Id del producto'),
        response: { 200: dataOf(stockSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const stock = await readStock(db, parseId((request.params as { productId: unknown }).productId));
      if (!stock) throw new AppError('NOT_FOUND', 'El producto solicitado no existe.');
      return { data: stock };
    },
  );
};

export default stockRoutes;
