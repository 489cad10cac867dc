// Catalogue import:
//   POST /api/catalog/imports/{catalog}/template           the CSV template (header row)
//   POST /api/catalog/imports/{catalog}/export             the catalogue as an XLSX the import reads back
//   POST /api/catalog/imports/{catalog}/preview            the file as the body → each row new / unchanged / updated / error
//   POST /api/catalog/imports/{catalog}                    the same file → written in one transaction, or 400 and nothing
//   POST /api/catalog/imports/product-categories/classifier/preview   the same preview of the partidas
//   POST /api/catalog/imports/product-categories/classifier           … and import of the CONAC chapter
//                                                                      2000 file shipped with Almacén
// {catalog}: product-categories (partidas), product-units (unidades), products (productos),
// suppliers (proveedores), employees (empleados). The products' «Existencia mínima» and «Existencia
// máxima» are per warehouse: a products export, preview or import reads and writes those of the
// warehouse `warehouseId` of its query (defaulting like every warehouse call).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { IMPORT_ROW_STATUSES } from '@almacen/shared/domain-pages';
import { STOCK_LEVELS_PERMISSION, warehouseOfQuery, warehouseQueryProperty } from '../../access/warehouse-scope';
import { withTransaction } from '../../db/pool';
import type { Cell } from '../../files/sheet-reader';
import { acceptSpreadsheets, sheetRowsOf, UPLOAD_LIMIT, uploadOf } from '../../files/upload';
import { dataOf, ERROR_RESPONSES } from '../../http/schemas';
import { paramOf } from '../../http/validate';
import { contentDisposition } from '../../reports/content-disposition';
import { CONTENT_TYPES } from '../../reports/model';
import type { ModuleOptions } from '../module';
import { catalogWorkbook } from './catalog-export';
import { CATALOGS, catalogOf, classifierRows, classify, pageOf, PREVIEW_ROWS, templateCsv, type CatalogName } from './catalog-import';
import { write } from './catalog-import-write';

const tags = ['importación de catálogos'];
const params = {
  type: 'object',
  required: ['catalog'],
  properties: {
    catalog: { type: 'string', description: 'Catálogo a importar: product-categories, product-units, products, suppliers o employees' },
  },
} as const;
const querystring = {
  type: 'object',
  properties: {
    warehouseId: {
      ...warehouseQueryProperty().warehouseId,
      description: `Solo para products: el almacén de las existencias mínima y máxima. ${warehouseQueryProperty().warehouseId.description}`,
    },
  },
} as const;
const resultSchema = {
  type: 'object',
  required: ['rows', 'counts', 'omitted'],
  properties: {
    rows: {
      type: 'array',
      description: `A lo más ${PREVIEW_ROWS} filas: primero las que tienen error, mostradas en el orden del archivo`,
      items: {
        type: 'object',
        required: ['row', 'status', 'id', 'values', 'reason'],
        properties: {
          row: { type: 'integer', description: 'Número de fila en el archivo (el encabezado cuenta)' },
          status: { type: 'string', enum: [...IMPORT_ROW_STATUSES] },
          id: { type: 'integer', nullable: true },
          values: { type: 'object', additionalProperties: { type: 'string', nullable: true } },
          reason: { type: 'string', nullable: true },
        },
      },
    },
    counts: { type: 'object', additionalProperties: { type: 'integer' } },
    omitted: { type: 'integer', description: 'Filas del archivo que no vienen en `rows`' },
  },
} as const;

const catalogImportRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  acceptSpreadsheets(app);
  /**
   * The warehouse of a products file's levels, null for the catalogues without them: read (the
   * export) by who may consult it, written (preview and import) by who keeps its levels.
   */
  const levelsWarehouse = (request: FastifyRequest, catalog: CatalogName, writes: boolean) =>
    catalog === 'products' ? warehouseOfQuery(db, request, writes ? STOCK_LEVELS_PERMISSION : 'consult') : Promise.resolve(null);
  const rowsOf = (request: Parameters<typeof uploadOf>[0] & { user: { sub: string } }) => {
    const { bytes, type } = uploadOf(request);
    return sheetRowsOf(bytes, type, config, request.user.sub);
  };

  app.post(
    '/catalog/imports/:catalog/template',
    {
      schema: {
        tags,
        summary: 'Plantilla CSV del catálogo (UTF-8); POST como los demás archivos descargables',
        params,
        response: {
          200: {
            description: 'El encabezado de columnas del catálogo (Content-Disposition trae el nombre del archivo).',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const catalog = catalogOf(paramOf(request, 'catalog'));
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          // Named in Spanish, as the screens call the catalogue: plantilla-productos.csv.
          .header('content-disposition', `attachment; filename="plantilla-${CATALOGS[catalog].title.toLowerCase()}.csv"`)
          .send(templateCsv(catalog))
      );
    },
  );

  app.post(
    '/catalog/imports/:catalog/export',
    {
      schema: {
        tags,
        summary: 'El catálogo completo como XLSX con las columnas de la plantilla, para editarlo e importarlo de nuevo',
        params,
        querystring,
        response: {
          200: {
            description:
              'Una hoja con el encabezado de la plantilla y un renglón por registro, en orden de ID (Content-Disposition trae el nombre).',
            content: { [CONTENT_TYPES.xlsx]: { schema: { type: 'string', format: 'binary' } } },
          },
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const catalog = catalogOf(paramOf(request, 'catalog'));
      return (
        reply
          .header('content-type', CONTENT_TYPES.xlsx)
          // «Catálogo de productos.xlsx»: the screens' name of the catalogue.
          .header('content-disposition', contentDisposition(`Catálogo de ${CATALOGS[catalog].title.toLowerCase()}.xlsx`))
          .send(await catalogWorkbook(db, catalog, await levelsWarehouse(request, catalog, false)))
      );
    },
  );

  app.post(
    '/catalog/imports/:catalog/preview',
    {
      bodyLimit: UPLOAD_LIMIT,
      schema: {
        tags,
        summary: 'Vista previa de una importación: nada se guarda',
        params,
        querystring,
        response: { 200: dataOf(resultSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const catalog = catalogOf(paramOf(request, 'catalog'));
      const warehouseId = await levelsWarehouse(request, catalog, true);
      return { data: pageOf(await classify(db, catalog, await rowsOf(request), warehouseId)) };
    },
  );

  const importFile = (user: Parameters<typeof write>[1], catalog: CatalogName, rows: Cell[][], warehouseId: number | null) =>
    withTransaction(db, async (trx) => {
      // One import at a time per catalogue: two concurrent imports of the same new rows would
      // otherwise both classify them as new.
      await trx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`catalog-import:${catalog}`]);
      const result = await classify(trx, catalog, rows, warehouseId);
      await write(trx, user, catalog, result, warehouseId);
      return pageOf(result);
    });

  app.post(
    '/catalog/imports/:catalog',
    {
      bodyLimit: UPLOAD_LIMIT,
      schema: {
        tags,
        summary: 'Importa el archivo en una transacción (400 y nada guardado si alguna fila tiene error)',
        params,
        querystring,
        response: { 200: dataOf(resultSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const catalog = catalogOf(paramOf(request, 'catalog'));
      const warehouseId = await levelsWarehouse(request, catalog, true);
      return { data: await importFile(request.user, catalog, await rowsOf(request), warehouseId) };
    },
  );

  // The CONAC chapter 2000 partidas: no body, the file shipped with Almacén goes the same way.
  const classifierSummary =
    'las partidas genéricas del capítulo 2000 «Materiales y suministros» del Clasificador por Objeto del Gasto (CONAC), el archivo incluido en Almacén';
  app.post(
    '/catalog/imports/product-categories/classifier/preview',
    {
      schema: {
        tags,
        summary: `Vista previa de la carga de ${classifierSummary}: nada se guarda`,
        response: { 200: dataOf(resultSchema), ...ERROR_RESPONSES },
      },
    },
    async () => ({ data: pageOf(await classify(db, 'product-categories', classifierRows(), null)) }),
  );
  app.post(
    '/catalog/imports/product-categories/classifier',
    {
      schema: {
        tags,
        summary: `Carga ${classifierSummary} en una transacción; las ya cargadas quedan sin cambios`,
        response: { 200: dataOf(resultSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await importFile(request.user, 'product-categories', classifierRows(), null) }),
  );
};

export default catalogImportRoutes;
