// The signed-in person's picture, or initials when the provider sends no picture: in the header's
// button (account-menu.tsx) and, larger, at the top of the account menu (account-menu-popover.tsx).
import type { CurrentUser } from '@almacen/shared';
import { Avatar, makeStyles } from '@almacen/shared/fluent';

const useStyles = makeStyles({
  // Drawn by CSS, not a text node: inside the button whose name is «Cuenta de …», visible text
  // that is not part of that name would be what a voice-control user says and finds nothing.
  drawn: { '::before': { content: 'attr(data-initials)' } },
});

/** "Carla Ortiz Pérez" → "CP": the first letters of the first and the last word, as Fluent shows them. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/\([^)]*\)|[^\p{L}\p{N}\s]/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!.charAt(0);
  return (words.length > 1 ? first + words[words.length - 1]!.charAt(0) : first).toUpperCase();
}

/** `decorative`: inside a button that already says whose account it is (no initials as text). */
export function AccountAvatar({ user, size, decorative = false }: { user: CurrentUser; size: 32 | 48; decorative?: boolean }) {
  const styles = useStyles();
  return (
    <Avatar
      name={user.name}
      image={user.picture ? { src: user.picture } : undefined}
      size={size}
      color="brand"
      {...(decorative
        ? {
            'aria-hidden': true,
            initials: { children: <span aria-hidden="true" className={styles.drawn} data-initials={initialsOf(user.name)} /> },
          }
        : {})}
    />
  );
}
