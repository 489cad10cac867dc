// The protected frame: header (logo, menu button under 720 px, the current warehouse when the person
// may use several, account menu), side navigation (the entries the person may use) and the page of
// the current route.
import { useMemo, useState } from 'react';
import { AlmacenLogo, useCurrentWarehouse, usePermissions, useRuntimeConfig, WarehouseLink } from '@almacen/shared';
import { Button, makeStyles, Subtitle1, Caption1, tokens } from '@almacen/shared/fluent';
import type { MenuCount, RemotePages } from '@almacen/shared/pages';
import { Outlet } from '@almacen/shared/router';
import { AccountMenu } from './account-menu';
import { CountDot, MenuCounts, pendingText, useMenuCount } from './menu-counts';
import { buildNavigation, forWarehouses, leaves } from './navigation';
import { HEADER_HEIGHT, SideNav } from './side-nav';
import { useNarrowScreen } from './use-narrow-screen';
import { WarehouseSwitcher } from './warehouse-switcher';

const useStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', minHeight: '100vh' },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    height: HEADER_HEIGHT,
    padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    position: 'sticky',
    top: 0,
    zIndex: 2,
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: 'inherit', textDecoration: 'none' },
  brandTexts: { display: 'flex', flexDirection: 'column', lineHeight: 1.1 },
  spacer: { flexGrow: 1 },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  main: {
    flexGrow: 1,
    flexBasis: 0,
    minWidth: 0,
    overflowX: 'auto',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
      <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** Under 720 px the menu is behind this button; what waits in it shows on the button too. */
function MenuButton({ counts, onOpen }: { counts: ReadonlyArray<MenuCount | undefined>; onOpen: () => void }) {
  const waiting = useMenuCount(...counts);
  return (
    <Button
      appearance="subtle"
      icon={<MenuIcon />}
      aria-label="Abrir menú"
      aria-description={waiting > 0 ? pendingText(waiting) : undefined}
      onClick={onOpen}
    >
      {/* A dot, not the number: the button's name stays «Abrir menú» and its description says how many. */}
      {waiting > 0 ? <CountDot /> : null}
    </Button>
  );
}

/** `pages`: the remotes' and the shell's own; the menu shows what the person may use in the current warehouse (/api/me). */
export function DashboardLayout({ pages }: { pages: RemotePages[] }) {
  const styles = useStyles();
  const permissions = usePermissions();
  const { institutionSeveral } = useCurrentWarehouse();
  // On a phone, where the institution has several warehouses, the header's word «Almacén» gives
  // its room to the current warehouse's name (the logo stays, named «Almacén»); with one, the
  // header is as always.
  const navigation = useMemo(
    () => buildNavigation(forWarehouses(pages, institutionSeveral), permissions),
    [pages, permissions, institutionSeveral],
  );
  const menuCounts = useMemo(() => leaves(navigation).map((leaf) => leaf.count), [navigation]);
  const config = useRuntimeConfig();
  const narrow = useNarrowScreen();
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <MenuCounts counts={menuCounts}>
      <div className={styles.frame}>
        <header className={styles.header}>
          {narrow && <MenuButton counts={menuCounts} onOpen={() => setDrawerOpen(true)} />}
          <WarehouseLink to="/dashboard" className={styles.brand}>
            <AlmacenLogo size={32} />
            <span className={styles.brandTexts}>
              {!(narrow && institutionSeveral) && <Subtitle1>Almacén</Subtitle1>}
              {config.institutionName && !narrow && <Caption1>{config.institutionName}</Caption1>}
            </span>
          </WarehouseLink>
          <span className={styles.spacer} />
          <WarehouseSwitcher narrow={narrow} />
          <AccountMenu />
        </header>
        <div className={styles.body}>
          <SideNav navigation={navigation} overlay={narrow} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
          <main className={styles.main}>
            <Outlet />
          </main>
        </div>
      </div>
    </MenuCounts>
  );
}
