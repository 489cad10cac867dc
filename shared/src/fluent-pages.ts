// @almacen/shared/fluent-pages — the Fluent UI the dashboard does not draw: form inputs, the data
// table's column features, menus, dialogs, tooltips, badges. A Module Federation singleton of its
// own beside @almacen/shared/fluent (shared/src/fluent.ts), it travels with the first
// page that draws one of them, or the first time the header's account menu opens
// (shell/src/layout/account-menu.tsx) — not with the dashboard. Both modules are provided by the
// shell's build alone (a remote's production build brings no copy of a shared module:
// rspack.shared.ts), so the Fluent internals they have in common — contexts, focus management,
// positioning — are the same modules, loaded once. Their types come from @almacen/shared/fluent.
export {
  Badge,
  Checkbox,
  Combobox,
  createTableColumn,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Label,
  Menu,
  MenuDivider,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Option,
  ProgressBar,
  SearchBox,
  Select,
  SplitButton,
  Switch,
  Text,
  Textarea,
  Tooltip,
  typographyStyles,
  useId,
  useTableColumnSizing_unstable,
  useTableFeatures,
} from '@fluentui/react-components';
