// The per-row menu of catalogue tables ("Editar partida", "Eliminar partida").
import { DeleteRegular, EditRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { Button } from '@almacen/shared/fluent';
import { Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@almacen/shared/fluent-pages';
import { TABLE_TEXTS } from './texts';

export interface RowAction {
  label: string;
  onClick: () => void;
  icon?: ReactElement;
  disabled?: boolean;
}

export interface RowActionsMenuProps {
  actions: RowAction[];
  /** Accessible name of the menu button; say which row it belongs to. */
  label?: string;
}

export function RowActionsMenu({ actions, label = TABLE_TEXTS.actions }: RowActionsMenuProps) {
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" size="small" icon={<MoreHorizontalRegular />} aria-label={label} title={label} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {actions.map((action) => (
            <MenuItem key={action.label} icon={action.icon} disabled={action.disabled} onClick={action.onClick}>
              {action.label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** The usual pair: edit and delete, with their icons. */
export function editDeleteActions(options: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}): RowAction[] {
  return [
    { label: options.editLabel, icon: <EditRegular />, onClick: options.onEdit },
    { label: options.deleteLabel, icon: <DeleteRegular />, onClick: options.onDelete },
  ];
}
