// Step 1, "Datos de la salida": the date and the three people who sign the exit voucher. The
// «Almacenista» starts as the person's last exit had it.
import { useMemo } from 'react';
import { useDispatchDefaults, useEmployees, useLoadErrorToast } from '@almacen/shared';
import { employeeName } from '@almacen/shared/domain';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { DateField, SelectField, useLastChoices, type SelectOption } from '@almacen/shared/kit';

export const HEADER_LABELS = {
  dispatchDate: 'Fecha de salida',
  areaHead: 'Responsable del área solicitante',
  petitioner: 'Solicitante',
  warehouseKeeper: 'Almacenista',
} as const;

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
});

export function useEmployeeOptions(): { options: SelectOption<number>[]; loading: boolean } {
  const { data, error, isLoading } = useEmployees();
  useLoadErrorToast(error, 'obtener los empleados.');
  const options = useMemo(() => (data ?? []).map((employee) => ({ value: employee.id, label: employeeName(employee) })), [data]);
  return { options, loading: isLoading };
}

/** `closedUntil`: the last closed date (useClosedUntil), where the date picker stops. */
export function DispatchHeaderStep({ today, closedUntil = null }: { today: string; closedUntil?: string | null }) {
  const styles = useStyles();
  const { options, loading } = useEmployeeOptions();
  const placeholder = loading ? 'Cargando empleados…' : 'Busca un empleado';
  useLastChoices(useDispatchDefaults().data);
  return (
    <div className={styles.grid}>
      <DateField name="dispatchDate" label={HEADER_LABELS.dispatchDate} today={today} closedUntil={closedUntil} monthNote required />
      <SelectField<number>
        name="personInChargeOfTheRequestingAreaEmployeeId"
        label={HEADER_LABELS.areaHead}
        options={options}
        placeholder={placeholder}
        required
      />
      <SelectField<number>
        name="petitionerEmployeeId"
        label={HEADER_LABELS.petitioner}
        options={options}
        placeholder={placeholder}
        required
      />
      <SelectField<number>
        name="warehouseKeeperEmployeeId"
        label={HEADER_LABELS.warehouseKeeper}
        options={options}
        placeholder={placeholder}
        required
      />
    </div>
  );
}
