import { useCreateUnit, useDeleteUnit, useUnits, useUpdateUnit } from '@almacen/shared';
import { createUnitSchema, updateUnitSchema } from '@almacen/shared/schemas';
import { DescribedCatalogPage, type DescribedTexts } from '../../../components/described-catalog-page';

export const UNIT_TEXTS: DescribedTexts = {
  title: 'Unidades de medida',
  tableLabel: 'Unidades de medida',
  column: 'Unidad',
  addButton: 'Añadir unidad de medida',
  createTitle: 'Nueva unidad de medida',
  editTitle: 'Editar unidad de medida',
  editAction: 'Editar unidad de medida',
  deleteAction: 'Eliminar unidad de medida',
  fieldLabel: 'Nombre de la unidad de medida',
  placeholder: 'Pieza',
  searchPlaceholder: 'Buscar una unidad de medida',
  emptyMessage: 'No hay unidades de medida registradas.',
  deleteText: (item) => `Estas a punto de eliminar la unidad de medida ${item.description}`,
  loadError: 'obtener las unidades de medida.',
};

export function UnitsPage() {
  return (
    <DescribedCatalogPage
      texts={UNIT_TEXTS}
      list={useUnits()}
      create={useCreateUnit()}
      update={useUpdateUnit()}
      remove={useDeleteUnit()}
      createSchema={createUnitSchema}
      importCatalog="product-units"
      updateSchema={updateUnitSchema}
    />
  );
}
