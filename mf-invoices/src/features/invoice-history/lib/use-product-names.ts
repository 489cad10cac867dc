// The products' names, to show beside each movement's product ID (issue #14): the shared product
// list, fetched once for every remote and refreshed with it.
import { useMemo } from 'react';
import { useLoadErrorToast, useProducts } from '@almacen/shared';

export function useProductNames(): ReadonlyMap<number, string> {
  const { data, error } = useProducts();
  // "Algo salió mal mientras tratábamos de obtener los productos."
  useLoadErrorToast(error, 'obtener los productos');
  return useMemo(() => new Map((data ?? []).map((product) => [product.id, product.name])), [data]);
}
