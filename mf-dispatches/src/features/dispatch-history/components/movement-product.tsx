// The nested detail of a movement: the product it moved.
import { LoadProblem, useProduct } from '@almacen/shared';
import { MISSING_LABELS } from '@almacen/shared/domain';
import { Spinner } from '@almacen/shared/fluent';
import { SummaryFields } from '@almacen/shared/kit';

export const PRODUCT_TEXTS = {
  loading: 'Cargando el producto…',
  /** Told in the "¡Oh no!" toast. */
  loadError: 'obtener el producto solicitado.',
  unavailable: 'No fue posible cargar el producto.',
  name: 'Nombre',
  unit: 'Unidad',
  category: 'Partida',
  noUnit: MISSING_LABELS.unit,
  noCategory: MISSING_LABELS.category,
} as const;

export function MovementProduct({ productId }: { productId: number }) {
  const resource = useProduct(productId);
  const product = resource.data;
  const problem = <LoadProblem resource={resource} what={PRODUCT_TEXTS.loadError} text={PRODUCT_TEXTS.unavailable} />;
  if (!product) return resource.error ? problem : <Spinner size="tiny" label={PRODUCT_TEXTS.loading} />;
  return (
    <>
      {problem}
      <SummaryFields
        items={[
          { label: 'ID', value: String(product.id) },
          { label: PRODUCT_TEXTS.name, value: product.name },
          { label: PRODUCT_TEXTS.unit, value: product.unit?.description ?? PRODUCT_TEXTS.noUnit },
          { label: PRODUCT_TEXTS.category, value: product.category?.description ?? PRODUCT_TEXTS.noCategory },
        ]}
      />
    </>
  );
}
