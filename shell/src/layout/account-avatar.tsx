// The signed-in person's picture, or initials when the provider sends no picture: in the header's
// button (account-menu.tsx) and, larger, at the top of the account menu (account-menu-popover.tsx).
import type { CurrentUser } from '@almacen/shared';
import { Avatar } from '@almacen/shared/fluent';

/**
 * `decorative` inside a button that already says whose account it is: the initials are hidden
 * from assistive technology, so the button's name is its label alone (its visible initials
 * would not match it).
 */
export function AccountAvatar({ user, size, decorative = false }: { user: CurrentUser; size: 32 | 48; decorative?: boolean }) {
  return (
    <Avatar
      name={user.name}
      image={user.picture ? { src: user.picture } : undefined}
      size={size}
      color="brand"
      {...(decorative ? { 'aria-hidden': true } : {})}
    />
  );
}
