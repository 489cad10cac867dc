// The autocomplete filters of the "Unidad" and "Partida" columns: the
// options are the catalogue (same cached lists as the catalogue screens), plus one for the
// products that have none. Each filter loads its own options, so the table's columns stay stable.
import { useMemo } from 'react';
import type { SWRResponse } from 'swr';
import { useCategories, useLoadErrorToast, useUnits } from '@almacen/shared';
import { MISSING_LABELS } from '@almacen/shared/domain';
import type { Described, Product } from '@almacen/shared/domain';
import { type ColumnFilter, type ColumnFilterProps, SearchableSelect, type SelectOption } from '@almacen/shared/kit';

export const NO_UNIT = MISSING_LABELS.unit;
export const NO_CATEGORY = MISSING_LABELS.category;
/** Ids start at 1, so 0 can stand for "none assigned". */
export const NONE = 0;

interface CatalogFilterProps extends ColumnFilterProps<number> {
  list: SWRResponse<Described[], unknown>;
  noneLabel: string;
  /** Spec §8 ending for a failed load of the options. */
  loadError: string;
}

function CatalogFilter({ value, onChange, label, list, noneLabel, loadError }: CatalogFilterProps) {
  useLoadErrorToast(list.error, loadError);
  const options = useMemo<SelectOption<number>[]>(
    () => [{ value: NONE, label: noneLabel }, ...(list.data ?? []).map((item) => ({ value: item.id, label: item.description }))],
    [list.data, noneLabel],
  );
  return (
    <SearchableSelect<number>
      aria-label={label}
      placeholder={label}
      size="small"
      clearable
      options={options}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
    />
  );
}

function UnitFilter(props: ColumnFilterProps<number>) {
  return <CatalogFilter {...props} list={useUnits()} noneLabel={NO_UNIT} loadError="obtener las unidades de medida." />;
}

function CategoryFilter(props: ColumnFilterProps<number>) {
  return <CatalogFilter {...props} list={useCategories()} noneLabel={NO_CATEGORY} loadError="obtener las partidas." />;
}

const matchesId = (assigned: Described | null | undefined, value: number) => (value === NONE ? !assigned : assigned?.id === value);

export const unitFilter: ColumnFilter<Product, number> = {
  render: (props) => <UnitFilter {...props} />,
  match: (product, value) => matchesId(product.unit, value),
};

export const categoryFilter: ColumnFilter<Product, number> = {
  render: (props) => <CategoryFilter {...props} />,
  match: (product, value) => matchesId(product.category, value),
};
