// The nested detail of a movement: the product it moved.
import { ERROR_TITLE, loadErrorText, SummaryFields, withoutPeriod } from '@almacen/shared';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner } from '@fluentui/react-components';
import { useProduct } from '../api/get-product';

export const PRODUCT_TEXTS = {
  loading: 'Cargando el producto…',
  loadError: loadErrorText(withoutPeriod('obtener el producto solicitado.')),
  retry: 'Reintentar',
  name: 'Nombre',
  unit: 'Unidad',
  category: 'Partida',
  noUnit: 'Sin unidad de medida asignada',
  noCategory: 'Sin partida asignada',
} as const;

export function MovementProduct({ productId }: { productId: number }) {
  const { data: product, error, mutate } = useProduct(productId);
  if (error) {
    return (
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{ERROR_TITLE}</MessageBarTitle>
          {PRODUCT_TEXTS.loadError}
        </MessageBarBody>
        <MessageBarActions>
          <Button size="small" onClick={() => void mutate()}>
            {PRODUCT_TEXTS.retry}
          </Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
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
