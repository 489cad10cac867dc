import { useCreateRole, useDeleteRole, useRoles, useUpdateRole } from '@almacen/shared';
import { createRoleSchema, updateRoleSchema } from '@almacen/shared/schemas';
import { DescribedCatalogPage, type DescribedTexts } from '../../../components/described-catalog-page';

export const ROLE_TEXTS: DescribedTexts = {
  title: 'Roles',
  tableLabel: 'Roles',
  column: 'Rol',
  addButton: 'Añadir rol',
  createTitle: 'Nuevo rol',
  editTitle: 'Editar rol',
  editAction: 'Editar rol',
  deleteAction: 'Eliminar rol',
  fieldLabel: 'Nombre del rol',
  placeholder: 'Almacenista',
  searchPlaceholder: 'Buscar un rol',
  emptyMessage: 'No hay roles registrados.',
  deleteText: (item) => `Estas a punto de eliminar el rol ${item.description}`,
  loadError: 'obtener los roles.',
};

export function RolesPage() {
  return (
    <DescribedCatalogPage
      texts={ROLE_TEXTS}
      list={useRoles()}
      create={useCreateRole()}
      update={useUpdateRole()}
      remove={useDeleteRole()}
      createSchema={createRoleSchema}
      updateSchema={updateRoleSchema}
    />
  );
}
