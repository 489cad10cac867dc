import { BarcodeScannerRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useDeleteProduct, useGenerateInternalBarcode, useProducts, useUpdateProduct } from '@almacen/shared';
import type { Product } from '@almacen/shared/domain';
import { NewProductDialog, productCategoryColumn, productUnitColumn, type DataTableColumn } from '@almacen/shared/kit';
import { CatalogPage } from '../../../components/catalog-page';
import { CatalogTable, DeleteConfirmation, type CatalogTableTexts } from '../../../components/catalog-table';
import { useCatalogDialogs } from '../../../components/use-catalog-dialogs';
import { EditProductDialog } from './product-dialogs';

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
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const internalCode = useGenerateInternalBarcode();
  const dialogs = useCatalogDialogs<Product>();

  // Stable columns: the table's search index over 10,000 products is built once per list.
  const columns = useMemo<DataTableColumn<Product>[]>(
    () => [
      { id: 'id', header: 'ID', value: (item) => item.id, width: 90, minWidth: 48 },
      { id: 'name', header: 'Nombre', value: (item) => item.name, width: 360 },
      // Priority columns: on a phone ID and Nombre (and the row's menu) keep the width.
      productUnitColumn<Product>(),
      productCategoryColumn<Product>(),
      // Found by the table's search too: a code typed or scanned into it finds its product.
      { id: 'barcode', header: 'Código de barras', value: (item) => item.barcode ?? '', width: 170, hideBelow: 'desktop' },
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
        saving={update.running || remove.running || internalCode.running}
        // A product without a code gets Almacén's own (ALM and its id), to print on a label.
        moreActions={(item) =>
          item.barcode
            ? []
            : [{ label: 'Generar código interno', icon: <BarcodeScannerRegular />, onClick: () => void internalCode.run(item.id) }]
        }
      />

      {/* Mounted while open: the partidas and units are fetched when the form needs them. */}
      {dialogs.creating && <NewProductDialog open onClose={dialogs.close} />}
      {dialogs.editing && (
        <EditProductDialog
          product={dialogs.editing}
          onClose={dialogs.close}
          onSave={(values) =>
            update.save({
              id: values.id,
              name: values.name.trim(),
              categoryId: values.categoryId ?? null,
              unitId: values.unitId ?? null,
              minimumStock: values.minimumStock,
              maximumStock: values.maximumStock,
              barcode: values.barcode,
            })
          }
        />
      )}
      {/* The number the spec asks for, and the name, so the person sees which product goes (as the other catalogues name theirs). */}
      <DeleteConfirmation<Product>
        dialogs={dialogs}
        text={(item) => `Estas a punto de eliminar el producto no. ${item.id} «${item.name}»`}
        onDelete={remove.run}
      />
    </CatalogPage>
  );
}
