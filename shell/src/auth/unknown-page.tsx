// An address no page answers: back to Inicio, or, for whoever has no Inicio, said so (never a loop).
// A page that exists only with several warehouses answers the same where the person has one.
import { usePermissions, useWarehouseLink } from '@almacen/shared';
import { Title2 } from '@almacen/shared/fluent';
import { Navigate } from '@almacen/shared/router';
import { HOME_PERMISSION } from '../layout/navigation';

export function UnknownPage() {
  const link = useWarehouseLink();
  if (usePermissions().includes(HOME_PERMISSION)) return <Navigate to={link('/dashboard')} replace />;
  return <Title2 as="h1">Página no encontrada</Title2>;
}
