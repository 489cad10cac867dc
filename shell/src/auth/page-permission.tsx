// A page the person may not use shows the API's 403 words instead: the route of a
// menu entry that names a permission, reached by a link or typed in the address bar.
import type { ReactNode } from 'react';
import { Forbidden, useCurrentWarehouse, usePageTitle, usePermissions } from '@almacen/shared';
import { isPermission } from '@almacen/shared/domain';
import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Title2, tokens } from '@almacen/shared/fluent';
import type { MenuEntry } from '@almacen/shared/pages';
import { useLocation } from '@almacen/shared/router';
import { entryFor, mayShow } from '../layout/navigation';
import { UnknownPage } from './unknown-page';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The page's own name (its menu entry's) above the refusal, so the person knows where they are. */
function RefusedPage({ permission, title }: { permission: string; title?: string }) {
  const styles = useStyles();
  usePageTitle(title ?? 'Sin permiso');
  return (
    <div className={styles.root}>
      {title && <Title2 as="h1">{title}</Title2>}
      <Refused permission={permission} />
    </div>
  );
}

function Refused({ permission }: { permission: string }) {
  if (isPermission(permission)) return <Forbidden permission={permission} />;
  // A permission this shell does not know (a newer remote): refused all the same.
  return (
    <MessageBar intent="warning" role="alert" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>Sin permiso</MessageBarTitle>
        No tienes permiso para usar esta página. Pide a un administrador el permiso que lo permite.
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * The page, or <Forbidden> when its menu entry needs a permission the person lacks, or an unknown
 * page's answer when it exists only with several warehouses and the institution has one.
 */
export function PagePermission({ menu, children }: { menu: readonly MenuEntry[]; children: ReactNode }) {
  const { pathname } = useLocation();
  // What the person may do in the current warehouse: a switch to one where they only consult refuses its «Nueva salida».
  const permissions = usePermissions();
  const { institutionSeveral } = useCurrentWarehouse();
  const entry = entryFor(menu, pathname);
  if (entry?.severalWarehouses && !institutionSeveral) return <UnknownPage />;
  const needed = entry?.permission;
  if (needed && !mayShow({ permission: needed }, permissions)) return <RefusedPage permission={needed} title={entry.label} />;
  return <>{children}</>;
}
