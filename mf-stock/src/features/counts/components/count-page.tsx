// One count session: its sheet of lines, typed in place (count-sheet.tsx), one line found by its
// product's barcode (count-scan.tsx); the upload of an XLSX/CSV; "Hoja de conteo" (PDF/XLSX, blind
// or not); "Aplicar ajustes" with a confirmation and the three signers (count-apply-dialog.tsx,
// counts.apply); "Descartar"; the acta.
import { ArrowDownloadRegular, ArrowUploadRegular, CheckmarkRegular, DeleteRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import {
  countActaRequest,
  countSheetRequest,
  LoadProblem,
  Money,
  useCan,
  useCount,
  useDiscardCount,
  usePageTitle,
  useReportDownload,
  useUploadLines,
} from '@almacen/shared';
import { formatDate, formatQuantity } from '@almacen/shared/domain';
import { Button, makeStyles, Spinner, Title2, tokens } from '@almacen/shared/fluent';
import { Badge, Checkbox, Text } from '@almacen/shared/fluent-pages';
import { useParams } from '@almacen/shared/router';
import { COUNT_STATUS_LABELS, COUNTS_TEXTS, OPENING_BALANCE, productCount } from '../lib/texts';
import { ApplyDialog } from './count-apply-dialog';
import { CountScan, type LineScan } from './count-scan';
import { CountSheet } from './count-sheet';
import { STATUS_COLORS } from './counts-page';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
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
  const shown = Math.min(LINES_PER_PAGE, data.lines.length - first);
  const pager =
    pages > 1 ? (
      <div className={styles.bar} role="group" aria-label="Páginas de líneas">
        <Button disabled={current === 0} onClick={() => setPage(current - 1)}>
          Líneas anteriores
        </Button>
        <Text>
          Líneas {formatQuantity(String(first + 1))}–{formatQuantity(String(first + shown))} de {formatQuantity(String(data.lines.length))}
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
      <CountSheet
        countId={id}
        lines={data.lines}
        first={first}
        count={LINES_PER_PAGE}
        editable={editable}
        scan={scan}
        handledRead={handledRead}
      />
      {pager}
      {applying && <ApplyDialog count={data} opening={opening} onClose={() => setApplying(false)} />}
    </div>
  );
}
