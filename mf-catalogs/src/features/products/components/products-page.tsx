import { BarcodeScannerRegular, PrintRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useCan, useDeleteProduct, useGenerateInternalBarcode, useProducts, useUpdateProduct } from '@almacen/shared';
import type { Product } from '@almacen/shared/domain';
import { Button } from '@almacen/shared/fluent';
import {
  CameraButton,
  CODE_PARAM,
  findByCode,
  NewProductDialog,
  productCategoryColumn,
  productUnitColumn,
  useRowSelection,
  type DataTableColumn,
} from '@almacen/shared/kit';
import { useSearchParams } from '@almacen/shared/router';
import { CatalogPage } from '../../../components/catalog-page';
import { CatalogTable, DeleteConfirmation, type CatalogTableTexts } from '../../../components/catalog-table';
import { useCatalogDialogs } from '../../../components/use-catalog-dialogs';
import { LABELS_TEXTS, LabelsDialog } from './labels-dialog';
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

const productId = (item: Product) => item.id;
/** «Elegir el producto 12»: the row's checkbox, for «Imprimir etiquetas». */
const chooseLabel = (item: Product) => `Elegir el producto ${item.id}`;

export function ProductsPage() {
  const products = useProducts();
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const internalCode = useGenerateInternalBarcode();
  const dialogs = useCatalogDialogs<Product>();
  const selection = useRowSelection<Product>(productId, chooseLabel);
  const [printing, setPrinting] = useState(false);
  const canWrite = useCan('catalogs.write');
  // A scanned code, or the one a link brought, put in the table's search (it looks at the codes).
  const [searchRequest, setSearchRequest] = useState<{ text: string }>();
  // The code «Añadir producto» opens with, when a link brought a code no product has.
  const [proposedCode, setProposedCode] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const linkedCode = params.get(CODE_PARAM);

  // «?codigo=» is the link of «No hay un producto con el código …» (a scan elsewhere): the clerk
  // came to register it, so a code no product has opens «Añadir producto» with it filled in; one
  // that a product has by now (or for someone who may not add) is searched for instead. The
  // parameter is then dropped, so a reload does not open the form again.
  const { openCreate } = dialogs;
  useEffect(() => {
    if (!linkedCode || !products.data) return;
    const found = findByCode(products.data, linkedCode);
    if (found && !found.product && canWrite) {
      setProposedCode(found.code);
      openCreate();
    } else if (found) setSearchRequest({ text: found.product?.barcode ?? found.code });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CODE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [linkedCode, products.data, canWrite, openCreate, setParams]);

  // Stable columns: the table's search index over 10,000 products is built once per list.
  const columns = useMemo<DataTableColumn<Product>[]>(
    () => [
      selection.column,
      { id: 'id', header: 'ID', value: (item) => item.id, width: 90, minWidth: 48 },
      { id: 'name', header: 'Nombre', value: (item) => item.name, width: 360 },
      // Priority columns: on a phone ID and Nombre (and the row's menu) keep the width.
      productUnitColumn<Product>(),
      productCategoryColumn<Product>(),
      // Found by the table's search too: a code typed or scanned into it finds its product.
      { id: 'barcode', header: 'Código de barras', value: (item) => item.barcode ?? '', width: 170, hideBelow: 'desktop' },
    ],
    [selection.column],
  );
  // The ticked rows as they are now (a code generated meanwhile shows), in the list's order.
  const selected = useMemo(
    () => (products.data ?? []).filter((item) => selection.selectedIds.has(item.id)),
    [products.data, selection.selectedIds],
  );

  return (
    <CatalogPage title="Productos" importCatalog="products">
      <CatalogTable<Product>
        texts={TABLE_TEXTS}
        list={products}
        columns={columns}
        dialogs={dialogs}
        saving={update.running || remove.running || internalCode.running}
        searchRequest={searchRequest}
        toolbarActions={
          <>
            <CameraButton products={products.data} onScanned={(product) => setSearchRequest({ text: product.barcode ?? product.name })} />
            <Button icon={<PrintRegular />} onClick={() => setPrinting(true)} disabled={!products.data?.length}>
              {selected.length > 0 ? `${LABELS_TEXTS.action} (${selected.length})` : LABELS_TEXTS.action}
            </Button>
          </>
        }
        // A product without a code gets Almacén's own (ALM and its id), to print on a label.
        moreActions={(item) =>
          item.barcode
            ? []
            : [{ label: 'Generar código interno', icon: <BarcodeScannerRegular />, onClick: () => void internalCode.run(item.id) }]
        }
      />

      {printing && <LabelsDialog open selected={selected} products={products.data ?? []} onClose={() => setPrinting(false)} />}
      {/* Mounted while open: the partidas and units are fetched when the form needs them. */}
      {dialogs.creating && (
        <NewProductDialog
          open
          proposal={proposedCode ? { name: '', barcode: proposedCode } : undefined}
          onClose={() => {
            setProposedCode(null);
            dialogs.close();
          }}
          onCreated={(product) => product.barcode && setSearchRequest({ text: product.barcode })}
        />
      )}
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
