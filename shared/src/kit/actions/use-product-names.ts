// The products' names, to show beside each movement's product ID in the histories: the shared
// product list, fetched once for every remote and refreshed with it.
import { useMemo } from 'react';
import { useProducts } from '../../api/catalogs';
import { useLoadErrorToast } from './use-load-error-toast';

export function useProductNames(): ReadonlyMap<number, string> {
  const { data, error } = useProducts();
  // "Algo salió mal mientras tratábamos de obtener los productos."
  useLoadErrorToast(error, 'obtener los productos');
  return useMemo(() => new Map((data ?? []).map((product) => [product.id, product.name])), [data]);
}

/** "10 · Hojas blancas": the product's ID with its name beside it (just the ID until names load). */
export const productLabel = (id: number, name: string | undefined) => (name ? `${id} · ${name}` : String(id));
