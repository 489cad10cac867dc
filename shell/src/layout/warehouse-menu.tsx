// The list of the person's warehouses under the header's button (warehouse-switcher.tsx), drawn
// open after its first click; the current one is checked. The list is named by its button.
import type { ReactElement } from 'react';
import { useCurrentWarehouse } from '@almacen/shared';
import { Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@almacen/shared/fluent-pages';
import { WAREHOUSE_TEXTS } from './warehouse-switcher';

export interface WarehouseMenuProps {
  trigger: ReactElement;
}

const GROUP = 'almacen';

export function WarehouseMenu({ trigger }: WarehouseMenuProps) {
  const { warehouse, warehouses, choose } = useCurrentWarehouse();
  return (
    <Menu
      positioning="below-end"
      defaultOpen
      checkedValues={{ [GROUP]: warehouse ? [warehouse.code] : [] }}
      onCheckedValueChange={(_event, data) => {
        const code = data.checkedItems[0];
        if (code && code !== warehouse?.code) choose(code);
      }}
    >
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          {warehouses.map((choice) => (
            <MenuItemRadio key={choice.code} name={GROUP} value={choice.code}>
              {WAREHOUSE_TEXTS.option(choice.code, choice.name)}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
