// "Cierres de periodo": the closings, most recent month first (who closed, when, the
// stock value stored, reopened or not), the report of each closing's date, and — only for whoever
// may (useCan('periods.close')) — "Cerrar periodo hasta DD/MM/YYYY" after a confirmation that
// shows the stock value at that date and the documents dated in that month but registered after
// it ended (which it includes), and "Reabrir" on the last closing (with a reason). A closing taken
// while the stock at a date followed the registration, whose month end now adds up differently,
// says so beside it (its stored figures are never rewritten).
import { LockClosedRegular } from '@fluentui/react-icons';
import { useMemo, useState, type ReactNode } from 'react';
import {
  closingReportRequest,
  tableLoadError,
  useCan,
  useCloseMonth,
  useClosings,
  useNextClosing,
  usePageTitle,
  useReopenMonth,
  useReport,
  useRuntimeConfig,
} from '@almacen/shared';
import {
  formatCurrency,
  formatDate,
  formatDateTime,
  movementTypeLabel,
  type NextClosing,
  type PeriodClosing,
} from '@almacen/shared/domain';
import { Button, makeStyles, Spinner, Title2, tokens } from '@almacen/shared/fluent';
import { Badge, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@almacen/shared/fluent-pages';
import { CancelDocumentDialog, DataTable, type DataTableColumn, ReportButton, type ReportFormat, withFormat } from '@almacen/shared/kit';
import { reopeningSchema } from '@almacen/shared/schemas';
import { CLOSINGS_TEXTS } from '../lib/texts';

const closingReport = (today: string, until: string, format: ReportFormat) => withFormat(closingReportRequest(today, until), format);

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  next: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  late: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // The buttons of a row wrap onto a second line rather than leave their cell.
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  // A reason may span lines: they are kept as typed.
  reason: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  difference: { color: tokens.colorPaletteDarkOrangeForeground1, marginTop: tokens.spacingVerticalXS },
  warning: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteYellowBackground1,
    border: `1px solid ${tokens.colorPaletteYellowBorder1}`,
  },
});

type Styles = ReturnType<typeof useStyles>;

/** The status of a closing: closed, or reopened by whom, when and why; and a date rule's difference. */
function statusCell(c: PeriodClosing, styles: Styles, timeZone: string): ReactNode {
  return (
    <>
      {c.reopening ? (
        <>
          <Badge appearance="tint" color="warning" shape="rounded">
            Reabierto
          </Badge>{' '}
          {c.reopening.reopenedBy.name} · {formatDateTime(c.reopening.reopenedAt, timeZone)} · Motivo:{' '}
          <span className={styles.reason}>{c.reopening.reason}</span>
        </>
      ) : (
        <Badge appearance="tint" color="success" shape="rounded">
          Cerrado
        </Badge>
      )}
      {c.dateRuleDifference && (
        <Text block className={styles.difference}>
          {CLOSINGS_TEXTS.dateRuleDifference(c.dateRuleDifference.products, c.dateRuleDifference.totalValue)}
        </Text>
      )}
    </>
  );
}

function closingColumns(styles: Styles, timeZone: string, actions: (c: PeriodClosing) => ReactNode): DataTableColumn<PeriodClosing>[] {
  return [
    { id: 'until', header: 'Periodo hasta', value: (c) => c.until, text: (c) => formatDate(c.until), width: 120 },
    {
      id: 'totalValue',
      header: 'Valor de las existencias',
      value: (c) => Number(c.totalValue),
      text: (c) => formatCurrency(c.totalValue),
      width: 150,
    },
    { id: 'closedBy', header: 'Cerró', value: (c) => `${c.closedBy.name} · ${formatDateTime(c.closedAt, timeZone)}`, width: 200 },
    {
      id: 'status',
      header: 'Estado',
      value: (c) => (c.reopening ? `Reabierto ${c.reopening.reopenedBy.name} ${c.reopening.reason}` : 'Cerrado'),
      cell: (c) => statusCell(c, styles, timeZone),
      width: 300,
    },
    // Wide enough for the report's split button whole; "Reabrir" goes under it when it must.
    { id: 'actions', header: 'Acciones', cell: actions, width: 260, minWidth: 210 },
  ];
}

export function ClosingsPage() {
  const styles = useStyles();
  usePageTitle(CLOSINGS_TEXTS.title);
  const closings = useClosings();
  const next = useNextClosing();
  const canClose = useCan('periods.close');
  const report = useReport(closingReport);
  const { timeZone } = useRuntimeConfig();
  const [confirming, setConfirming] = useState(false);
  const [reopening, setReopening] = useState<string | null>(null);
  const close = useCloseMonth(next.data ? CLOSINGS_TEXTS.closed(next.data.until) : undefined);
  const reopen = useReopenMonth(reopening ? CLOSINGS_TEXTS.reopened(reopening) : undefined);
  const lastStanding = closings.data?.find((c) => c.status === 'CERRADO')?.until ?? null;
  const { downloading } = report;
  const download = report.download;
  const columns = useMemo(
    () =>
      closingColumns(styles, timeZone, (c) => (
        <div className={styles.actions}>
          <ReportButton
            size="small"
            label={CLOSINGS_TEXTS.report}
            name={`${CLOSINGS_TEXTS.report} al ${formatDate(c.until)}`}
            downloading={downloading}
            onDownload={(format) => void download(c.until, format)}
          />
          {canClose && c.status === 'CERRADO' && c.until === lastStanding && (
            <Button size="small" disabled={reopen.running} onClick={() => setReopening(c.until)}>
              {CLOSINGS_TEXTS.reopen}
            </Button>
          )}
        </div>
      )),
    [styles, timeZone, downloading, download, canClose, lastStanding, reopen.running],
  );

  return (
    <div className={styles.root}>
      <Title2 as="h1">{CLOSINGS_TEXTS.title}</Title2>
      {canClose && next.data && (
        <div className={styles.next}>
          <Button
            appearance="primary"
            icon={close.running ? <Spinner size="tiny" /> : <LockClosedRegular />}
            disabled={!next.data.closable || close.running}
            onClick={() => setConfirming(true)}
          >
            {CLOSINGS_TEXTS.close(next.data.until)}
          </Button>
          {next.data.message && <Text>{next.data.message}</Text>}
        </div>
      )}
      <DataTable<PeriodClosing>
        label="Cierres"
        items={closings.data}
        columns={columns}
        getRowId={(c) => c.id}
        loading={closings.isLoading}
        error={tableLoadError(closings, 'obtener los cierres de periodo.')}
        searchPlaceholder="Buscar un cierre"
        emptyMessage="Aún no se ha cerrado ningún periodo."
      />
      {next.data && (
        <ConfirmClosing
          open={confirming}
          next={next.data}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void close.run(next.data!.until);
          }}
        />
      )}
      <CancelDocumentDialog
        open={reopening !== null}
        title={reopening ? CLOSINGS_TEXTS.reopenTitle(reopening) : ''}
        explanation={CLOSINGS_TEXTS.reopenExplanation}
        schema={reopeningSchema}
        onClose={() => setReopening(null)}
        onConfirm={(reason) => {
          const until = reopening;
          setReopening(null);
          if (until) void reopen.run(until, reason);
        }}
      />
    </div>
  );
}

function ConfirmClosing({
  open,
  next,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  next: NextClosing;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const styles = useStyles();
  const { timeZone } = useRuntimeConfig();
  return (
    <Dialog modalType="alert" open={open} onOpenChange={(_event, data) => !data.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{CLOSINGS_TEXTS.close(next.until)}</DialogTitle>
          <DialogContent className={styles.late}>
            <Text>
              Valor de las existencias al {formatDate(next.until)}: <strong>{formatCurrency(next.totalValue ?? '0')}</strong>
            </Text>
            <Text>
              Después del cierre no se podrán registrar entradas, salidas ni conteos con fecha igual o anterior al {formatDate(next.until)}.
            </Text>
            {next.lateDocuments.length > 0 ? (
              <div className={styles.warning} role="note">
                <Text weight="semibold">
                  Documentos con fecha de este mes registrados después de que terminó (cuentan en este mes y el cierre los incluye):
                </Text>
                <ul aria-label="Registros tardíos">
                  {next.lateDocuments.map((d) => (
                    <li key={`${d.movementType}-${d.documentId}`}>
                      {movementTypeLabel(d.movementType)} {d.invoiceNumber ? `factura ${d.invoiceNumber}` : `núm. ${d.documentId}`} del{' '}
                      {formatDate(d.documentDate)}, registrada el {formatDateTime(d.registeredAt, timeZone)}
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <Text>No hay documentos de este mes registrados después de que terminó.</Text>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}>
              No, regresar
            </Button>
            <Button appearance="primary" onClick={onConfirm}>
              Sí, cerrar el periodo
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
