// An address no page answers: back to Inicio, or, for whoever has no Inicio, said so (never a loop).
// A page that exists only with several warehouses answers the same where the person has one.
import { useMe } from '@almacen/shared';
import { Title2 } from '@almacen/shared/fluent';
import { Navigate } from '@almacen/shared/router';
import { HOME_PERMISSION } from '../layout/navigation';

export function UnknownPage() {
  const { data: me } = useMe();
  if (me?.permissions.includes(HOME_PERMISSION)) return <Navigate to="/dashboard" replace />;
  return <Title2 as="h1">Página no encontrada</Title2>;
}
