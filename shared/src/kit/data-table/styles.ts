// The DataTable's styles and fixed sizes, shared by its parts (toolbar, grid, pagination).
import { makeStyles, tokens } from '@almacen/shared/fluent';

export const FLUENT_SIZE = { xs: 'extra-small', md: 'small', xl: 'medium' } as const;
export const EXPAND_COLUMN = '__expand';
export const ACTIONS_COLUMN = '__actions';
// Content widths; every cell adds CELL_PADDING. The actions column fits its header "Acciones".
export const FIXED_WIDTH = { [EXPAND_COLUMN]: 32, [ACTIONS_COLUMN]: 64 } as const;
/** Fluent's table cells have 8 px of padding on either side. */
export const CELL_PADDING = 16;
/** A column without a `minWidth` is not squeezed narrower than this to fit; the table scrolls instead. */
export const READABLE_WIDTH = 96;
/** Pages longer than this are windowed. */
export const DEFAULT_VIRTUALIZE_FROM = 30;

export const useTableStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  // ≥ 1024 px: one line; 720–1023 px: the line wraps; < 720 px: everything stacks.
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'nowrap' },
  toolbarTablet: { flexWrap: 'wrap' },
  toolbarMobile: { flexDirection: 'column', alignItems: 'stretch' },
  search: { width: '320px', maxWidth: '100%' },
  searchMobile: { width: '100%' },
  toolbarSlot: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  toolbarEnd: { display: 'flex', gap: tokens.spacingHorizontalXS, marginLeft: 'auto' },
  toolbarEndMobile: { marginLeft: 0, justifyContent: 'flex-end' },
  progress: { minHeight: '2px' },
  // A size container, so a detail row can be as wide as the visible part of the table (100cqw).
  scroller: {
    overflowX: 'auto',
    maxWidth: '100%',
    containerType: 'inline-size',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  // The widths below are exact: the table is as wide as its columns, which fit the container.
  table: { tableLayout: 'fixed' },
  cell: { boxSizing: 'content-box', overflowWrap: 'anywhere' },
  // The actions column stays at the right edge while a table too wide for a phone scrolls.
  stickyEnd: {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `inset 1px 0 0 ${tokens.colorNeutralStroke2}`,
  },
  windowed: { overflowY: 'auto', maxHeight: 'min(70vh, 720px)' },
  header: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground1 },
  filterCell: {
    paddingTop: tokens.spacingVerticalXXS,
    paddingBottom: tokens.spacingVerticalXXS,
    // Fluent's combobox asks for 250 px; in a filter cell it takes the column's width instead.
    '& .fui-Combobox': { minWidth: 0, width: '100%', boxSizing: 'border-box' },
    '& .fui-Combobox__input': { minWidth: 0, width: '100%' },
  },
  detailCell: { backgroundColor: tokens.colorNeutralBackground2, padding: tokens.spacingHorizontalM },
  // A detail (often a table of its own) spans the visible width and stays in view while a wide
  // table scrolls sideways, so its buttons are never cut off; what does not fit scrolls inside it.
  detailContent: {
    position: 'sticky',
    left: tokens.spacingHorizontalM,
    boxSizing: 'border-box',
    width: `calc(100cqw - 2 * ${tokens.spacingHorizontalM})`,
    overflowX: 'auto',
  },
  messageCell: { textAlign: 'center', padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground3 },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  footerMobile: { justifyContent: 'space-between' },
  pageSize: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  spacer: { border: 'none', padding: 0 },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  currentRow: {
    backgroundColor: tokens.colorBrandBackground2,
    outline: `2px solid ${tokens.colorBrandStroke1}`,
    outlineOffset: '-2px',
  },
});
