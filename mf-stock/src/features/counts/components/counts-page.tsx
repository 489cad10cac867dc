// "Inventario físico": the count sessions (ID, Fecha de corte, Descripción, Estado,
// Diferencias) and "Nuevo conteo" (cut-off date, description, the "Inventario inicial" preset)
// for whoever may count (useCan('counts.write')).
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { LoadProblem, useCan, useCategories, useCounts, useCreateCount, usePageTitle, useRuntimeConfig } from '@almacen/shared';
import { type CountStatus, earlierMonthNote, formatCurrency, formatDate, isCalendarDate, todayIn } from '@almacen/shared/domain';
import {
  Button,
  makeStyles,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title2,
  tokens,
} from '@almacen/shared/fluent';
import {
  Badge,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Text,
} from '@almacen/shared/fluent-pages';
import { DATE_FORMAT_MESSAGE, DateInput } from '@almacen/shared/kit';
import { Link, useNavigate } from '@almacen/shared/router';
import { makeCountSchemas, validateWith } from '@almacen/shared/schemas';
import { COUNT_STATUS_LABELS, COUNTS_TEXTS, OPENING_BALANCE } from '../lib/texts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  partidas: { display: 'flex', flexDirection: 'column', maxHeight: '12em', overflowY: 'auto', border: 'none', padding: 0, margin: 0 },
});

export const STATUS_COLORS: Record<CountStatus, 'informative' | 'success' | 'subtle'> = {
  ABIERTO: 'informative',
  APLICADO: 'success',
  DESCARTADO: 'subtle',
};

export function CountsPage() {
  const styles = useStyles();
  usePageTitle(COUNTS_TEXTS.title);
  const counts = useCounts();
  const canWrite = useCan('counts.write');
  const [creating, setCreating] = useState(false);

  return (
    <div className={styles.root}>
      <Title2 as="h1">{COUNTS_TEXTS.title}</Title2>
      {canWrite && (
        <div>
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
            {COUNTS_TEXTS.create}
          </Button>
        </div>
      )}
      <LoadProblem resource={counts} what="obtener los conteos de inventario." text="No fue posible consultar los conteos de inventario." />
      {!counts.data ? (
        !counts.error && <Spinner label="Cargando…" />
      ) : counts.data.length === 0 ? (
        <Text>Aún no hay conteos de inventario.</Text>
      ) : (
        <Table aria-label="Conteos de inventario">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>ID</TableHeaderCell>
              <TableHeaderCell>Fecha de corte</TableHeaderCell>
              <TableHeaderCell>Descripción</TableHeaderCell>
              <TableHeaderCell>Estado</TableHeaderCell>
              <TableHeaderCell>Diferencias</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {counts.data.map((c) => (
              <TableRow key={c.id}>
                <TableCell>
                  <Link to={`/dashboard/stock/counts/${c.id}`}>{c.id}</Link>
                </TableCell>
                <TableCell>{formatDate(c.cutoffDate)}</TableCell>
                <TableCell>
                  <Link to={`/dashboard/stock/counts/${c.id}`}>{c.description}</Link>
                </TableCell>
                <TableCell>
                  <Badge appearance="tint" shape="rounded" color={STATUS_COLORS[c.status]}>
                    {COUNT_STATUS_LABELS[c.status]}
                  </Badge>
                </TableCell>
                <TableCell>
                  {c.differences} · sobrantes {formatCurrency(c.surplusValue)} · faltantes {formatCurrency(c.shortageValue)}
                  {c.uncountedLines > 0 ? ` · ${c.uncountedLines} sin contar` : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {creating && <NewCountDialog onClose={() => setCreating(false)} />}
    </div>
  );
}

function NewCountDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const { timeZone } = useRuntimeConfig();
  const today = todayIn(timeZone);
  const [cutoffDate, setCutoffDate] = useState(today);
  const [description, setDescription] = useState('');
  const [opening, setOpening] = useState(false);
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const categories = useCategories();
  const create = useCreateCount();
  const navigate = useNavigate();
  // The API's own schema, so the dialog says what the API would refuse, in its words.
  const checked = validateWith(makeCountSchemas({ today: () => today }).create, { cutoffDate, description, categoryIds });
  const errors = checked.ok ? {} : checked.errors;
  // A date still being typed is told the way every date field tells it.
  const dateError = cutoffDate && !isCalendarDate(cutoffDate) ? DATE_FORMAT_MESSAGE : errors.cutoffDate;
  const descriptionError = errors.description;
  const [touched, setTouched] = useState(false);

  const submit = async () => {
    setTouched(true);
    if (!checked.ok) return;
    const saved = await create.run({ cutoffDate, description: description.trim(), ...(categoryIds.length > 0 ? { categoryIds } : {}) });
    if (saved) {
      onClose();
      navigate(`/dashboard/stock/counts/${saved.id}`);
    }
  };

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{COUNTS_TEXTS.create}</DialogTitle>
          <DialogContent className={styles.form}>
            <Checkbox
              label={`${OPENING_BALANCE}: carga las existencias de un almacén nuevo (costo unitario obligatorio en cada línea contada)`}
              checked={opening}
              onChange={(_event, data) => {
                setOpening(Boolean(data.checked));
                if (data.checked) setDescription(OPENING_BALANCE);
                else if (description === OPENING_BALANCE) setDescription('');
              }}
            />
            <Field
              label="Fecha de corte"
              required
              validationMessage={touched ? dateError : undefined}
              hint={touched && dateError ? undefined : (earlierMonthNote(cutoffDate, today) ?? undefined)}
            >
              <DateInput value={cutoffDate} max={today} onChange={setCutoffDate} />
            </Field>
            <Field label="Descripción" required validationMessage={touched ? descriptionError : undefined}>
              <Input value={description} maxLength={200} onChange={(_event, data) => setDescription(data.value)} />
            </Field>
            {(categories.data ?? []).length > 0 && (
              <fieldset className={styles.partidas} aria-label="Partidas del conteo">
                <legend>Partidas (sin marcar: todos los productos)</legend>
                {categories.data!.map((c) => (
                  <Checkbox
                    key={c.id}
                    label={c.description}
                    checked={categoryIds.includes(c.id)}
                    onChange={(_event, data) => setCategoryIds((ids) => (data.checked ? [...ids, c.id] : ids.filter((id) => id !== c.id)))}
                  />
                ))}
              </fieldset>
            )}
            <Text>
              Se toma la existencia en libros y el costo promedio de{' '}
              {categoryIds.length > 0 ? 'los productos de las partidas marcadas' : 'todos los productos'} en este momento.
            </Text>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              Cancelar
            </Button>
            <Button appearance="primary" disabled={create.running} onClick={() => void submit()}>
              Crear conteo
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
