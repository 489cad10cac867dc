// "Stock de productos": every product with its unit, partida and stock;
// a row opens its stock, average price and movements. "Existencias al" picks the
// cut-off date: the table's figures and "Reporte de existencias" follow it (today by default).
// A "Bajo mínimo" badge on products at or under their "Existencia mínima" (at the
// chosen date), the "Solo bajo mínimo" filter (?bajoMinimo=1, so the home page can link to it)
// and the "Productos bajo mínimo" report (today's stock). With several warehouses, «Todos los
// almacenes» (?todos=1) shows today's stock of all of them and makes "Reporte de existencias" the
// consolidated one (consolidated.ts); the low-stock filter, a warehouse's, is off there, and its
// report stays the current warehouse's.
import { useMemo, useState } from 'react';
import {
  lowStockReportRequest,
  Money,
  type StockAtDate,
  stockReportRequest,
  tableLoadError,
  useCurrentWarehouse,
  usePageTitle,
  useProducts,
  useReport,
} from '@almacen/shared';
import { compareDecimal, formatQuantity, isCalendarDate, MIN_DOCUMENT_DATE, type Product } from '@almacen/shared/domain';
import { makeStyles, Title2, tokens } from '@almacen/shared/fluent';
import { Field, Switch, Badge } from '@almacen/shared/fluent-pages';
import {
  CameraButton,
  DATE_FORMAT_MESSAGE,
  DataTable,
  type DataTableColumn,
  DateInput,
  productCategoryColumn,
  productUnitColumn,
  ReportButton,
  type ReportFormat,
  useToday,
  withFormat,
} from '@almacen/shared/kit';
import { useSearchParams } from '@almacen/shared/router';
import { ALL_WAREHOUSES_PARAM, ALL_WAREHOUSES_TEXT, consolidatedStockReportRequest, useStockView } from '../../../api/consolidated';
import { categoryFilter, unitFilter } from './catalog-filter';
import { ProductStockDetail } from './product-stock-detail';

const QUANTITY_STYLE = { display: 'inline-flex', alignItems: 'center', gap: '6px', flexWrap: 'wrap' } as const;

/** A product with its stock at the chosen date (undefined while it loads). */
export type ProductRow = Product & { stock?: StockAtDate };

export const STOCK_PAGE_TEXTS = {
  date: 'Existencias al',
  quantity: 'Existencia',
  value: 'Valor',
  lowStock: 'Bajo mínimo',
  onlyLowStock: 'Solo bajo mínimo',
  lowStockReport: 'Productos bajo mínimo',
} as const;

/** The query parameter of the "Solo bajo mínimo" filter. */
export const LOW_STOCK_PARAM = 'bajoMinimo';

/** At or under its "Existencia mínima" (a product without one never is). */
export const isLowStock = (p: ProductRow): boolean =>
  p.minimumStock != null && p.stock !== undefined && compareDecimal(p.stock.availableQuantity, p.minimumStock) <= 0;

// Module-level: the table rebuilds its search index only when the rows change.
const stockReport = (today: string, date: string, format: ReportFormat) => withFormat(stockReportRequest(today, date), format);
const lowStockReport = (today: string, format: ReportFormat) => withFormat(lowStockReportRequest(today), format);
const consolidatedReport = (today: string, format: ReportFormat) => withFormat(consolidatedStockReportRequest(today), format);

const columns: DataTableColumn<ProductRow>[] = [
  { id: 'id', header: 'ID', value: (p) => p.id, width: 90, minWidth: 48 },
  { id: 'name', header: 'Nombre', value: (p) => p.name, width: 360 },
  // Priority columns: on a phone ID and Nombre (and the row's expander) keep the width.
  productUnitColumn<ProductRow>({ filter: unitFilter }),
  productCategoryColumn<ProductRow>({ filter: categoryFilter }),
  // Sorted by number (display order only); shown from the exact decimal string.
  {
    id: 'quantity',
    header: STOCK_PAGE_TEXTS.quantity,
    value: (p) => (p.stock ? Number(p.stock.availableQuantity) : undefined),
    cell: (p) =>
      p.stock ? (
        <span style={QUANTITY_STYLE}>
          {formatQuantity(p.stock.availableQuantity)}
          {isLowStock(p) && (
            <Badge
              appearance="filled"
              color="danger"
              shape="rounded"
              size="small"
              title={`Existencia mínima: ${formatQuantity(p.minimumStock!)}`}
            >
              {STOCK_PAGE_TEXTS.lowStock}
            </Badge>
          )}
        </span>
      ) : (
        '…'
      ),
    width: 190,
  },
  // Found by the table's search: a code scanned or typed into it finds its product.
  { id: 'barcode', header: 'Código de barras', value: (p) => p.barcode ?? '', width: 170, minWidth: 150, hideBelow: 'desktop' },
  {
    id: 'value',
    header: STOCK_PAGE_TEXTS.value,
    value: (p) => (p.stock ? Number(p.stock.value) : undefined),
    cell: (p) => (p.stock ? <Money value={p.stock.value} /> : '…'),
    width: 160,
    hideBelow: 'tablet',
  },
];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
});

export function StockPage() {
  const styles = useStyles();
  const today = useToday();
  const [picked, setPicked] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  // «Todos los almacenes» is today's view, and only for a person with several warehouses.
  const { several } = useCurrentWarehouse();
  const all = several && params.get(ALL_WAREHOUSES_PARAM) === '1';
  // A date outside 2000-01-01 … today never reaches the API (the picker stops there too).
  const date = !all && picked && isCalendarDate(picked) && picked >= MIN_DOCUMENT_DATE && picked <= today ? picked : today;
  const products = useProducts();
  const stock = useStockView(date, all);
  const rows = useMemo(() => {
    if (!products.data) return undefined;
    const byId = new Map((stock.data ?? []).map((s) => [s.productId, s]));
    const zero = { availableQuantity: '0', averagePrice: '0', value: '0' };
    return products.data.map((p): ProductRow => ({
      ...p,
      // The levels are the current warehouse's: beside the institution's sum they would say nothing.
      ...(all ? { minimumStock: null, maximumStock: null } : {}),
      stock: stock.data ? { productId: p.id, ...zero, ...byId.get(p.id) } : undefined,
    }));
  }, [products.data, stock.data, all]);
  const onlyLow = !all && params.get(LOW_STOCK_PARAM) === '1';
  const shown = useMemo(() => (onlyLow && rows ? rows.filter(isLowStock) : rows), [onlyLow, rows]);
  // «Escanear» puts the read product's code in the table's search, as a scanner typing into it does.
  const [searchRequest, setSearchRequest] = useState<{ text: string }>();
  const report = useReport(stockReport);
  const lowReport = useReport(lowStockReport);
  const allReport = useReport(consolidatedReport);
  usePageTitle('Stock de productos');
  return (
    <div className={styles.root}>
      <Title2 as="h1">Stock de productos</Title2>
      <DataTable<ProductRow>
        label="Productos"
        items={shown}
        columns={columns}
        getRowId={(p) => p.id}
        loading={products.isLoading}
        error={tableLoadError(products, 'obtener los productos')}
        searchPlaceholder="Buscar un producto"
        searchRequest={searchRequest}
        emptyMessage={onlyLow ? 'No hay productos con existencia igual o menor a su mínima.' : 'No hay productos registrados.'}
        toolbar={
          <div className={styles.toolbar}>
            <CameraButton products={products.data} onScanned={(product) => setSearchRequest({ text: product.barcode ?? product.name })} />
            {several && (
              <Switch
                label={ALL_WAREHOUSES_TEXT}
                checked={all}
                onChange={(_event, data) =>
                  setParams(
                    (current) => {
                      const next = new URLSearchParams(current);
                      if (data.checked) next.set(ALL_WAREHOUSES_PARAM, '1');
                      else next.delete(ALL_WAREHOUSES_PARAM);
                      return next;
                    },
                    { replace: true },
                  )
                }
              />
            )}
            <Field
              label={STOCK_PAGE_TEXTS.date}
              size="small"
              validationMessage={picked && !isCalendarDate(picked) ? DATE_FORMAT_MESSAGE : undefined}
            >
              <DateInput
                size="small"
                disabled={all}
                value={all ? today : (picked ?? today)}
                min={MIN_DOCUMENT_DATE}
                max={today}
                onChange={(value) => setPicked(value || null)}
              />
            </Field>
            <ReportButton
              appearance="primary"
              label="Reporte de existencias"
              downloading={all ? allReport.downloading : report.downloading}
              onDownload={(format) => void (all ? allReport.download(format) : report.download(date, format))}
            />
            <Switch
              label={STOCK_PAGE_TEXTS.onlyLowStock}
              disabled={all}
              checked={onlyLow}
              onChange={(_event, data) =>
                setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (data.checked) next.set(LOW_STOCK_PARAM, '1');
                    else next.delete(LOW_STOCK_PARAM);
                    return next;
                  },
                  { replace: true },
                )
              }
            />
            <ReportButton
              label={STOCK_PAGE_TEXTS.lowStockReport}
              downloading={lowReport.downloading}
              onDownload={(format) => void lowReport.download(format)}
            />
          </div>
        }
        renderDetail={(product) => <ProductStockDetail product={product} />}
      />
    </div>
  );
}
