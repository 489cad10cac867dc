// "Aplicar ajustes": what applying the count will do, and the three people who sign its acta,
// checked by the API's own schema (a signer missing, or one person in two roles, is said here
// first). An opening balance ("Inventario inicial") asks first for the unit cost of every counted
// line without one.
import { useMemo } from 'react';
import { Money, useApplyCount, useEmployees } from '@almacen/shared';
import type { CountDetail } from '@almacen/shared/domain';
import { Text } from '@almacen/shared/fluent-pages';
import { FormDialog, SelectField, type SelectOption, validateSchema } from '@almacen/shared/kit';
import { type CountApplication, countApplicationSchema } from '@almacen/shared/schemas';
import { COUNTS_TEXTS } from '../lib/texts';

type SignerValues = Partial<Record<keyof CountApplication, number | null>>;

const SIGNERS: Array<{ name: keyof CountApplication; label: string }> = [
  { name: 'directorEmployeeId', label: 'Director del plantel' },
  { name: 'warehouseKeeperEmployeeId', label: 'Almacenista' },
  { name: 'witnessEmployeeId', label: 'Testigo' },
];

// A signer not chosen yet is missing (the schema's "Selecciona al …"), not a null id.
const validate = validateSchema(countApplicationSchema, (values: SignerValues) =>
  Object.fromEntries(SIGNERS.map(({ name }) => [name, values[name] ?? undefined])),
);

export function ApplyDialog({ count, opening, onClose }: { count: CountDetail; opening: boolean; onClose: () => void }) {
  const employees = useEmployees();
  const apply = useApplyCount(count.id);
  const options = useMemo<SelectOption<number>[]>(
    () => (employees.data ?? []).map((e) => ({ value: e.id, label: `${e.name} ${e.lastName}` })),
    [employees.data],
  );
  const missingCost = opening ? count.lines.filter((l) => l.countedQuantity !== null && l.unitCost === null) : [];
  return (
    <FormDialog<SignerValues>
      open
      alert
      title={COUNTS_TEXTS.apply}
      validate={validate}
      submitLabel="Sí, aplicar ajustes"
      cancelLabel="No, regresar"
      onClose={onClose}
      onSave={async (values) => {
        if (missingCost.length > 0) return { saved: false };
        const [director, keeper, witness] = SIGNERS.map(({ name }) => values[name] as number);
        const done = await apply.run({ directorEmployeeId: director, warehouseKeeperEmployeeId: keeper, witnessEmployeeId: witness });
        return { saved: Boolean(done) };
      }}
    >
      <Text>
        Se registrará un ajuste por cada producto contado con diferencia: {count.differences}{' '}
        {count.differences === 1 ? 'ajuste' : 'ajustes'} (sobrantes <Money value={count.surplusValue} />, faltantes{' '}
        <Money value={count.shortageValue} />
        ).{' '}
        {count.uncountedLines === 0
          ? ''
          : count.uncountedLines === 1
            ? 'El producto sin contar no se ajusta. '
            : `Los ${count.uncountedLines} productos sin contar no se ajustan. `}
        El conteo ya no podrá cambiarse.
      </Text>
      {missingCost.length > 0 && (
        <Text role="alert">Inventario inicial: indica el costo unitario de {missingCost.map((l) => `«${l.productName}»`).join(', ')}.</Text>
      )}
      {SIGNERS.map(({ name, label }) => (
        <SelectField<number> key={name} name={name} label={label} options={options} required />
      ))}
    </FormDialog>
  );
}
