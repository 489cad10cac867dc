// Step 1, «Datos del traspaso»: from which warehouse (the current one to begin with) to which of
// the others, the date, who sends and who carries. Another origin forgets what the rows read of
// the previous one's stock, so nothing is judged against the wrong warehouse.
import { useMemo } from 'react';
import { useField, useForm } from 'react-final-form';
import { useCurrentWarehouse } from '@almacen/shared';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { DateField, SelectField, TextField } from '@almacen/shared/kit';
import type { TransferFormValues } from '../form/transfer-form';
import { FIELD_LABELS } from '../lib/texts';
import { useEmployeeOptions } from './choices';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
    // A field with a hint is taller: the others keep their label and input at the top.
    alignItems: 'start',
  },
});

export function TransferHeaderStep({ today }: { today: string }) {
  const styles = useStyles();
  // Untyped: the changed fields are paths into the rows ("lines[2].averagePrice").
  const form = useForm();
  const { warehouses } = useCurrentWarehouse();
  const origin = useField<number | null>('originWarehouseId', { subscription: { value: true }, allowNull: true }).input.value;
  const employees = useEmployeeOptions();
  const all = useMemo(() => warehouses.map((w) => ({ value: w.id, label: `${w.code} · ${w.name}` })), [warehouses]);
  const destinations = useMemo(() => all.filter((option) => option.value !== origin), [all, origin]);
  return (
    <div className={styles.grid}>
      <SelectField<number>
        name="originWarehouseId"
        label={FIELD_LABELS.origin}
        options={all}
        required
        onSelect={(chosen) => {
          const values = form.getState().values as TransferFormValues;
          form.batch(() => {
            if (values.destinationWarehouseId === chosen) form.change('destinationWarehouseId', null);
            values.lines.forEach((_row, index) => {
              form.change(`lines[${index}].availableQuantity`, null);
              form.change(`lines[${index}].averagePrice`, null);
            });
          });
        }}
      />
      <SelectField<number> name="destinationWarehouseId" label={FIELD_LABELS.destination} options={destinations} required />
      <DateField name="date" label={FIELD_LABELS.date} today={today} monthNote required />
      <SelectField<number>
        name="senderEmployeeId"
        label={FIELD_LABELS.sender}
        options={employees.options}
        placeholder={employees.placeholder}
        required
      />
      <TextField name="carrier" label={FIELD_LABELS.carrier} hint={FIELD_LABELS.carrierHint} maxLength={200} />
    </div>
  );
}
