// The new request's steps: «Datos de la solicitud» (the head who authorizes, the reason), «Lista
// de productos» (each product with what the warehouse has of it and its unit — never a price —,
// the quantity, observations) and «Resumen de la solicitud».
import { useMemo } from 'react';
import { useField, useFormState } from 'react-final-form';
import { compareValues, type RequestChoices } from '@almacen/shared';
import { formatQuantity, QUANTITY_SCALE } from '@almacen/shared/domain';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import {
  DataTable,
  DecimalField,
  newRowKey,
  ProductRows,
  SelectField,
  SummaryFields,
  TextField,
  type DataTableColumn,
  type SelectOption,
} from '@almacen/shared/kit';
import { WIZARD_TEXTS as T } from '../../../lib/texts';
import { emptyRequestRow, type RequestFormValues, type RequestRow } from '../form/request-form';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: tokens.spacingHorizontalL },
  row: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'minmax(220px, 2fr) minmax(140px, 1fr)',
    '@media (max-width: 720px)': { gridTemplateColumns: '1fr' },
  },
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

type Choices = RequestChoices | undefined;

export function RequestHeaderStep({ choices }: { choices: Choices }) {
  const styles = useStyles();
  const options = useMemo(
    () =>
      (choices?.areaHeads ?? [])
        .map((person) => ({ value: person.employeeId, label: person.name }))
        .sort((a, b) => compareValues(a.label, b.label)),
    [choices],
  );
  return (
    <div className={styles.grid}>
      <SelectField<number>
        name="areaHeadEmployeeId"
        label={T.areaHead}
        hint={T.areaHeadHint}
        options={options}
        placeholder={choices ? T.searchPerson : T.loadingChoices}
        required
      />
      <TextField name="reason" label={T.reason} required multiline maxLength={600} />
    </div>
  );
}

export function RequestLinesStep({ choices }: { choices: Choices }) {
  const options = useMemo<SelectOption<number>[]>(
    () => (choices?.products ?? []).map((product) => ({ value: product.id, label: product.name })),
    [choices],
  );
  return (
    <ProductRows<RequestRow> name="lines" newRow={() => emptyRequestRow(newRowKey())}>
      {({ name }) => <RequestLineRow name={name} options={options} choices={choices} />}
    </ProductRows>
  );
}

function RequestLineRow({ name, options, choices }: { name: string; options: SelectOption<number>[]; choices: Choices }) {
  const styles = useStyles();
  const productId = useField<number | null>(`${name}.productId`, { subscription: { value: true }, allowNull: true }).input.value;
  const product = choices?.products.find((candidate) => candidate.id === productId);
  return (
    <div className={styles.root}>
      <div className={styles.row}>
        <SelectField<number>
          name={`${name}.productId`}
          label={T.product}
          options={options}
          placeholder={choices ? T.searchProduct : T.loadingChoices}
          hint={product ? T.available(product.availableQuantity, product.unit) : undefined}
          required
        />
        <DecimalField name={`${name}.quantity`} label={T.quantity} scale={QUANTITY_SCALE} required />
      </div>
      <TextField name={`${name}.observations`} label={T.observations} maxLength={500} />
    </div>
  );
}

interface SummaryLine {
  key: string;
  product: string;
  unit: string;
  quantity: string;
  observations: string;
}

const SUMMARY_COLUMNS: DataTableColumn<SummaryLine>[] = T.summaryColumns.map((header, index) => {
  const field = (['product', 'unit', 'quantity', 'observations'] as const)[index];
  return { id: field, header, value: (line: SummaryLine) => line[field] };
});

export function RequestSummaryStep({ choices }: { choices: Choices }) {
  const styles = useStyles();
  const { values } = useFormState<RequestFormValues>({ subscription: { values: true } });
  const head = choices?.areaHeads.find((person) => person.employeeId === values.areaHeadEmployeeId);
  const lines: SummaryLine[] = values.lines.map((row) => {
    const product = choices?.products.find((candidate) => candidate.id === row.productId);
    return {
      key: row.key,
      product: product?.name ?? '',
      unit: product ? (product.unit ?? T.noUnit) : '',
      quantity: row.quantity ? formatQuantity(row.quantity) : '',
      observations: row.observations,
    };
  });
  return (
    <div className={styles.root}>
      <SummaryFields
        items={[
          { label: T.areaHead, value: head?.name ?? '' },
          { label: T.reason, value: values.reason },
        ]}
      />
      <DataTable<SummaryLine> label={T.summaryTable} items={lines} columns={SUMMARY_COLUMNS} getRowId={(line) => line.key} />
    </div>
  );
}
