// The detail of an expanded product: its available quantity, its current
// average price ("$1,234.50 MXN"), its movements and the "Tarjeta de almacén" download. Both
// loads are keyed by API path, so an entry or exit saved elsewhere refreshes an open panel.
// The card covers a range of registration dates (default: this year up to today).
// Movements come newest first, one page of 100 at a time; a longer history offers
// "Cargar movimientos anteriores" under the table.
import { useMemo, useState, type ReactNode } from 'react';
import {
  loadErrorText,
  LoadProblem,
  Money,
  productCardRequest,
  tableLoadError,
  useNotify,
  useProductMovements,
  useReportDownload,
  useStock,
} from '@almacen/shared';
import {
  formatExactCurrency,
  formatCurrencyMXN,
  formatDate,
  formatQuantity,
  isCalendarDate,
  isInboundMovement,
  MIN_DOCUMENT_DATE,
  movementTypeLabel,
  type Movement,
  type Product,
} from '@almacen/shared/domain';
import { Button, makeStyles, Skeleton, SkeletonItem, Spinner, tokens } from '@almacen/shared/fluent';
import { Field, Badge, Label, Text, useId } from '@almacen/shared/fluent-pages';
import { DATE_FORMAT_MESSAGE, DataTable, type DataTableColumn, DateInput, ReportButton, useToday, withFormat } from '@almacen/shared/kit';

export const DETAIL_TEXTS = {
  available: 'Cantidad disponible',
  average: 'Precio promedio actual',
  card: 'Tarjeta de almacén',
  from: 'Desde',
  to: 'Hasta',
  badRange: 'La fecha inicial no puede ser posterior a la final.',
  noMovements: 'Este producto aún no tiene movimientos.',
  loadMore: 'Cargar movimientos anteriores',
  loadingMore: 'Cargando movimientos anteriores…',
  /** Under a long history: the table (and its search) holds the movements loaded so far. */
  partial: (count: number) =>
    `Se muestran los ${count.toLocaleString('es-MX')} movimientos más recientes; la búsqueda abarca solo los cargados.`,
  stockUnavailable: 'No fue posible consultar la existencia disponible.',
} as const;

const movementColumns = (product: Product, badge: string): DataTableColumn<Movement>[] => [
  { id: 'id', header: 'ID', value: (m) => m.id, width: 90, minWidth: 48 },
  // Sorted by the ISO date; shown DD/MM/YYYY and found by either form.
  { id: 'dated', header: 'Fecha', value: (m) => m.dated ?? '', text: (m) => (m.dated ? formatDate(m.dated) : ''), width: 120 },
  // The product's ID with its name beside it; on a phone the open row above says it.
  {
    id: 'product',
    header: 'Producto',
    value: (m) => m.productId,
    text: (m) => (m.productId === product.id ? `${product.id} · ${product.name}` : String(m.productId)),
    width: 280,
    hideBelow: 'tablet',
  },
  // Sorted by number (display order only); shown from the exact decimal string.
  { id: 'price', header: 'Precio registrado', value: (m) => Number(m.price), cell: (m) => <Money value={m.price} kind="price" /> },
  { id: 'quantity', header: 'Cantidad', value: (m) => Number(m.quantity), cell: (m) => formatQuantity(m.quantity) },
  // The running balance, as the kardex has it: what the product held after this movement.
  {
    id: 'balance',
    header: 'Existencia',
    value: (m) => (m.balanceQuantity === undefined ? undefined : Number(m.balanceQuantity)),
    cell: (m) => (m.balanceQuantity === undefined ? '' : formatQuantity(m.balanceQuantity)),
    width: 120,
  },
  {
    id: 'movementType',
    header: 'Tipo de movimiento',
    value: (m) => movementTypeLabel(m.movementType),
    width: 250,
    cell: (m) => (
      // Coloured by direction, as the kardex columns are: a cancelled exit brings stock back in.
      <Badge className={badge} appearance="tint" shape="rounded" color={isInboundMovement(m.movementType) ? 'success' : 'warning'}>
        {movementTypeLabel(m.movementType)}
      </Badge>
    ),
  },
  { id: 'observations', header: 'Observaciones', value: (m) => m.observations ?? '', width: 320 },
];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalS },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalXXL },
  figure: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: '180px' },
  actions: { marginLeft: 'auto', display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  more: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  // A long label wraps inside its badge rather than running into the next cell.
  badge: { height: 'auto', minHeight: '20px', whiteSpace: 'normal', textAlign: 'start', maxWidth: '100%' },
});

export function ProductStockDetail({ product }: { product: Product }) {
  const styles = useStyles();
  const stock = useStock(product.id);
  const movements = useProductMovements(product.id);
  const columns = useMemo(() => movementColumns(product, styles.badge), [product, styles.badge]);
  const card = useReportDownload();
  const notify = useNotify();
  const hasMovements = Boolean(movements.data?.length);
  const today = useToday();
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const inRange = (d: string) => isCalendarDate(d) && d >= MIN_DOCUMENT_DATE && d <= today;
  const fromError = from && !isCalendarDate(from) ? DATE_FORMAT_MESSAGE : undefined;
  const toError = to && !isCalendarDate(to) ? DATE_FORMAT_MESSAGE : undefined;
  const rangeError = fromError ?? (from && to && !toError && from > to ? DETAIL_TEXTS.badRange : undefined);
  const rangeOk = inRange(from) && inRange(to) && !rangeError;
  const loadMore = () =>
    movements.loadMore().catch(() => notify.error(undefined, loadErrorText('obtener los movimientos del producto solicitado')));

  return (
    <section className={styles.root} aria-label={`Existencias del producto ${product.id}`}>
      <div className={styles.header}>
        <LoadProblem resource={stock} what="obtener el stock disponible del producto solicitado." text={DETAIL_TEXTS.stockUnavailable} />
        {!stock.data && stock.error ? null : (
          <>
            <Figure label={DETAIL_TEXTS.available} loading={!stock.data}>
              {stock.data && `${formatQuantity(stock.data.availableQuantity)}${product.unit ? ` ${product.unit.description}` : ''}`}
            </Figure>
            <Figure label={DETAIL_TEXTS.average} loading={!stock.data}>
              {stock.data && <span title={formatExactCurrency(stock.data.averagePrice)}>{formatCurrencyMXN(stock.data.averagePrice)}</span>}
            </Figure>
          </>
        )}
        <div className={styles.actions}>
          <Field label={DETAIL_TEXTS.from} size="small" validationMessage={rangeError}>
            <DateInput size="small" value={from} min={MIN_DOCUMENT_DATE} max={today} onChange={setFrom} />
          </Field>
          <Field label={DETAIL_TEXTS.to} size="small" validationMessage={toError}>
            <DateInput size="small" value={to} min={MIN_DOCUMENT_DATE} max={today} onChange={setTo} />
          </Field>
          <ReportButton
            label={DETAIL_TEXTS.card}
            downloading={card.downloading}
            // Without movements the card would be an empty sheet: the spec disables it.
            disabled={!hasMovements || !rangeOk}
            onDownload={(format) => void card.download(withFormat(productCardRequest(product.id, { from, to }), format))}
          />
        </div>
      </div>
      <DataTable<Movement>
        label={`Movimientos del producto ${product.id}`}
        items={movements.data}
        columns={columns}
        getRowId={(m) => m.id}
        loading={movements.isLoading}
        error={tableLoadError(movements, 'obtener los movimientos del producto solicitado')}
        searchPlaceholder="Buscar un movimiento"
        emptyMessage={DETAIL_TEXTS.noMovements}
        defaultPageSize={5}
      />
      {movements.hasMore && movements.data && (
        <div className={styles.more}>
          <Text size={200}>{DETAIL_TEXTS.partial(movements.data.length)}</Text>
          <Button
            icon={movements.loadingMore ? <Spinner size="tiny" /> : undefined}
            disabled={movements.loadingMore}
            onClick={() => void loadMore()}
          >
            {movements.loadingMore ? DETAIL_TEXTS.loadingMore : DETAIL_TEXTS.loadMore}
          </Button>
        </div>
      )}
    </section>
  );
}

/** One labelled figure; the group is named by its label so a reader hears "Cantidad disponible, 12 Pieza". */
function Figure({ label, loading, children }: { label: string; loading: boolean; children: ReactNode }) {
  const styles = useStyles();
  const labelId = useId('figure');
  return (
    <div className={styles.figure} role="group" aria-labelledby={labelId} aria-busy={loading}>
      <Label id={labelId} size="small">
        {label}
      </Label>
      {loading ? (
        <Skeleton aria-label="Cargando…">
          <SkeletonItem size={24} />
        </Skeleton>
      ) : (
        <Text size={500} weight="semibold">
          {children}
        </Text>
      )}
    </div>
  );
}
