// Route guard of /dashboard: a spinner while the sign-in status resolves, "/" for a
// visitor who is not signed in, the nested page otherwise.
import type { ReactNode } from 'react';
import { Spinner } from '@almacen/shared/fluent';
import { Navigate } from '@almacen/shared/router';
import { useAuth } from './auth-context';

export function FullPageSpinner({ label = 'Cargando…' }: { label?: string }) {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <Spinner size="large" label={label} />
    </div>
  );
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <FullPageSpinner label="Verificando tu sesión…" />;
  if (status === 'anonymous') return <Navigate to="/" replace />;
  return <>{children}</>;
}
