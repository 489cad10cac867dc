// A page that only some roles may use, e.g. a document wizard: while /api/me is on its way a spinner (never a
// "Sin permiso" that then turns into the form, nor a form that then disappears); without the
// permission the page's title and the API's own 403 words instead of a form that would be
// refused; with it, the page.
import type { ReactNode } from 'react';
import { makeStyles, Spinner, Title2, tokens } from '@almacen/shared/fluent';
import type { Permission } from '../../domain/access';
import { Forbidden, useCan, useMe } from '../../platform';
import { usePageTitle } from '../hooks/use-page-title';
import { LoadFailure } from './load-failure';

export const GATE_TEXTS = {
  loading: 'Cargando…',
  /** Spec §8 form: "Algo salió mal mientras tratábamos de obtener tus permisos." */
  loadError: 'obtener tus permisos.',
  unavailable: 'No se pudieron obtener tus permisos.',
} as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalM },
});

export function PermissionGate({ permission, title, children }: { permission: Permission; title: string; children: ReactNode }) {
  const can = useCan(permission);
  return can ? <>{children}</> : <Refused permission={permission} title={title} />;
}

function Refused({ permission, title }: { permission: Permission; title: string }) {
  const styles = useStyles();
  const me = useMe();
  usePageTitle(title);
  return (
    <div className={styles.root}>
      <Title2 as="h1">{title}</Title2>
      {me.data ? (
        <Forbidden permission={permission} />
      ) : me.error ? (
        <LoadFailure error={me.error} what={GATE_TEXTS.loadError} text={GATE_TEXTS.unavailable} onRetry={() => void me.mutate()} />
      ) : (
        <Spinner label={GATE_TEXTS.loading} />
      )}
    </div>
  );
}
