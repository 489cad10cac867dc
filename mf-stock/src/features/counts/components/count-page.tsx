// One count session: the lines (ID, Producto, Unidad, Partida, Existencia en libros,
// Cantidad contada, Diferencia, Costo unitario, Observaciones) with the counted quantity, cost
// and observations typed in place and saved as the user leaves each field (nothing is lost on a
// reload), one line found by its product's barcode (count-scan.tsx); the upload of an XLSX/CSV; "Hoja de conteo" (PDF/XLSX, blind or not); "Aplicar
// ajustes" with a confirmation and the three signers (counts.apply); "Descartar"; the acta.
import { ArrowDownloadRegular, ArrowUploadRegular, CheckmarkRegular, DeleteRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
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
  useUploadLines,
} from '@almacen/shared';
import { type CountDetail, formatDate, formatQuantity } from '@almacen/shared/domain';
import {
  Button,
  makeStyles,
  Spinner,
  Table,
  TableBody,
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
  Select,
  Text,
} from '@almacen/shared/fluent-pages';
import { ScrollArea } from '@almacen/shared/kit';
import { useParams } from '@almacen/shared/router';
import { countApplicationSchema, validateWith } from '@almacen/shared/schemas';
import { COUNT_STATUS_LABELS, COUNTS_TEXTS, OPENING_BALANCE, productCount } from '../lib/texts';
import { LineRow } from './count-line-row';
import { CountScan, type LineScan } from './count-scan';
import { STATUS_COLORS } from './counts-page';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  // Fluent's table spreads the columns evenly (table-layout: fixed): the fields then spilled over
  // the next column at 1280 and the headers overlapped on a phone. Each column takes what its
  // content needs, and the table scrolls sideways in its box when that is wider than the screen.
  table: { tableLayout: 'auto' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Lines shown at once; the rest by "Líneas siguientes". */
export const LINES_PER_PAGE = 100;

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
  const [scan, setScan] = useState<LineScan | null>(null);
  // Kept by the page, which stays while the count reloads: a line drawn again (another page of
  // lines and back, a reload of the count) never does a read twice.
  const reads = useRef(0);
  const handledRead = useRef(0);
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
      {editable && (
        <CountScan
          lines={data.lines}
          onScan={(read, index) => {
            reads.current += 1;
            setScan({ ...read, seq: reads.current });
            setPage(Math.floor(index / LINES_PER_PAGE));
          }}
        />
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
              <LineRow
                key={line.productId}
                countId={id}
                line={line}
                editable={editable}
                scan={scan?.productId === line.productId ? scan : undefined}
                handledRead={handledRead}
              />
            ))}
          </TableBody>
        </Table>
      </ScrollArea>
      {pager}
      {applying && <ApplyDialog count={data} opening={opening} onClose={() => setApplying(false)} />}
    </div>
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
    { key: 'director' as const, label: 'Director del plantel', field: 'directorEmployeeId' },
    { key: 'keeper' as const, label: 'Almacenista', field: 'warehouseKeeperEmployeeId' },
    { key: 'witness' as const, label: 'Testigo', field: 'witnessEmployeeId' },
  ];
  // The API's own schema: a signer missing, or one person in two roles, is said here first.
  const checked = validateWith(countApplicationSchema, {
    directorEmployeeId: signers.director ? Number(signers.director) : undefined,
    warehouseKeeperEmployeeId: signers.keeper ? Number(signers.keeper) : undefined,
    witnessEmployeeId: signers.witness ? Number(signers.witness) : undefined,
  });
  const errors = checked.ok ? {} : checked.errors;

  const confirm = async () => {
    setTouched(true);
    if (missingCost.length > 0 || !checked.ok) return;
    const done = await apply.run(checked.value);
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
              <Field key={f.key} label={f.label} required validationMessage={touched ? errors[f.field] : undefined}>
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
