// The stock squad's section of the home page, exposed as ./Home and rendered by the
// shell above its release notes: the figures, three charts (each with a table toggle as its
// text alternative; the charts' code loads lazily, after the figures) and the last
// movements. Amounts es-MX.
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  documentLink,
  loadErrorText,
  LoadProblem,
  Money,
  type StockSummary,
  useRuntimeConfig,
  useStockSummary,
  WarehouseLink,
} from '@almacen/shared';
import { formatCurrency, formatDateTime, formatQuantity, movementTypeLabel } from '@almacen/shared/domain';
import {
  Body1,
  Caption1,
  Card,
  CardHeader,
  makeStyles,
  mergeClasses,
  Skeleton,
  SkeletonItem,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  ToggleButton,
  tokens,
} from '@almacen/shared/fluent';
import { categoryTable, CHART_TITLES, monthlyTable, topProductsTable, type ChartTable } from './chart-data';

const Charts = {
  CategoryChart: lazy(() => import('./charts').then((m) => ({ default: m.CategoryChart }))),
  MonthlyChart: lazy(() => import('./charts').then((m) => ({ default: m.MonthlyChart }))),
  TopProductsChart: lazy(() => import('./charts').then((m) => ({ default: m.TopProductsChart }))),
};

export const HOME_TEXTS = {
  section: 'Resumen del almacén',
  inventoryValue: 'Valor del inventario',
  productsWithStock: 'Productos con existencia',
  productsUnderMinimum: 'Productos bajo mínimo',
  entries: 'Entradas del mes',
  exits: 'Salidas del mes',
  recent: 'Movimientos recientes',
  showTable: 'Ver tabla',
  noData: 'Sin datos todavía.',
  noMovements: 'Todavía no hay movimientos registrados.',
} as const;

const LOW_STOCK_LINK = '/dashboard/stock?bajoMinimo=1';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  figures: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' },
  figure: { padding: tokens.spacingVerticalM, gap: tokens.spacingVerticalXS },
  figureValue: {
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    // Two figures side by side on a phone: amounts keep to one line.
    '@media (max-width: 480px)': { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
  },
  charts: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', minWidth: 0 },
  chartCard: { minWidth: 0 },
  chartBox: { minHeight: '180px', minWidth: 0 },
  table: { width: '100%' },
  amount: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  scroll: { overflowX: 'auto' },
  // Fluent's table shares its width equally among the columns (fixed layout): on a phone the six
  // columns were squeezed until their texts ran into each other. Columns as wide as their
  // content, the table at least as wide as they need: a narrow screen scrolls it sideways.
  recentTable: { width: '100%', tableLayout: 'auto', minWidth: '600px' },
  oneLine: { whiteSpace: 'nowrap' },
  product: { minWidth: '180px' },
  // Router links (no page reload) in Fluent's link colours.
  link: { color: tokens.colorBrandForegroundLink, ':hover': { color: tokens.colorBrandForegroundLinkHover } },
});

const integer = new Intl.NumberFormat('es-MX');

function Figure({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  const styles = useStyles();
  return (
    <Card className={styles.figure} role="group" aria-label={label}>
      <Caption1>{label}</Caption1>
      <span className={styles.figureValue}>{value}</span>
      {detail && <Body1>{detail}</Body1>}
    </Card>
  );
}

/** The width of a box, followed as the window changes (the charts draw at a pixel width). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A box with no layout (jsdom, a hidden tab) still gets a chart, at a usual card width.
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width) || 480);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

function DataTableOf({ caption, table }: { caption: string; table: ChartTable }) {
  const styles = useStyles();
  return (
    <div className={styles.scroll}>
      <Table size="small" className={styles.table} aria-label={caption}>
        <TableHeader>
          <TableRow>
            {table.columns.map((column, i) => (
              <TableHeaderCell key={column} className={i > 0 ? styles.amount : undefined}>
                {column}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={row[0]}>
              {row.map((cell, i) => (
                <TableCell key={i} className={i > 0 ? styles.amount : undefined}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

interface ChartCardProps {
  title: string;
  table: ChartTable;
  chart: (width: number) => ReactNode;
}

/** A chart and its table: "Ver tabla" switches to the figures as text (also what a screen reader gets). */
function ChartCard({ title, table, chart }: ChartCardProps) {
  const styles = useStyles();
  const [asTable, setAsTable] = useState(false);
  const { ref, width } = useWidth();
  const empty = table.rows.length === 0;
  return (
    <Card className={styles.chartCard} role="region" aria-label={title}>
      <CardHeader
        header={<Subtitle2 as="h3">{title}</Subtitle2>}
        action={
          empty ? undefined : (
            <ToggleButton size="small" checked={asTable} onClick={() => setAsTable((value) => !value)}>
              {HOME_TEXTS.showTable}
            </ToggleButton>
          )
        }
      />
      <div ref={ref} className={styles.chartBox}>
        {empty ? (
          <Body1>{HOME_TEXTS.noData}</Body1>
        ) : asTable ? (
          <DataTableOf caption={title} table={table} />
        ) : (
          width > 0 && <Suspense fallback={<Spinner size="small" label="Cargando la gráfica…" />}>{chart(width)}</Suspense>
        )}
      </div>
    </Card>
  );
}

type RecentMovement = StockSummary['recentMovements'][number];

/** The document a movement belongs to, and the link that opens it. */
export function documentOf(m: RecentMovement): { label: string; to: string } {
  if (m.invoiceId !== null) return { label: `Entrada ${m.invoiceId}`, to: documentLink('/dashboard/invoices/history', m.invoiceId) };
  if (m.dispatchId !== null) return { label: `Salida ${m.dispatchId}`, to: documentLink('/dashboard/dispatches/history', m.dispatchId) };
  if (m.inventoryCountId !== null) return { label: `Conteo ${m.inventoryCountId}`, to: `/dashboard/stock/counts/${m.inventoryCountId}` };
  return { label: '', to: '/dashboard/stock' };
}

function RecentMovements({ movements }: { movements: StockSummary['recentMovements'] }) {
  const styles = useStyles();
  const { timeZone } = useRuntimeConfig();
  return (
    <Card role="region" aria-label={HOME_TEXTS.recent}>
      <CardHeader header={<Subtitle2 as="h3">{HOME_TEXTS.recent}</Subtitle2>} />
      {movements.length === 0 ? (
        <Body1>{HOME_TEXTS.noMovements}</Body1>
      ) : (
        <div className={styles.scroll}>
          <Table size="small" className={styles.recentTable} aria-label={HOME_TEXTS.recent}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Registro</TableHeaderCell>
                <TableHeaderCell>Tipo de movimiento</TableHeaderCell>
                <TableHeaderCell>Documento</TableHeaderCell>
                <TableHeaderCell>Producto</TableHeaderCell>
                <TableHeaderCell className={styles.amount}>Cantidad</TableHeaderCell>
                <TableHeaderCell className={styles.amount}>Importe</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {movements.map((m) => (
                <TableRow key={m.id}>
                  <TableCell className={styles.oneLine}>{formatDateTime(m.recordedAt, timeZone)}</TableCell>
                  <TableCell>{movementTypeLabel(m.movementType)}</TableCell>
                  <TableCell className={styles.oneLine}>
                    <WarehouseLink className={styles.link} to={documentOf(m).to}>
                      {documentOf(m).label}
                    </WarehouseLink>
                  </TableCell>
                  <TableCell className={styles.product}>{m.productName}</TableCell>
                  <TableCell className={mergeClasses(styles.amount, styles.oneLine)}>{formatQuantity(m.quantity)}</TableCell>
                  <TableCell className={mergeClasses(styles.amount, styles.oneLine)}>
                    <Money value={m.amount} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}

export function HomeSummary() {
  const styles = useStyles();
  const summary = useStockSummary();
  const problem = (
    <LoadProblem resource={summary} what="obtener el resumen del almacén." text={loadErrorText('obtener el resumen del almacén')} />
  );
  const s = summary.data;
  if (!s && summary.error) return problem;
  if (!s) {
    return (
      <Skeleton aria-label="Cargando el resumen del almacén">
        <SkeletonItem size={72} />
      </Skeleton>
    );
  }
  return (
    <section className={styles.root} aria-label={HOME_TEXTS.section}>
      {problem}
      <div className={styles.figures}>
        <Figure label={HOME_TEXTS.inventoryValue} value={formatCurrency(s.inventoryValue)} detail="MXN, a costo promedio" />
        <Figure label={HOME_TEXTS.productsWithStock} value={integer.format(s.productsWithStock)} />
        <Figure
          label={HOME_TEXTS.productsUnderMinimum}
          value={integer.format(s.productsUnderMinimum)}
          detail={
            <WarehouseLink className={styles.link} to={LOW_STOCK_LINK}>
              Ver productos bajo mínimo
            </WarehouseLink>
          }
        />
        <Figure
          label={HOME_TEXTS.entries}
          value={formatCurrency(s.entries.amount)}
          detail={`${integer.format(s.entries.count)} ${s.entries.count === 1 ? 'entrada' : 'entradas'}`}
        />
        <Figure
          label={HOME_TEXTS.exits}
          value={formatCurrency(s.exits.amount)}
          detail={`${integer.format(s.exits.count)} ${s.exits.count === 1 ? 'salida' : 'salidas'}`}
        />
      </div>
      <div className={styles.charts}>
        <ChartCard
          title={CHART_TITLES.byCategory}
          table={categoryTable(s)}
          chart={(width) => <Charts.CategoryChart summary={s} width={width} />}
        />
        <ChartCard
          title={CHART_TITLES.monthly}
          table={monthlyTable(s)}
          chart={(width) => <Charts.MonthlyChart summary={s} width={width} />}
        />
        <ChartCard
          title={CHART_TITLES.topProducts}
          table={topProductsTable(s)}
          chart={(width) => <Charts.TopProductsChart summary={s} width={width} />}
        />
      </div>
      <RecentMovements movements={s.recentMovements} />
    </section>
  );
}
