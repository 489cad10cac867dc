// The nested detail of a movement: the product it moved.
import { LoadFailure, SummaryFields } from '@almacen/shared';
import { Spinner } from '@fluentui/react-components';
import { useProduct } from '../api/get-product';

export const PRODUCT_TEXTS = {
  loading: 'Cargando el producto…',
  /** Told in the "¡Oh no!" toast. */
  loadError: 'obtener el producto solicitado.',
  unavailable: 'No fue posible cargar el producto.',
  name: 'Nombre',
  unit: 'Unidad',
  category: 'Partida',
  noUnit: 'Sin unidad de medida asignada',
  noCategory: 'Sin partida asignada',
} as const;

export function MovementProduct({ productId }: { productId: number }) {
  const { data: product, error, mutate } = useProduct(productId);
  if (error) return <LoadFailure error={error} what={PRODUCT_TEXTS.loadError} text={PRODUCT_TEXTS.unavailable} onRetry={() => void mutate()} />;
  if (!product) return <Spinner size="tiny" label={PRODUCT_TEXTS.loading} />;
  return (
    <SummaryFields
      items={[
        { label: 'ID', value: String(product.id) },
        { label: PRODUCT_TEXTS.name, value: product.name },
        { label: PRODUCT_TEXTS.unit, value: product.unit?.description ?? PRODUCT_TEXTS.noUnit },
        { label: PRODUCT_TEXTS.category, value: product.category?.description ?? PRODUCT_TEXTS.noCategory },
      ]}
    />
  );
}
