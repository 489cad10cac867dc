// "Stock de productos" (spec §2 Stock screen): every product with its unit and partida; a row
// opens its stock, average price and movements. "Reporte de existencias" downloads the report.
import { DataTable, loadErrorText, usePageTitle, type DataTableColumn } from '@almacen/shared';
import type { Product } from '@almacen/shared/domain';
import { Badge, Button, makeStyles, Spinner, Text, Title2, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useDownloadStockReport } from '../api/download-stock-report';
import { useProducts } from '../api/get-products';
import { categoryFilter, NO_CATEGORY, NO_UNIT, unitFilter } from './catalog-filter';
import { ProductStockDetail } from './product-stock-detail';

// Module-level: the table rebuilds its search index only when the products change.
const columns: DataTableColumn<Product>[] = [
  { id: 'id', header: 'ID', value: (p) => p.id, width: 90 },
  { id: 'name', header: 'Nombre', value: (p) => p.name, width: 360 },
  {
    id: 'unit',
    header: 'Unidad',
    value: (p) => p.unit?.description,
    cell: (p) =>
      p.unit ? (
        <Badge appearance="tint" color="brand" shape="rounded">
          {p.unit.description}
        </Badge>
      ) : (
        <Text italic>{NO_UNIT}</Text>
      ),
    filter: unitFilter,
    width: 220,
  },
  {
    id: 'category',
    header: 'Partida',
    value: (p) => p.category?.description,
    cell: (p) => (p.category ? p.category.description : <Text italic>{NO_CATEGORY}</Text>),
    filter: categoryFilter,
    width: 380,
    hideBelow: 'tablet',
  },
];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export function StockPage() {
  const styles = useStyles();
  const products = useProducts();
  const report = useDownloadStockReport();
  usePageTitle('Stock de productos');
  return (
    <div className={styles.root}>
      <Title2 as="h1">Stock de productos</Title2>
      <DataTable<Product>
        label="Productos"
        items={products.data}
        columns={columns}
        getRowId={(p) => p.id}
        loading={products.isLoading}
        // A failed refresh keeps the rows it already shows; only a failed first load says so here.
        error={
          products.error && !products.data
            ? { text: loadErrorText('obtener los productos'), onRetry: () => void products.mutate() }
            : undefined
        }
        searchPlaceholder="Buscar un producto"
        emptyMessage="No hay productos registrados."
        toolbar={
          <Button
            appearance="primary"
            icon={report.downloading ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
            disabled={report.downloading}
            onClick={() => void report.download()}
          >
            Reporte de existencias
          </Button>
        }
        renderDetail={(product) => <ProductStockDetail product={product} />}
      />
    </div>
  );
}
