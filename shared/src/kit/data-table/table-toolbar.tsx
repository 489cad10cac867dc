// The line above a DataTable: the search box on the left, the screen's own buttons, and on the
// right the switches for the search, the column filters and the density. ≥ 1024 px one line;
// 720–1023 px it wraps; under 720 px everything stacks.
import { FilterDismissRegular, FilterRegular, SearchRegular, TextDensityRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import type { Breakpoint } from '@almacen/shared';
import { Button, mergeClasses, type MenuProps } from '@almacen/shared/fluent';
import { SearchBox, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@almacen/shared/fluent-pages';
import { markTable, TABLE_MARKS } from './marks';
import { useTableStyles } from './styles';
import { TABLE_TEXTS } from './texts';
import type { Density } from './types';

export interface TableToolbarProps {
  /** The table's name (the bench's marks carry it). */
  label: string;
  searchPlaceholder: string;
  /** The screen's own buttons and fields. */
  children?: ReactNode;
  breakpoint: Breakpoint;
  state: {
    search: string;
    setSearch: (value: string) => void;
    searchShown: boolean;
    toggleSearch: () => void;
    filtersShown: boolean;
    toggleFilters: () => void;
    density: Density;
    setDensity: (density: Density) => void;
  };
}

export function TableToolbar({ label, searchPlaceholder, children, breakpoint, state }: TableToolbarProps) {
  const styles = useTableStyles();
  const mobile = breakpoint === 'mobile';
  const onDensityChange: MenuProps['onCheckedValueChange'] = (_event, data) => {
    const value = data.checkedItems[0] as Density | undefined;
    if (value) state.setDensity(value);
  };
  return (
    <div className={mergeClasses(styles.toolbar, breakpoint === 'tablet' && styles.toolbarTablet, mobile && styles.toolbarMobile)}>
      {state.searchShown && (
        <SearchBox
          className={mergeClasses(styles.search, mobile && styles.searchMobile)}
          aria-label={TABLE_TEXTS.search}
          placeholder={searchPlaceholder}
          value={state.search}
          onChange={(_event, data) => {
            // Start of the bench's search-to-update time (see TABLE_MARKS.rowsRendered).
            markTable(TABLE_MARKS.searchInput, { label, search: data.value });
            state.setSearch(data.value);
          }}
        />
      )}
      {children && <div className={styles.toolbarSlot}>{children}</div>}
      <div className={mergeClasses(styles.toolbarEnd, mobile && styles.toolbarEndMobile)}>
        <Tooltip content={state.searchShown ? TABLE_TEXTS.hideSearch : TABLE_TEXTS.showSearch} relationship="label">
          <Button appearance="subtle" icon={<SearchRegular />} aria-pressed={state.searchShown} onClick={state.toggleSearch} />
        </Tooltip>
        <Tooltip content={state.filtersShown ? TABLE_TEXTS.hideFilters : TABLE_TEXTS.showFilters} relationship="label">
          <Button
            appearance="subtle"
            icon={state.filtersShown ? <FilterDismissRegular /> : <FilterRegular />}
            aria-pressed={state.filtersShown}
            onClick={state.toggleFilters}
          />
        </Tooltip>
        <Menu checkedValues={{ density: [state.density] }} onCheckedValueChange={onDensityChange}>
          <MenuTrigger disableButtonEnhancement>
            <Tooltip content={TABLE_TEXTS.density} relationship="label">
              <Button appearance="subtle" icon={<TextDensityRegular />} />
            </Tooltip>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {(['xs', 'md', 'xl'] as const).map((value) => (
                <MenuItemRadio key={value} name="density" value={value}>
                  {TABLE_TEXTS.densities[value]}
                </MenuItemRadio>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>
    </div>
  );
}
