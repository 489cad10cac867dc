// The products' names, to show beside each movement's product ID (issue #14). Same SWR key as
// every remote's product list, so the catalogue is fetched once and refreshed with it.
import { useLoadErrorToast } from '@almacen/shared';
import type { Product } from '@almacen/shared/domain';
import { useMemo } from 'react';
import useSWR from 'swr';

export function useProductNames(): ReadonlyMap<number, string> {
  const { data, error } = useSWR<Product[]>('/api/catalog/products');
  // "Algo salió mal mientras tratábamos de obtener los productos."
  useLoadErrorToast(error, 'obtener los productos');
  return useMemo(() => new Map((data ?? []).map((product) => [product.id, product.name])), [data]);
}
