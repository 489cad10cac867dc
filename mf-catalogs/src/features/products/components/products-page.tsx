import { Badge } from '@fluentui/react-components';
import type { DataTableColumn } from '@almacen/shared';
import type { Product } from '@almacen/shared/domain';
import { useMemo } from 'react';
import { CatalogPage } from '../../../components/catalog-page';
import { CatalogTable, DeleteConfirmation, type CatalogTableTexts } from '../../../components/catalog-table';
import { useCatalogDialogs } from '../../../components/use-catalog-dialogs';
import { useCreateProduct } from '../api/create-product';
import { useDeleteProduct } from '../api/delete-product';
import { useProducts } from '../api/get-products';
import { useUpdateProduct } from '../api/update-product';
import { CreateProductDialog, EditProductDialog } from './product-dialogs';

export const NO_UNIT = 'Sin unidad de medida asignada';
export const NO_CATEGORY = 'Sin partida asignada';

// "Sin partida asignada" in italics at the table's own size (Fluent's Text would set 14 px in a
// 12 px compact table).
const NONE_STYLE = { fontStyle: 'italic' } as const;

const TABLE_TEXTS: CatalogTableTexts<Product> = {
  label: 'Productos',
  loadError: 'obtener los productos.',
  searchPlaceholder: 'Buscar un producto',
  emptyMessage: 'No hay productos registrados.',
  addButton: 'Añadir producto',
  editAction: 'Editar producto',
  deleteAction: 'Eliminar producto',
  rowActions: (item) => `Acciones del producto ${item.id}`,
};

export function ProductsPage() {
  const products = useProducts();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const dialogs = useCatalogDialogs<Product>();

  // Stable columns: the table's search index over 10,000 products is built once per list.
  const columns = useMemo<DataTableColumn<Product>[]>(
    () => [
      { id: 'id', header: 'ID', value: (item) => item.id, width: 90, minWidth: 48 },
      { id: 'name', header: 'Nombre', value: (item) => item.name, width: 360 },
      {
        id: 'unit',
        header: 'Unidad',
        value: (item) => item.unit?.description,
        cell: (item) =>
          item.unit ? (
            <Badge appearance="tint" color="brand" shape="rounded">
              {item.unit.description}
            </Badge>
          ) : (
            <span style={NONE_STYLE}>{NO_UNIT}</span>
          ),
        width: 220,
        // Priority columns: on a phone ID and Nombre (and the row's menu) keep the width.
        hideBelow: 'tablet',
      },
      {
        id: 'category',
        header: 'Partida',
        value: (item) => item.category?.description,
        cell: (item) => (item.category ? item.category.description : <span style={NONE_STYLE}>{NO_CATEGORY}</span>),
        width: 380,
        hideBelow: 'tablet',
      },
    ],
    [],
  );

  return (
    <CatalogPage title="Productos" importCatalog="products">
      <CatalogTable<Product>
        texts={TABLE_TEXTS}
        list={products}
        columns={columns}
        dialogs={dialogs}
        saving={create.running || update.running || remove.running}
      />

      <CreateProductDialog
        open={dialogs.creating}
        onClose={dialogs.close}
        onSubmit={(values) => create.run({ name: values.name.trim() })}
      />
      {dialogs.editing && (
        <EditProductDialog
          product={dialogs.editing}
          onClose={dialogs.close}
          onSubmit={(values) =>
            update.run({
              id: values.id,
              name: values.name.trim(),
              categoryId: values.categoryId ?? null,
              unitId: values.unitId ?? null,
              minimumStock: values.minimumStock,
              maximumStock: values.maximumStock,
            })
          }
        />
      )}
      {/* The number the spec asks for, and the name, so the person sees which product goes (as the other catalogues name theirs). */}
      <DeleteConfirmation<Product> dialogs={dialogs} text={(item) => `Estas a punto de eliminar el producto no. ${item.id} «${item.name}»`} onDelete={remove.run} />
    </CatalogPage>
  );
}
