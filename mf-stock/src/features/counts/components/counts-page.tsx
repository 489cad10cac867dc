// "Inventario físico": the count sessions (ID, Fecha de corte, Descripción, Estado,
// Diferencias) and "Nuevo conteo" (cut-off date, description, the "Inventario inicial" preset)
// for whoever may count (useCan('counts.write')).
import { AddRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useField, useForm } from 'react-final-form';
import {
  tableLoadError,
  useCan,
  useCategories,
  useCounts,
  useCreateCount,
  usePageTitle,
  useWarehouseNavigate,
  WarehouseLink,
} from '@almacen/shared';
import { type CountStatus, type CountSummary, formatCurrency, formatDate } from '@almacen/shared/domain';
import { Button, makeStyles, Title2, tokens } from '@almacen/shared/fluent';
import { Badge, Checkbox, Text } from '@almacen/shared/fluent-pages';
import { DataTable, type DataTableColumn, DateField, FormDialog, TextField, useToday, validateSchema } from '@almacen/shared/kit';
import { makeCountSchemas } from '@almacen/shared/schemas';
import { COUNT_STATUS_LABELS, COUNTS_TEXTS, OPENING_BALANCE } from '../lib/texts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  partidas: { display: 'flex', flexDirection: 'column', maxHeight: '12em', overflowY: 'auto', border: 'none', padding: 0, margin: 0 },
});

export const STATUS_COLORS: Record<CountStatus, 'informative' | 'success' | 'subtle'> = {
  ABIERTO: 'informative',
  APLICADO: 'success',
  DESCARTADO: 'subtle',
};

const countLink = (c: CountSummary) => `/dashboard/stock/counts/${c.id}`;
const differencesText = (c: CountSummary) =>
  `${c.differences} · sobrantes ${formatCurrency(c.surplusValue)} · faltantes ${formatCurrency(c.shortageValue)}` +
  (c.uncountedLines > 0 ? ` · ${c.uncountedLines} sin contar` : '');

const COLUMNS: DataTableColumn<CountSummary>[] = [
  {
    id: 'id',
    header: 'ID',
    value: (c) => c.id,
    cell: (c) => <WarehouseLink to={countLink(c)}>{c.id}</WarehouseLink>,
    width: 72,
    minWidth: 48,
  },
  { id: 'cutoffDate', header: 'Fecha de corte', value: (c) => c.cutoffDate, text: (c) => formatDate(c.cutoffDate), width: 130 },
  {
    id: 'description',
    header: 'Descripción',
    value: (c) => c.description,
    cell: (c) => <WarehouseLink to={countLink(c)}>{c.description}</WarehouseLink>,
    width: 280,
  },
  {
    id: 'status',
    header: 'Estado',
    value: (c) => COUNT_STATUS_LABELS[c.status],
    cell: (c) => (
      <Badge appearance="tint" shape="rounded" color={STATUS_COLORS[c.status]}>
        {COUNT_STATUS_LABELS[c.status]}
      </Badge>
    ),
    width: 120,
  },
  { id: 'differences', header: 'Diferencias', value: (c) => c.differences, text: differencesText, width: 320 },
];

export function CountsPage() {
  const styles = useStyles();
  usePageTitle(COUNTS_TEXTS.title);
  const counts = useCounts();
  const canWrite = useCan('counts.write');
  const [creating, setCreating] = useState(false);

  return (
    <div className={styles.root}>
      <Title2 as="h1">{COUNTS_TEXTS.title}</Title2>
      <DataTable<CountSummary>
        label="Conteos de inventario"
        items={counts.data}
        columns={COLUMNS}
        getRowId={(c) => c.id}
        loading={counts.isLoading}
        error={tableLoadError(counts, 'obtener los conteos de inventario.')}
        searchPlaceholder="Buscar un conteo"
        emptyMessage="Aún no hay conteos de inventario."
        toolbar={
          canWrite && (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
              {COUNTS_TEXTS.create}
            </Button>
          )
        }
      />
      <NewCountDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

interface NewCountValues {
  cutoffDate: string;
  description: string;
  categoryIds: number[];
}

function NewCountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const today = useToday();
  const create = useCreateCount();
  const navigate = useWarehouseNavigate();
  const initialValues = useMemo<NewCountValues>(() => ({ cutoffDate: today, description: '', categoryIds: [] }), [today]);
  // The API's own schema, so the dialog says what the API would refuse, in its words.
  const validate = useMemo(() => validateSchema(makeCountSchemas({ today: () => today }).create), [today]);
  return (
    <FormDialog<NewCountValues>
      open={open}
      title={COUNTS_TEXTS.create}
      initialValues={initialValues}
      validate={validate}
      submitLabel="Crear conteo"
      onClose={onClose}
      onSave={async ({ cutoffDate, description, categoryIds }) => {
        const saved = await create.run({ cutoffDate, description: description.trim(), ...(categoryIds.length > 0 ? { categoryIds } : {}) });
        if (saved) navigate(`/dashboard/stock/counts/${saved.id}`);
        return { saved: Boolean(saved) };
      }}
    >
      <NewCountFields />
    </FormDialog>
  );
}

/** The preset, the cut-off date, the description and the partidas of a new count. */
function NewCountFields() {
  const styles = useStyles();
  const form = useForm<NewCountValues>();
  const categories = useCategories();
  const description = useField<string>('description', { subscription: { value: true } }).input.value ?? '';
  const categoryIds = useField<number[]>('categoryIds', { subscription: { value: true } }).input;
  const chosen = categoryIds.value || [];
  return (
    <>
      <Checkbox
        label={`${OPENING_BALANCE}: carga las existencias de un almacén nuevo (costo unitario obligatorio en cada línea contada)`}
        checked={description.startsWith(OPENING_BALANCE)}
        // Unchecked, the preset's words leave the description; what was typed after them stays.
        onChange={(_event, data) =>
          form.change('description', data.checked ? OPENING_BALANCE : description.slice(OPENING_BALANCE.length).trim())
        }
      />
      <DateField name="cutoffDate" label="Fecha de corte" required monthNote />
      <TextField name="description" label="Descripción" required maxLength={200} />
      {(categories.data ?? []).length > 0 && (
        <fieldset className={styles.partidas} aria-label="Partidas del conteo">
          <legend>Partidas (sin marcar: todos los productos)</legend>
          {categories.data!.map((c) => (
            <Checkbox
              key={c.id}
              label={c.description}
              checked={chosen.includes(c.id)}
              onChange={(_event, data) => categoryIds.onChange(data.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id))}
            />
          ))}
        </fieldset>
      )}
      <Text>
        Se toma la existencia en libros y el costo promedio de{' '}
        {chosen.length > 0 ? 'los productos de las partidas marcadas' : 'todos los productos'} en este momento.
      </Text>
    </>
  );
}
