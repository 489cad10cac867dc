import { Title2 } from '@almacen/shared/fluent';

export function MyRequestsPage() {
  return <Title2 as="h1">Mis solicitudes</Title2>;
}
