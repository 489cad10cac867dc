// One count session: the lines (ID, Producto, Unidad, Partida, Existencia en libros,
// Cantidad contada, Diferencia, Costo unitario, Observaciones) with the counted quantity, cost
// and observations typed in place and saved as the user leaves each field (nothing is lost on a
// reload); the upload of an XLSX/CSV; "Hoja de conteo" (PDF/XLSX, blind or not); "Aplicar
// ajustes" with a confirmation and the three signers (counts.apply); "Descartar"; the acta.
import { ArrowDownloadRegular, ArrowUploadRegular, CheckmarkRegular, DeleteRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import {
  countActaRequest,
  countSheetRequest,
  LoadProblem,
  Money,
  useApplyCount,
  useCan,
  useCount,
  useDiscardCount,
  useEmployees,
  usePageTitle,
  useReportDownload,
  useSaveLines,
  useUploadLines,
} from '@almacen/shared';
import {
  type CountDetail,
  type CountLine,
  type CountLineChange as LineChange,
  formatDate,
  formatQuantity,
  MISSING_LABELS,
} from '@almacen/shared/domain';
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
  Select,
  Text,
} from '@almacen/shared/fluent-pages';
import { ScrollArea } from '@almacen/shared/kit';
import { useParams } from '@almacen/shared/router';
import { COUNT_STATUS_LABELS, COUNTS_TEXTS, OPENING_BALANCE, productCount } from '../lib/texts';
import { STATUS_COLORS } from './counts-page';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  // Fluent's table spreads the columns evenly (table-layout: fixed): the fields then spilled over
  // the next column at 1280 and the headers overlapped on a phone. Each column takes what its
  // content needs, and the table scrolls sideways in its box when that is wider than the screen.
  table: { tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  // The product's name gets room first: it is what the counter reads.
  name: { minWidth: '12em' },
  figure: { whiteSpace: 'nowrap' },
  number: { width: '6em' },
  // Fills its column; a native input would otherwise ask for 20 characters and widen the sheet.
  text: { minWidth: '8em', width: '100%', '& input': { minWidth: 0 } },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const QUANTITY_RE = /^\d{1,12}(\.\d{1,3})?$/;
const COST_RE = /^\d{1,15}(\.\d{1,3})?$/;
/** Lines shown at once; the rest by "Líneas siguientes". */
export const LINES_PER_PAGE = 100;
export const QUANTITY_MESSAGE = 'Escribe una cantidad mayor o igual a 0 con a lo más 3 decimales.';
export const COST_MESSAGE = 'Escribe un costo mayor que 0 con a lo más 3 decimales.';

export function CountPage() {
  const styles = useStyles();
  const id = Number(useParams().id);
  const count = useCount(id);
  usePageTitle(count.data ? `${COUNTS_TEXTS.title} · ${count.data.description}` : COUNTS_TEXTS.title);
  const canWrite = useCan('counts.write');
  const canApply = useCan('counts.apply');
  const upload = useUploadLines(id);
  const downloads = useReportDownload();
  const discard = useDiscardCount(id);
  const [blind, setBlind] = useState(false);
  const [applying, setApplying] = useState(false);
  const [page, setPage] = useState(0);
  const file = useRef<HTMLInputElement>(null);

  const problem = (
    <LoadProblem resource={count} what="obtener el conteo de inventario." text="No fue posible consultar el conteo de inventario." />
  );
  if (!count.data) return count.error ? problem : <Spinner label="Cargando…" />;
  const data = count.data;
  const open = data.status === 'ABIERTO';
  const editable = open && canWrite;
  const opening = data.description.startsWith(OPENING_BALANCE);
  // A count of a whole warehouse (an opening balance of 1,000 products) shows its lines by pages:
  // three fields per line for every line at once took the browser most of a minute to draw.
  const pages = Math.max(1, Math.ceil(data.lines.length / LINES_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const first = current * LINES_PER_PAGE;
  const shown = data.lines.slice(first, first + LINES_PER_PAGE);
  const pager =
    pages > 1 ? (
      <div className={styles.bar} role="group" aria-label="Páginas de líneas">
        <Button disabled={current === 0} onClick={() => setPage(current - 1)}>
          Líneas anteriores
        </Button>
        <Text>
          Líneas {formatQuantity(String(first + 1))}–{formatQuantity(String(first + shown.length))} de{' '}
          {formatQuantity(String(data.lines.length))}
        </Text>
        <Button disabled={current === pages - 1} onClick={() => setPage(current + 1)}>
          Líneas siguientes
        </Button>
      </div>
    ) : null;

  return (
    <div className={styles.root}>
      <Title2 as="h1">
        {COUNTS_TEXTS.title} {data.id}: {data.description}
      </Title2>
      {problem}
      <div className={styles.bar}>
        <Text>Fecha de corte: {formatDate(data.cutoffDate)}</Text>
        <Badge appearance="tint" shape="rounded" color={STATUS_COLORS[data.status]}>
          {COUNT_STATUS_LABELS[data.status]}
        </Badge>
        <Text>
          Sobrantes: {productCount(data.surplusLines)} (<Money value={data.surplusValue} />) · Faltantes: {productCount(data.shortageLines)}{' '}
          (<Money value={data.shortageValue} />) · Sin contar: {data.uncountedLines}
        </Text>
      </div>
      <div className={styles.bar}>
        <Button
          icon={<ArrowDownloadRegular />}
          disabled={downloads.downloading}
          onClick={() => void downloads.download(countActaRequest(id, 'pdf'))}
        >
          {COUNTS_TEXTS.acta} (PDF)
        </Button>
        <Button
          icon={<ArrowDownloadRegular />}
          disabled={downloads.downloading}
          onClick={() => void downloads.download(countActaRequest(id, 'xlsx'))}
        >
          {COUNTS_TEXTS.acta} (XLSX)
        </Button>
        {open && (
          <>
            <Button
              icon={<ArrowDownloadRegular />}
              disabled={downloads.downloading}
              onClick={() => void downloads.download(countSheetRequest(id, 'pdf', blind))}
            >
              {COUNTS_TEXTS.sheet} (PDF)
            </Button>
            <Button
              icon={<ArrowDownloadRegular />}
              disabled={downloads.downloading}
              onClick={() => void downloads.download(countSheetRequest(id, 'xlsx', blind))}
            >
              {COUNTS_TEXTS.sheet} (XLSX)
            </Button>
            {!opening && <Checkbox label={COUNTS_TEXTS.blind} checked={blind} onChange={(_event, d) => setBlind(Boolean(d.checked))} />}
          </>
        )}
      </div>
      {(editable || (open && canApply)) && (
        <div className={styles.bar}>
          {editable && (
            <>
              <input
                ref={file}
                type="file"
                accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-label="Archivo del conteo"
                hidden
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  event.target.value = '';
                  if (chosen) void upload.run(chosen);
                }}
              />
              <Button
                icon={upload.running ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
                disabled={upload.running}
                onClick={() => file.current?.click()}
              >
                {COUNTS_TEXTS.upload}
              </Button>
            </>
          )}
          {open && canApply && (
            <>
              <Button appearance="primary" icon={<CheckmarkRegular />} onClick={() => setApplying(true)}>
                {COUNTS_TEXTS.apply}
              </Button>
              <Button icon={<DeleteRegular />} disabled={discard.running} onClick={() => void discard.run()}>
                {COUNTS_TEXTS.discard}
              </Button>
            </>
          )}
        </div>
      )}
      <ScrollArea label="Líneas del conteo">
        <Table className={styles.table} aria-label="Líneas del conteo" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>ID</TableHeaderCell>
              <TableHeaderCell>Producto</TableHeaderCell>
              <TableHeaderCell>Unidad</TableHeaderCell>
              <TableHeaderCell>Partida</TableHeaderCell>
              <TableHeaderCell>Existencia en libros</TableHeaderCell>
              <TableHeaderCell>Cantidad contada</TableHeaderCell>
              <TableHeaderCell>Diferencia</TableHeaderCell>
              <TableHeaderCell>Costo unitario</TableHeaderCell>
              <TableHeaderCell>Observaciones</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((line) => (
              <LineRow key={line.productId} countId={id} line={line} editable={editable} />
            ))}
          </TableBody>
        </Table>
      </ScrollArea>
      {pager}
      {applying && <ApplyDialog count={data} opening={opening} onClose={() => setApplying(false)} />}
    </div>
  );
}

/**
 * The text of one field of a line. It follows the saved line when that changes elsewhere (an
 * uploaded sheet, another field's save) — otherwise it would keep showing what was there before,
 * and leaving a stale empty field would erase the uploaded count — except while the person is in
 * the field: the answer to the save of what they typed before must not replace what they are
 * typing now (leaving the field saves it).
 */
function useSavedField(saved: string | null) {
  const [value, set] = useState(saved ?? '');
  const editing = useRef(false);
  useEffect(() => {
    if (!editing.current) set(saved ?? '');
  }, [saved]);
  return { value, set, onFocus: () => (editing.current = true), onBlur: () => (editing.current = false) };
}

function LineRow({ countId, line, editable }: { countId: number; line: CountLine; editable: boolean }) {
  const styles = useStyles();
  const save = useSaveLines(countId);
  const countedField = useSavedField(line.countedQuantity);
  const costField = useSavedField(line.unitCost);
  const observationsField = useSavedField(line.observations);
  const [counted, cost, observations] = [countedField.value, costField.value, observationsField.value];
  const countedError = counted.trim() !== '' && !QUANTITY_RE.test(counted.trim()) ? QUANTITY_MESSAGE : undefined;
  const costError = cost.trim() !== '' && (!COST_RE.test(cost.trim()) || !/[1-9]/.test(cost)) ? COST_MESSAGE : undefined;

  const commit = (change: Partial<LineChange>) => {
    if (countedError || costError) return;
    const next: LineChange = { productId: line.productId, countedQuantity: counted.trim() === '' ? null : counted.trim(), ...change };
    const same =
      next.countedQuantity === line.countedQuantity &&
      (next.unitCost === undefined || next.unitCost === line.unitCost) &&
      (next.observations === undefined || next.observations === line.observations);
    if (!same) void save.run([next]);
  };
  const label = (what: string) => `${what} de ${line.productName}`;

  return (
    <TableRow>
      <TableCell>{line.productId}</TableCell>
      <TableCell className={styles.name}>{line.productName}</TableCell>
      <TableCell>{line.unit ?? MISSING_LABELS.unitShort}</TableCell>
      <TableCell>{line.category ?? MISSING_LABELS.categoryShort}</TableCell>
      <TableCell className={styles.figure}>{formatQuantity(line.bookQuantity)}</TableCell>
      <TableCell>
        {editable ? (
          <Field validationMessage={countedError} validationState={countedError ? 'error' : 'none'}>
            <Input
              className={styles.number}
              inputMode="decimal"
              aria-label={label('Cantidad contada')}
              value={counted}
              onChange={(_e, d) => countedField.set(d.value)}
              onFocus={countedField.onFocus}
              onBlur={() => {
                countedField.onBlur();
                commit({});
              }}
            />
          </Field>
        ) : line.countedQuantity === null ? (
          'Sin contar'
        ) : (
          formatQuantity(line.countedQuantity)
        )}
      </TableCell>
      <TableCell className={styles.figure}>
        {line.difference === null ? (
          '—'
        ) : (
          <>
            {formatQuantity(line.difference)} (<Money value={line.differenceValue ?? '0'} />)
          </>
        )}
      </TableCell>
      <TableCell>
        {editable ? (
          <Field validationMessage={costError} validationState={costError ? 'error' : 'none'}>
            <Input
              className={styles.number}
              inputMode="decimal"
              aria-label={label('Costo unitario')}
              value={cost}
              onChange={(_e, d) => costField.set(d.value)}
              onFocus={costField.onFocus}
              onBlur={() => {
                costField.onBlur();
                commit({ unitCost: cost.trim() === '' ? null : cost.trim() });
              }}
            />
          </Field>
        ) : line.unitCost === null ? (
          '—'
        ) : (
          <Money value={line.unitCost} kind="price" />
        )}
      </TableCell>
      <TableCell>
        {editable ? (
          <Input
            className={styles.text}
            aria-label={label('Observaciones')}
            value={observations}
            maxLength={500}
            onChange={(_e, d) => observationsField.set(d.value)}
            onFocus={observationsField.onFocus}
            onBlur={() => {
              observationsField.onBlur();
              commit({ observations: observations.trim() === '' ? null : observations.trim() });
            }}
          />
        ) : (
          (line.observations ?? '')
        )}
      </TableCell>
    </TableRow>
  );
}

function ApplyDialog({ count, opening, onClose }: { count: CountDetail; opening: boolean; onClose: () => void }) {
  const styles = useStyles();
  const employees = useEmployees();
  const apply = useApplyCount(count.id);
  const [signers, setSigners] = useState({ director: '', keeper: '', witness: '' });
  const [touched, setTouched] = useState(false);
  const missingCost = opening ? count.lines.filter((l) => l.countedQuantity !== null && l.unitCost === null) : [];
  const fields = [
    { key: 'director' as const, label: 'Director del plantel', message: 'Selecciona al director del plantel.' },
    { key: 'keeper' as const, label: 'Almacenista', message: 'Selecciona al almacenista.' },
    { key: 'witness' as const, label: 'Testigo', message: 'Selecciona al testigo.' },
  ];

  const confirm = async () => {
    setTouched(true);
    if (missingCost.length > 0 || fields.some((f) => signers[f.key] === '')) return;
    const done = await apply.run({
      directorEmployeeId: Number(signers.director),
      warehouseKeeperEmployeeId: Number(signers.keeper),
      witnessEmployeeId: Number(signers.witness),
    });
    if (done) onClose();
  };

  return (
    <Dialog modalType="alert" open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{COUNTS_TEXTS.apply}</DialogTitle>
          <DialogContent className={styles.form}>
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
              <Text role="alert">
                Inventario inicial: indica el costo unitario de {missingCost.map((l) => `«${l.productName}»`).join(', ')}.
              </Text>
            )}
            {fields.map((f) => (
              <Field key={f.key} label={f.label} required validationMessage={touched && signers[f.key] === '' ? f.message : undefined}>
                <Select value={signers[f.key]} onChange={(_e, d) => setSigners((s) => ({ ...s, [f.key]: d.value }))}>
                  <option value="">Selecciona…</option>
                  {(employees.data ?? []).map((e) => (
                    <option key={e.id} value={String(e.id)}>
                      {e.name} {e.lastName}
                    </option>
                  ))}
                </Select>
              </Field>
            ))}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              No, regresar
            </Button>
            <Button appearance="primary" disabled={apply.running} onClick={() => void confirm()}>
              Sí, aplicar ajustes
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
