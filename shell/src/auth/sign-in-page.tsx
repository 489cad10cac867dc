// "/": the sign-in page. A visitor who is already signed in goes straight to /dashboard. The
// provider's sign-out comes back here with the request's `state`: it is settled and taken off the address.
import { useEffect, useState } from 'react';
import { AlmacenLogo, usePageTitle, useRuntimeConfig } from '@almacen/shared';
import { Body1, Button, Card, makeStyles, Subtitle2, Title2, tokens } from '@almacen/shared/fluent';
import { Navigate } from '@almacen/shared/router';
import { useAuth } from './auth-context';
import { FullPageSpinner } from './require-auth';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'grid',
    placeItems: 'center',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorBrandBackground2,
  },
  card: { width: 'min(420px, 100%)', padding: tokens.spacingVerticalXXL, textAlign: 'center' },
  logo: { margin: '0 auto' },
  text: { color: tokens.colorNeutralForeground2 },
});

export function SignInPage() {
  const styles = useStyles();
  const { status, signIn, session } = useAuth();
  const config = useRuntimeConfig();
  const [leaving, setLeaving] = useState(false);
  const [failed, setFailed] = useState(false);
  usePageTitle('Inicio');
  useEffect(() => {
    const url = window.location.href;
    if (!new URLSearchParams(window.location.search).has('state')) return;
    window.history.replaceState(null, '', window.location.pathname);
    void session.completeSignOut(url);
  }, [session]);

  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;

  const start = () => {
    setLeaving(true);
    setFailed(false);
    signIn('/dashboard').catch(() => {
      setLeaving(false);
      setFailed(true);
    });
  };

  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <AlmacenLogo size={72} className={styles.logo} />
        <Title2 as="h1">Almacén</Title2>
        {config.institutionName && <Subtitle2 as="p">{config.institutionName}</Subtitle2>}
        <Body1 as="p" className={styles.text}>
          Control de inventario: entradas, salidas, existencias y catálogos del almacén.
        </Body1>
        {failed && (
          <Body1 as="p" role="alert">
            No pudimos comunicarnos con el proveedor de identidad. Inténtalo de nuevo.
          </Body1>
        )}
        <Button appearance="primary" size="large" onClick={start} disabled={leaving}>
          Iniciar sesión
        </Button>
      </Card>
    </main>
  );
}
