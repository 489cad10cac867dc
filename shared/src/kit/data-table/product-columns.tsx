// The unit and partida columns of every product table (the catalogue's and the stock page's): the
// unit as a badge, a missing one as "Sin unidad de medida asignada" / "Sin partida asignada" in
// italics at the table's own size (Fluent's Text would set 14 px in a 12 px compact table). On a
// phone they give way to ID and Nombre.
import { MISSING_LABELS, type Described } from '@almacen/shared/domain';
import { Badge } from '@almacen/shared/fluent-pages';
import type { DataTableColumn } from './types';

const NONE_STYLE = { fontStyle: 'italic' } as const;

export function productUnitColumn<T extends { unit?: Described | null }>(more: Partial<DataTableColumn<T>> = {}): DataTableColumn<T> {
  return {
    id: 'unit',
    header: 'Unidad',
    value: (item) => item.unit?.description,
    cell: (item) =>
      item.unit ? (
        <Badge appearance="tint" color="brand" shape="rounded">
          {item.unit.description}
        </Badge>
      ) : (
        <span style={NONE_STYLE}>{MISSING_LABELS.unit}</span>
      ),
    width: 220,
    hideBelow: 'tablet',
    ...more,
  };
}

export function productCategoryColumn<T extends { category?: Described | null }>(
  more: Partial<DataTableColumn<T>> = {},
): DataTableColumn<T> {
  return {
    id: 'category',
    header: 'Partida',
    value: (item) => item.category?.description,
    cell: (item) => (item.category ? item.category.description : <span style={NONE_STYLE}>{MISSING_LABELS.category}</span>),
    width: 380,
    hideBelow: 'tablet',
    ...more,
  };
}
