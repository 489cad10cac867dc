// The header's warehouse, shown only to whom may use more than one: the current warehouse's name
// on a button that opens the list of theirs («P012 — Plantel Norte»). Choosing one changes the
// address's `?almacen=` and keeps the page; every screen reads its data again for that warehouse.
// With one warehouse nothing shows: the portal's header is the one-warehouse portal's; a person
// who may use one warehouse of an institution that has several sees its name, with nothing to
// open (their screens are that warehouse's, and the transfers name the others). The list
// (warehouse-menu.tsx, with Fluent's menus) is loaded the first time it is needed, like the
// account menu's, so the dashboard's download does not grow.
import { BuildingRegular, ChevronDownRegular } from '@fluentui/react-icons';
import { useState, type ComponentType } from 'react';
import { loadErrorText, useCurrentWarehouse, useNotify } from '@almacen/shared';
import { Button, makeStyles, mergeClasses, tokens, type ButtonProps } from '@almacen/shared/fluent';
import type { WarehouseMenuProps } from './warehouse-menu';

export const WAREHOUSE_TEXTS = {
  /** The button's name: what it shows, and what it does. */
  button: (name: string) => `Almacén: ${name}. Cambiar de almacén`,
  option: (code: string, name: string) => `${code} — ${name}`,
  loadFailed: `${loadErrorText('abrir la lista de almacenes')} Revisa tu conexión e inténtalo de nuevo.`,
} as const;

const useStyles = makeStyles({
  button: { minWidth: 0, maxWidth: '280px', flexShrink: 1 },
  // A phone's header gives it the room of the brand's word (the logo stays); a long name ends in «…».
  narrow: { maxWidth: '55vw', paddingInline: tokens.spacingHorizontalXS },
  label: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  // The one warehouse's name, as the button would show it, without being one.
  only: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minWidth: 0,
    maxWidth: '280px',
    flexShrink: 1,
    paddingInline: tokens.spacingHorizontalS,
    fontWeight: tokens.fontWeightSemibold,
  },
  onlyIcon: { fontSize: '20px', flexShrink: 0 },
  chevron: { flexShrink: 0 },
});

const loadMenu = () => import('./warehouse-menu').then((module) => module.WarehouseMenu);

const prefetch = () => {
  loadMenu().catch(() => undefined);
};

export function WarehouseSwitcher({ narrow }: { narrow: boolean }) {
  const styles = useStyles();
  const { warehouse, several, institutionSeveral } = useCurrentWarehouse();
  const notify = useNotify();
  const [Menu, setMenu] = useState<ComponentType<WarehouseMenuProps> | null>(null);
  if (!warehouse) return null;
  if (!several) {
    if (!institutionSeveral) return null;
    return (
      <span className={mergeClasses(styles.only, narrow && styles.narrow)}>
        {!narrow && <BuildingRegular aria-hidden="true" className={styles.onlyIcon} />}
        <span className={styles.name}>{warehouse.name}</span>
      </span>
    );
  }

  const button = (props: ButtonProps = {}) => (
    <Button
      appearance="subtle"
      icon={narrow ? undefined : <BuildingRegular />}
      className={mergeClasses(styles.button, narrow && styles.narrow)}
      aria-label={WAREHOUSE_TEXTS.button(warehouse.name)}
      {...props}
    >
      <span className={styles.label}>
        <span className={styles.name}>{warehouse.name}</span>
        <ChevronDownRegular aria-hidden="true" className={styles.chevron} />
      </span>
    </Button>
  );

  if (Menu) return <Menu trigger={button()} />;

  return button({
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: () =>
      loadMenu().then(
        (component) => setMenu(() => component),
        () => notify.error(undefined, WAREHOUSE_TEXTS.loadFailed),
      ),
  });
}
