// The signed-in person's picture, or initials when the provider sends no picture: in the header's
// button (account-menu.tsx) and, larger, at the top of the account menu (account-menu-popover.tsx).
import type { CurrentUser } from '@almacen/shared';
import { Avatar } from '@almacen/shared/fluent';

export function AccountAvatar({ user, size }: { user: CurrentUser; size: 32 | 48 }) {
  return <Avatar name={user.name} image={user.picture ? { src: user.picture } : undefined} size={size} color="brand" />;
}
