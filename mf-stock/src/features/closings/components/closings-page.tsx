// "Cierres de periodo": the closings, most recent month first (who closed, when, the
// stock value stored, reopened or not), the report of each closing's date, and — only for whoever
// may (useCan('periods.close')) — "Cerrar periodo hasta DD/MM/YYYY" after a confirmation that
// shows the stock value at that date and the documents dated in that month but registered after
// it ended (which it includes), and "Reabrir" on the last closing (with a reason). A closing taken
// while the stock at a date followed the registration, whose month end now adds up differently,
// says so beside it (its stored figures are never rewritten).
import { LockClosedRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import {
  closingReportRequest,
  LoadProblem,
  useCan,
  useCloseMonth,
  useClosings,
  useNextClosing,
  usePageTitle,
  useReopenMonth,
  useReport,
  useRuntimeConfig,
} from '@almacen/shared';
import { formatCurrency, formatDate, formatDateTime, movementTypeLabel, type NextClosing } from '@almacen/shared/domain';
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
import { Badge, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@almacen/shared/fluent-pages';
import { CancelDocumentDialog, ReportButton, type ReportFormat, ScrollArea, withFormat } from '@almacen/shared/kit';
import { reopeningSchema } from '@almacen/shared/schemas';
import { CLOSINGS_TEXTS } from '../lib/texts';

const closingReport = (today: string, until: string, format: ReportFormat) => withFormat(closingReportRequest(today, until), format);

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  next: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  late: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // Each column as wide as its content (Fluent's fixed layout squeezed the date into the value on
  // a phone); what does not fit scrolls sideways in the ScrollArea.
  table: { tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  // A reason may span lines: they are kept as typed.
  reason: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  who: { minWidth: '12em' },
  status: { minWidth: '14em' },
  difference: { color: tokens.colorPaletteDarkOrangeForeground1, marginTop: tokens.spacingVerticalXS },
  warning: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteYellowBackground1,
    border: `1px solid ${tokens.colorPaletteYellowBorder1}`,
  },
});

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
      <LoadProblem resource={closings} what="obtener los cierres de periodo." text="No fue posible consultar los cierres de periodo." />
      {!closings.data ? (
        !closings.error && <Spinner label="Cargando…" />
      ) : closings.data.length === 0 ? (
        <Text>Aún no se ha cerrado ningún periodo.</Text>
      ) : (
        <ScrollArea label="Cierres">
          <Table aria-label="Cierres" className={styles.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Periodo hasta</TableHeaderCell>
                <TableHeaderCell>Valor de las existencias</TableHeaderCell>
                <TableHeaderCell className={styles.who}>Cerró</TableHeaderCell>
                <TableHeaderCell className={styles.status}>Estado</TableHeaderCell>
                <TableHeaderCell>Acciones</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {closings.data.map((c) => (
                <TableRow key={c.id}>
                  <TableCell className={styles.nowrap}>{formatDate(c.until)}</TableCell>
                  <TableCell className={styles.nowrap}>{formatCurrency(c.totalValue)}</TableCell>
                  <TableCell>
                    {c.closedBy.name} · {formatDateTime(c.closedAt, timeZone)}
                  </TableCell>
                  <TableCell>
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
                  </TableCell>
                  <TableCell className={styles.nowrap}>
                    <ReportButton
                      size="small"
                      label={CLOSINGS_TEXTS.report}
                      name={`${CLOSINGS_TEXTS.report} al ${formatDate(c.until)}`}
                      downloading={report.downloading}
                      onDownload={(format) => void report.download(c.until, format)}
                    />{' '}
                    {canClose && c.status === 'CERRADO' && c.until === lastStanding && (
                      <Button size="small" disabled={reopen.running} onClick={() => setReopening(c.until)}>
                        {CLOSINGS_TEXTS.reopen}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollArea>
      )}
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
