// The gate after sign-in: the dashboard waits for GET /api/me. A person with no role
// (or a deactivated account, which /api/me answers with 403) sees only why and "Cerrar sesión";
// nothing else loads, since every other call would be refused. While they wait, /api/me is asked
// again every 15 s and whenever the window gets focus, so a role granted meanwhile lets them in
// without signing out and in again. Once in, /api/me is read again whenever the window gets focus
// and after any 403 answer (forbidden-answers.ts), so a role removed takes its menu entries and
// pages away at the person's next action.
import { useEffect, useState, type ReactNode } from 'react';
import { AlmacenLogo, LoadFailure, NO_ACCESS_MESSAGE, isApiError, useCurrentUser, useMe, usePageTitle } from '@almacen/shared';
import { Body1, Button, Card, Caption1, MessageBar, MessageBarBody, Title3, makeStyles, tokens } from '@almacen/shared/fluent';
import { useAuth } from './auth-context';
import { onForbiddenAnswer } from './forbidden-answers';
import { FullPageSpinner } from './require-auth';

/** How often a person waiting for access asks again. */
export const ACCESS_RECHECK_MS = 15_000;

const useStyles = makeStyles({
  page: {
    display: 'grid',
    placeItems: 'center',
    minHeight: '100vh',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: { maxWidth: '520px', width: '100%', display: 'grid', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalXXL },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  identity: { display: 'grid', gap: tokens.spacingVerticalXS },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/** What a person without access sees: the reason, who they are signed in as, and the way out. */
export function NoAccessPage({ message, name, email }: { message: string; name: string; email: string | null }) {
  const styles = useStyles();
  const { signOut } = useAuth();
  const [leaving, setLeaving] = useState(false);
  usePageTitle('Sin acceso');
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.brand}>
          <AlmacenLogo size={32} />
          <Title3 as="h1">Almacén</Title3>
        </div>
        <MessageBar intent="warning" layout="multiline" role="alert">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
        <div className={styles.identity} aria-label="Sesión iniciada como">
          <Body1>{name}</Body1>
          <Caption1>{email || 'Sin correo registrado'}</Caption1>
        </div>
        <div className={styles.actions}>
          <Button
            appearance="primary"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              signOut().finally(() => setLeaving(false));
            }}
          >
            Cerrar sesión
          </Button>
        </div>
      </Card>
    </main>
  );
}

export function RequireAccess({ children, recheckMs = ACCESS_RECHECK_MS }: { children: ReactNode; recheckMs?: number }) {
  const { data: me, error, mutate } = useMe();
  const user = useCurrentUser();
  // A 403 from /api/me is the API saying who may not come in (a deactivated account) in its words.
  const refused = isApiError(error) && error.status === 403;
  const waiting = refused || (me !== undefined && me.permissions.length === 0);

  useEffect(() => {
    const recheck = () => void mutate();
    window.addEventListener('focus', recheck);
    const unsubscribe = onForbiddenAnswer(recheck);
    return () => {
      window.removeEventListener('focus', recheck);
      unsubscribe();
    };
  }, [mutate]);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void mutate(), recheckMs);
    return () => clearInterval(timer);
  }, [waiting, mutate, recheckMs]);

  if (refused) return <NoAccessPage message={error.message} name={me?.name ?? user.name} email={me?.email ?? user.email ?? null} />;
  if (me === undefined) {
    if (error) {
      return (
        <main style={{ padding: 32 }}>
          <LoadFailure error={error} what="obtener los permisos de tu cuenta." onRetry={() => void mutate()} />
        </main>
      );
    }
    return <FullPageSpinner label="Verificando tu acceso…" />;
  }
  if (me.permissions.length === 0) return <NoAccessPage message={NO_ACCESS_MESSAGE} name={me.name} email={me.email} />;
  return <>{children}</>;
}
