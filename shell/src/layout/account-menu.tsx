// The header's account button: the signed-in person's picture or initials. The menu it opens
// (account-menu-popover.tsx: name, e-mail, "Cuenta", "Cerrar sesión") is loaded the first time
// it is needed — fetched as the pointer reaches the button or the keyboard focuses it, drawn on
// the first click — with Fluent's menus, dialogs and popup positioning (@almacen/shared/fluent-pages),
// which nothing else on the dashboard draws: what a school's network downloads to show the
// dashboard stays small. If the code cannot be fetched, the person is told and the next click tries
// again.
import { useState, type ComponentType } from 'react';
import { loadErrorText, useCurrentUser, useNotify } from '@almacen/shared';
import { Button, type ButtonProps } from '@almacen/shared/fluent';
import { AccountAvatar } from './account-avatar';
import type { AccountMenuPopoverProps } from './account-menu-popover';

const loadPopover = () => import('./account-menu-popover').then((module) => module.AccountMenuPopover);

/** Fetches the menu's code ahead of the click; a failure here is left for the click to report. */
const prefetch = () => {
  loadPopover().catch(() => undefined);
};

export function AccountMenu() {
  const user = useCurrentUser();
  const notify = useNotify();
  const [Popover, setPopover] = useState<ComponentType<AccountMenuPopoverProps> | null>(null);

  const button = (props: ButtonProps = {}) => (
    <Button
      appearance="transparent"
      aria-label={`Cuenta de ${user.name}`}
      icon={<AccountAvatar user={user} size={32} decorative />}
      {...props}
    />
  );

  if (Popover) return <Popover trigger={button()} />;

  return button({
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: () =>
      loadPopover().then(
        (component) => setPopover(() => component),
        () => notify.error(undefined, `${loadErrorText('abrir el menú de tu cuenta')} Revisa tu conexión e inténtalo de nuevo.`),
      ),
  });
}
