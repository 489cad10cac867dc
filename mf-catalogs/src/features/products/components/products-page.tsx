import { Badge, Button, Text } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { ConfirmDialog, DataTable, RowActionsMenu, editDeleteActions, type DataTableColumn } from '@almacen/shared';
import type { Product } from '@almacen/shared/domain';
import { useMemo } from 'react';
import { CatalogPage } from '../../../components/catalog-page';
import { tableLoadError } from '../../../components/load-error';
import { useCatalogDialogs } from '../../../components/use-catalog-dialogs';
import { useCreateProduct } from '../api/create-product';
import { useDeleteProduct } from '../api/delete-product';
import { useProducts } from '../api/get-products';
import { useUpdateProduct } from '../api/update-product';
import { CreateProductDialog, EditProductDialog } from './product-dialogs';

export const NO_UNIT = 'Sin unidad de medida asignada';
export const NO_CATEGORY = 'Sin partida asignada';

export function ProductsPage() {
  const products = useProducts();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const dialogs = useCatalogDialogs<Product>();

  // Stable columns: the table's search index over 10,000 products is built once per list.
  const columns = useMemo<DataTableColumn<Product>[]>(
    () => [
      { id: 'id', header: 'ID', value: (item) => item.id, width: 90 },
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
            <Text italic>{NO_UNIT}</Text>
          ),
        width: 220,
      },
      {
        id: 'category',
        header: 'Partida',
        value: (item) => item.category?.description,
        cell: (item) => (item.category ? item.category.description : <Text italic>{NO_CATEGORY}</Text>),
        width: 380,
        hideBelow: 'tablet',
      },
    ],
    [],
  );

  return (
    <CatalogPage title="Productos">
      <DataTable<Product>
        label="Productos"
        items={products.data}
        columns={columns}
        getRowId={(item) => item.id}
        loading={products.isLoading}
        saving={create.running || update.running || remove.running}
        error={tableLoadError(products.error, Boolean(products.data), 'obtener los productos.', () => products.mutate())}
        searchPlaceholder="Buscar un producto"
        emptyMessage="No hay productos registrados."
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={dialogs.openCreate}>
            Añadir producto
          </Button>
        }
        rowActions={(item) => (
          <RowActionsMenu
            label={`Acciones del producto ${item.id}`}
            actions={editDeleteActions({
              editLabel: 'Editar producto',
              deleteLabel: 'Eliminar producto',
              onEdit: () => dialogs.openEdit(item),
              onDelete: () => dialogs.openDelete(item),
            })}
          />
        )}
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
            })
          }
        />
      )}
      <ConfirmDialog
        open={Boolean(dialogs.deleting)}
        text={dialogs.deleting ? `Estas a punto de eliminar el producto no. ${dialogs.deleting.id}` : ''}
        onCancel={dialogs.close}
        onConfirm={() => {
          const item = dialogs.deleting;
          dialogs.close();
          if (item) void remove.run(item.id);
        }}
      />
    </CatalogPage>
  );
}
