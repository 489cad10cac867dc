// The nested menu. Beside the content on wide screens; in an overlay drawer under 720 px.
import { useState, type MouseEvent, type ReactNode } from 'react';
import { AlmacenLogo, useWarehouseLink } from '@almacen/shared';
import {
  NavCategory,
  NavCategoryItem,
  NavDrawer,
  NavDrawerBody,
  NavDrawerHeader,
  NavItem,
  NavSubItem,
  NavSubItemGroup,
  Title3,
  makeStyles,
} from '@almacen/shared/fluent';
import { useLocation, useNavigate } from '@almacen/shared/router';
import { CountedLabel, useMenuCount } from './menu-counts';
import { groupOf, isGroup, selectedRoute, type NavEntry, type NavGroup, type NavLeaf } from './navigation';

export interface SideNavProps {
  /** What the loaded remotes put in the menu (navigation.ts). */
  navigation: NavEntry[];
  /** Overlay drawer (narrow screens) instead of an inline column. */
  overlay: boolean;
  open: boolean;
  onClose: () => void;
}

/** The height of the layout's header, under which the side navigation stays. */
export const HEADER_HEIGHT = '56px';

const useStyles = makeStyles({
  // Beside a wide page the column keeps its width; the page scrolls instead. On a long page it
  // stays in view under the header (Fluent's drawer stops at the window's height, so it used to
  // scroll away and leave a blank strip beside the rest of the page); a long menu scrolls itself.
  inline: {
    flexShrink: 0,
    position: 'sticky',
    top: HEADER_HEIGHT,
    alignSelf: 'flex-start',
    // Below Fluent's own max-height (100vh), so that one never binds.
    height: `calc(100vh - ${HEADER_HEIGHT})`,
  },
  // Fluent draws the selected item's bar 6 px left of the item, but a sub-item's group clips what
  // is outside it (it animates its height), so a selected sub-item showed no bar. The group
  // reaches the drawer's edge (its 10 px padding) and pads its items back, so the bar shows,
  // where the top-level items have it.
  subItems: { marginInlineStart: '-10px', paddingInlineStart: '10px' },
});

export function SideNav({ navigation, overlay, open, onClose }: SideNavProps) {
  const styles = useStyles();
  const location = useLocation();
  const navigate = useNavigate();
  // Every entry keeps the current warehouse: its address, and a tab opened from it, stay there.
  const link = useWarehouseLink();
  const current = groupOf(navigation, location.pathname);
  const [openGroups, setOpenGroups] = useState<string[]>(current ? [current] : []);

  const go = (to: string) => (event: MouseEvent) => {
    // Real links (open in a new tab works), but in-app navigation keeps the shell loaded.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button === 1) return;
    event.preventDefault();
    navigate(link(to));
    if (overlay) onClose();
  };

  return (
    <NavDrawer
      className={overlay ? undefined : styles.inline}
      type={overlay ? 'overlay' : 'inline'}
      open={overlay ? open : true}
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
      selectedValue={selectedRoute(navigation, location.pathname) ?? ''}
      selectedCategoryValue={current ?? ''}
      openCategories={openGroups}
      onNavCategoryItemToggle={(_, data) => {
        // Fluent reports the toggled category in categoryValue (value is empty for a category).
        const value = String(data.categoryValue || data.value);
        setOpenGroups((groups) => (groups.includes(value) ? groups.filter((g) => g !== value) : [...groups, value]));
      }}
      // Folded over the page on a phone, the drawer is a modal dialog (Fluent marks it aria-modal,
      // which a navigation landmark may not carry) with the landmark inside; beside the page the
      // drawer is the landmark.
      {...(overlay ? { role: 'dialog', 'aria-label': 'Menú' } : { 'aria-label': NAVIGATION_LABEL })}
    >
      {overlay && (
        <NavDrawerHeader>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 0' }}>
            <AlmacenLogo size={28} />
            <Title3>Almacén</Title3>
          </div>
        </NavDrawerHeader>
      )}
      <NavDrawerBody>
        <NavLandmark overlay={overlay}>
          {navigation.map((entry) =>
            isGroup(entry) ? (
              <NavCategory key={entry.value} value={entry.value}>
                <NavCategoryItem>
                  <GroupLabel group={entry} open={openGroups.includes(entry.value)} />
                </NavCategoryItem>
                <NavSubItemGroup className={styles.subItems}>
                  {entry.children.map((child) => (
                    <NavSubItem key={child.to} value={child.to} href={link(child.to)} onClick={go(child.to)}>
                      <LeafLabel leaf={child} />
                    </NavSubItem>
                  ))}
                </NavSubItemGroup>
              </NavCategory>
            ) : (
              <NavItem key={entry.to} value={entry.to} href={link(entry.to)} onClick={go(entry.to)}>
                <LeafLabel leaf={entry} />
              </NavItem>
            ),
          )}
        </NavLandmark>
      </NavDrawerBody>
    </NavDrawer>
  );
}

const NAVIGATION_LABEL = 'Navegación principal';

function LeafLabel({ leaf }: { leaf: NavLeaf }) {
  return <CountedLabel label={leaf.label} count={useMenuCount(leaf.count)} />;
}

/** A closed group says how many wait inside it; an open one leaves that to its pages. */
function GroupLabel({ group, open }: { group: NavGroup; open: boolean }) {
  const count = useMenuCount(...group.children.map((child) => child.count));
  return <CountedLabel label={group.label} count={open ? 0 : count} />;
}

function NavLandmark({ overlay, children }: { overlay: boolean; children: ReactNode }) {
  return overlay ? <nav aria-label={NAVIGATION_LABEL}>{children}</nav> : <>{children}</>;
}
