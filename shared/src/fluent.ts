// @almacen/shared/fluent — the part of Fluent UI v9 the portal uses, shared as a Module
// Federation singleton (rspack.shared.ts) in place of Fluent's ~60 packages. A shared
// package is never tree-shaken: shared package by package, every component package travelled
// whole (the dashboard's Fluent alone was 152 KB compressed); this module is built like any other,
// so only what it re-exports — and what that needs — travels. Provided by the shell's build alone,
// like fluent-pages.ts, Fluent's contexts (theme, portals, focus management, the toaster) are one
// copy for the shell and every remote. Everything imports Fluent from here (eslint.config.mjs refuses
// @fluentui/react-components elsewhere). Only what the frame and the home page draw is here: it is
// what every person downloads before the dashboard shows. Everything else — form inputs, the data
// table's features, menus, dialogs, tooltips, badges — is @almacen/shared/fluent-pages, loaded
// with the first page that draws one (the header's account menu loads it on first use). Every type
// of Fluent is available from here as is.
export type * from '@fluentui/react-components';
export {
  Avatar,
  Body1,
  Button,
  Caption1,
  Card,
  CardHeader,
  createLightTheme,
  FluentProvider,
  Link,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  NavCategory,
  NavCategoryItem,
  NavDrawer,
  NavDrawerBody,
  NavDrawerHeader,
  NavItem,
  NavSubItem,
  NavSubItemGroup,
  Skeleton,
  SkeletonItem,
  Spinner,
  Subtitle1,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title2,
  Title3,
  Toast,
  ToastBody,
  Toaster,
  ToastTitle,
  ToggleButton,
  tokens,
  useToastController,
} from '@fluentui/react-components';
