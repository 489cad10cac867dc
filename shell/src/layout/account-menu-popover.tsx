// The account menu itself — who is signed in, "Cuenta" (the person's permissions in Almacén, each
// with its warehouse where the person may use several, who
// signs them in, and a link to change their password: the included provider's own page, or the
// external provider's account page when OIDC_ACCOUNT_URL names one) and "Cerrar sesión" — loaded with
// @almacen/shared/fluent-pages the first time the person opens it (account-menu.tsx): the dashboard
// draws no menu, dialog or tooltip, so Fluent's menus and popup positioning are not part of what a
// school's network downloads to show it.
import { useMemo, useState, type ReactElement } from 'react';
import { useCurrentUser, useCurrentWarehouse, useMe, useRuntimeConfig } from '@almacen/shared';
import { Body1, Button, Caption1, Link, makeStyles, tokens } from '@almacen/shared/fluent';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@almacen/shared/fluent-pages';
import { rolesText } from '../admin/role-text';
import { useAuth } from '../auth/auth-context';
import { AccountAvatar } from './account-avatar';

const useStyles = makeStyles({
  identity: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    maxWidth: '280px',
  },
  texts: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  details: { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}` },
});

/** "login.escuela.mx": the provider by its name, not its technical address. */
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export interface AccountMenuPopoverProps {
  /** The header's button, which opens and closes the menu from now on. */
  trigger: ReactElement;
}

/** Drawn after the first click on the button: open from the start, then the trigger's as any menu's. */
export function AccountMenuPopover({ trigger }: AccountMenuPopoverProps) {
  const styles = useStyles();
  const user = useCurrentUser();
  const config = useRuntimeConfig();
  const { data: me } = useMe();
  const { several } = useCurrentWarehouse();
  // With several warehouses each role says where it holds: «Almacenista (P012)», «Consulta (todos)».
  const codes = useMemo(() => (several ? new Map((me?.warehouses ?? []).map((w) => [w.id, w.code])) : null), [several, me]);
  const { signOut } = useAuth();
  const [accountOpen, setAccountOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const embedded = config.identityProvider === 'embedded';

  return (
    <>
      <Menu positioning="below-end" defaultOpen>
        <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
        <MenuPopover>
          <div className={styles.identity}>
            <AccountAvatar user={user} size={48} />
            <div className={styles.texts}>
              <Body1 className={styles.ellipsis}>{user.name}</Body1>
              <Caption1 className={styles.ellipsis}>{user.email}</Caption1>
            </div>
          </div>
          <MenuDivider />
          <MenuList>
            {/* The dialog opens once the menu has closed and given focus back to its trigger;
                opened in the same tick, the menu's focus restore would leave the dialog without
                focus (and hidden from assistive technology). */}
            <MenuItem onClick={() => setTimeout(() => setAccountOpen(true), 0)}>Cuenta</MenuItem>
            <MenuItem
              disabled={leaving}
              onClick={() => {
                setLeaving(true);
                signOut().finally(() => setLeaving(false));
              }}
            >
              Cerrar sesión
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <Dialog open={accountOpen} onOpenChange={(_, data) => setAccountOpen(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Cuenta</DialogTitle>
            <DialogContent>
              <div className={styles.details}>
                <Body1>Nombre</Body1>
                <Body1>{user.name}</Body1>
                <Body1>Correo electrónico</Body1>
                <Body1>{user.email || 'Sin correo registrado'}</Body1>
                <Body1>Permisos</Body1>
                <Body1>{me?.roles.length ? rolesText(me.roles, codes) : 'Sin permisos'}</Body1>
                <Body1>Inicio de sesión</Body1>
                <Body1>
                  {embedded ? 'Cuentas de Almacén (proveedor incluido)' : `Proveedor externo (${hostOf(config.oidc.authority)})`}
                </Body1>
              </div>
              {me?.accountUrl && (
                <p>
                  <Link href={me.accountUrl} target="_blank" rel="noopener noreferrer">
                    {embedded ? 'Cambiar mi contraseña' : 'Administrar mi cuenta en el proveedor de identidad'}
                  </Link>
                </p>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setAccountOpen(false)}>
                Cerrar
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
