// /auth/callback: finishes the authorization-code exchange, then returns where the user was going.
import { useEffect, useRef, useState } from 'react';
import { Body1, Button } from '@almacen/shared/fluent';
import { useNavigate } from '@almacen/shared/router';
import { useAuth } from './auth-context';
import { FullPageSpinner } from './require-auth';

export function AuthCallback() {
  const { session, refresh } = useAuth();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  // The code can be exchanged once only; StrictMode's double effect must not try twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    session
      .completeSignIn()
      .then(async (returnTo) => {
        await refresh();
        navigate(returnTo, { replace: true });
      })
      .catch((error: unknown) => {
        console.error('Inicio de sesión fallido', error);
        setFailed(true);
      });
  }, [session, refresh, navigate]);

  if (!failed) return <FullPageSpinner label="Iniciando sesión…" />;
  return (
    <main style={{ padding: 32, display: 'grid', gap: 16, justifyItems: 'start' }}>
      <Body1 role="alert">No pudimos completar el inicio de sesión. Vuelve a intentarlo.</Body1>
      <Button appearance="primary" onClick={() => navigate('/', { replace: true })}>
        Volver al inicio
      </Button>
    </main>
  );
}
