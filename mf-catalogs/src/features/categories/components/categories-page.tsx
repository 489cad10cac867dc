import { useCategories, useCreateCategory, useDeleteCategory, useUpdateCategory } from '@almacen/shared';
import { createCategorySchema, updateCategorySchema } from '@almacen/shared/schemas';
import { DescribedCatalogPage, type DescribedTexts } from '../../../components/described-catalog-page';

export const CATEGORY_TEXTS: DescribedTexts = {
  title: 'Partidas',
  tableLabel: 'Partidas',
  column: 'Partida',
  addButton: 'Añadir partida',
  createTitle: 'Nueva partida',
  editTitle: 'Editar partida',
  editAction: 'Editar partida',
  deleteAction: 'Eliminar partida',
  fieldLabel: 'Nombre de la partida',
  // A budget chapter code and its name, as the institution's partidas are written.
  placeholder: '2111 - Materiales, útiles y equipos menores de oficina',
  searchPlaceholder: 'Buscar una partida',
  emptyMessage: 'No hay partidas registradas.',
  deleteText: (item) => `Estas a punto de eliminar la partida ${item.description}`,
  loadError: 'obtener las partidas.',
};

export function CategoriesPage() {
  return (
    <DescribedCatalogPage
      texts={CATEGORY_TEXTS}
      list={useCategories()}
      create={useCreateCategory()}
      update={useUpdateCategory()}
      remove={useDeleteCategory()}
      createSchema={createCategorySchema}
      importCatalog="product-categories"
      updateSchema={updateCategorySchema}
    />
  );
}
