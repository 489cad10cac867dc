// @almacen/shared/fluent-forms — Fluent UI's form inputs and the data table's column features, a
// Module Federation singleton of its own beside @almacen/shared/fluent (shared/src/fluent.ts, issue
// #21): the dashboard has no form and no table of the kit, so these travel with the first page that
// has one. Both modules are provided by the shell's build alone (a remote's production build
// brings no copy of a shared module: rspack.shared.ts), so the Fluent internals they have in common
// — contexts, focus management, positioning — are the same modules, loaded once. Their types come
// from @almacen/shared/fluent.
export {
  Checkbox,
  Combobox,
  createTableColumn,
  Field,
  Input,
  Option,
  ProgressBar,
  SearchBox,
  Select,
  Switch,
  Textarea,
  useTableColumnSizing_unstable,
  useTableFeatures,
} from '@fluentui/react-components';
