// Step 1, «Datos del traspaso»: from which warehouse (the current one to begin with, among those
// where the person may send) to which of the others (every active warehouse), the date (after the
// origin's last closed month: a transfer leaves in its origin's month), who sends and who carries.
// Another origin forgets what the rows read of the previous one's stock, so nothing is judged
// against the wrong warehouse.
import { useEffect } from 'react';
import { useField, useForm } from 'react-final-form';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { DateField, SelectField, TextField } from '@almacen/shared/kit';
import type { TransferFormValues } from '../form/transfer-form';
import { FIELD_LABELS } from '../lib/texts';
import { useDestinationOptions, useEmployeeOptions, useOriginOptions } from './choices';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
    // A field with a hint is taller: the others keep their label and input at the top.
    alignItems: 'start',
  },
});

interface TransferHeaderStepProps {
  today: string;
  /** The origin's last closed date (useClosedUntil of the origin), where the date picker stops. */
  closedUntil: string | null;
  /** Told the origin whenever it changes (a draft brought back too), so the wizard reads its closings. */
  onOrigin(origin: number | null): void;
}

export function TransferHeaderStep({ today, closedUntil, onOrigin }: TransferHeaderStepProps) {
  const styles = useStyles();
  // Untyped: the changed fields are paths into the rows ("lines[2].averagePrice").
  const form = useForm();
  const origin = useField<number | null>('originWarehouseId', { subscription: { value: true }, allowNull: true }).input.value;
  useEffect(() => onOrigin(origin ?? null), [origin, onOrigin]);
  const employees = useEmployeeOptions();
  const origins = useOriginOptions();
  const destinations = useDestinationOptions(origin ?? null);
  return (
    <div className={styles.grid}>
      <SelectField<number>
        name="originWarehouseId"
        label={FIELD_LABELS.origin}
        options={origins}
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
      <SelectField<number>
        name="destinationWarehouseId"
        label={FIELD_LABELS.destination}
        options={destinations.options}
        placeholder={destinations.placeholder}
        required
      />
      <DateField name="date" label={FIELD_LABELS.date} today={today} closedUntil={closedUntil} monthNote required />
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
