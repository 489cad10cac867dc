// «Respaldos» (Administración): the last backup — when, how large, where — as the record in the
// database says it (every copy of the API sees the same), and a warning where it needs attention:
// the latest attempt failed, or the last good one is older than 48 hours. Backups are made by the
// daily schedule or `npm run backup` on the server; this page only reads. Under it, the recent
// attempts, the failed ones with their reason.
import { LoadProblem, tableLoadError, usePageTitle, useRuntimeConfig } from '@almacen/shared';
import { formatDateTime } from '@almacen/shared/domain';
import { BACKUP_MAX_AGE_HOURS, backupAttention, type BackupRecord, type LastBackups } from '@almacen/shared/domain-pages';
import {
  Body1,
  Card,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle1,
  Title2,
  makeStyles,
  tokens,
} from '@almacen/shared/fluent';
import { Badge } from '@almacen/shared/fluent-pages';
import { DataTable, type DataTableColumn } from '@almacen/shared/kit';
import { useLastBackups, useRecentBackups } from './backups-api';

const TITLE = 'Respaldos';
export const LAST_BACKUP = 'Último respaldo';
export const RECENT = 'Respaldos recientes';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0, maxWidth: '760px' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: 0 },
  },
  pair: { display: 'contents' },
  term: {
    color: tokens.colorNeutralForeground3,
    '@media (max-width: 480px)': { marginTop: tokens.spacingVerticalS },
  },
  value: { margin: 0, overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyBase },
  path: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

const mb = new Intl.NumberFormat('es-MX', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** "12.4 MB", "0.05 MB"; a backup under 0.01 MB says so instead of "0 MB". */
export function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return value < 0.01 ? 'menos de 0.01 MB' : `${mb.format(value)} MB`;
}

const triggerLabel = (backup: BackupRecord) => (backup.trigger === 'programado' ? 'Respaldo diario programado' : 'npm run backup');

const withoutPeriod = (text: string) => text.trim().replace(/[.。]+$/, '');

/** What the warning says; null when nothing needs attention. */
export function backupWarning(data: LastBackups, timeZone: string, now: Date = new Date()): { title: string; text: string } | null {
  const attention = backupAttention(data.latest, data.latestOk, now);
  if (attention.kind === 'failed') {
    return {
      title: `El último respaldo falló: ${withoutPeriod(attention.error)}.`,
      text:
        `Se intentó el ${formatDateTime(data.latest!.at, timeZone)} en ${data.latest!.directory}. ` +
        'Revisa que la carpeta exista, tenga espacio libre y permita escribir, y haz un respaldo en el servidor con npm run backup.',
    };
  }
  if (attention.kind === 'stale') {
    return {
      title: `El último respaldo tiene más de ${BACKUP_MAX_AGE_HOURS} horas.`,
      text:
        `Se hizo el ${formatDateTime(data.latestOk!.at, timeZone)}, hace ${attention.hours >= 72 ? `${Math.floor(attention.hours / 24)} días` : `${attention.hours} horas`}. ` +
        (data.schedule.enabled
          ? `Revisa que Almacén esté en marcha a la hora del respaldo diario (${data.schedule.time}) o haz uno en el servidor con npm run backup.`
          : 'Haz uno en el servidor con npm run backup.'),
    };
  }
  return null;
}

function Facts({ backup, timeZone }: { backup: BackupRecord; timeZone: string }) {
  const styles = useStyles();
  const rows: Array<[string, string, boolean?]> = [
    ['Fecha y hora', formatDateTime(backup.at, timeZone)],
    ['Tamaño', backup.sizeBytes === null ? '—' : megabytes(backup.sizeBytes)],
    ['Carpeta', backup.directory, true],
    ['Archivo', backup.fileName ?? '—', true],
    ['Servidor', backup.host],
    ['Origen', triggerLabel(backup)],
  ];
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value, isPath]) => (
        <div key={term} className={styles.pair}>
          <dt className={styles.term}>
            <Body1>{term}</Body1>
          </dt>
          <dd className={styles.value}>
            <Body1 className={isPath ? styles.path : undefined}>{value}</Body1>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function RecentBackups({ timeZone }: { timeZone: string }) {
  const recent = useRecentBackups();
  const columns: DataTableColumn<BackupRecord>[] = [
    { id: 'at', header: 'Fecha y hora', value: (b) => b.at, text: (b) => formatDateTime(b.at, timeZone), width: 150 },
    {
      id: 'ok',
      header: 'Resultado',
      value: (b) => (b.ok ? 'Correcto' : 'Falló'),
      cell: (b) => (
        <Badge appearance="tint" shape="rounded" color={b.ok ? 'success' : 'danger'}>
          {b.ok ? 'Correcto' : 'Falló'}
        </Badge>
      ),
      width: 100,
    },
    { id: 'trigger', header: 'Origen', value: triggerLabel, width: 190, hideBelow: 'tablet' },
    {
      id: 'size',
      header: 'Tamaño',
      value: (b) => b.sizeBytes,
      text: (b) => (b.sizeBytes === null ? '—' : megabytes(b.sizeBytes)),
      width: 110,
    },
    {
      id: 'file',
      header: 'Archivo o motivo',
      value: (b) => (b.ok ? b.fileName : b.error),
      sortable: false,
      width: 320,
      hideBelow: 'tablet',
    },
  ];
  return (
    <Card role="region" aria-label={RECENT}>
      <Subtitle1 as="h2">{RECENT}</Subtitle1>
      <DataTable<BackupRecord>
        label={RECENT}
        items={recent.data}
        columns={columns}
        getRowId={(b) => b.id}
        loading={recent.isLoading}
        error={tableLoadError(recent, 'obtener los respaldos recientes.')}
        searchPlaceholder="Buscar un respaldo"
        emptyMessage="Todavía no se ha hecho ningún respaldo."
        defaultPageSize={10}
      />
    </Card>
  );
}

export function BackupsPage() {
  usePageTitle(TITLE);
  const styles = useStyles();
  const { timeZone } = useRuntimeConfig();
  const resource = useLastBackups();
  const data = resource.data;
  const warning = data ? backupWarning(data, timeZone) : null;
  const schedule = data?.schedule;

  return (
    <section className={styles.page} aria-label={TITLE}>
      <Title2 as="h1">{TITLE}</Title2>
      <LoadProblem resource={resource} what="obtener el último respaldo." />
      {!data && !resource.error && <Spinner label="Cargando…" />}
      {data && (
        <Card className={styles.card} role="region" aria-label={LAST_BACKUP}>
          <Subtitle1 as="h2">{LAST_BACKUP}</Subtitle1>
          {warning && (
            <MessageBar intent="warning" layout="multiline" role="alert">
              <MessageBarBody>
                <MessageBarTitle>{warning.title}</MessageBarTitle> {warning.text}
              </MessageBarBody>
            </MessageBar>
          )}
          {data.latestOk ? (
            <Facts backup={data.latestOk} timeZone={timeZone} />
          ) : (
            <MessageBar intent="info" layout="multiline">
              <MessageBarBody>
                {data.latest
                  ? 'Todavía no hay ningún respaldo que haya funcionado.'
                  : 'Todavía no se ha hecho ningún respaldo. Para hacer uno ahora, ejecuta npm run backup en el servidor.'}
              </MessageBarBody>
            </MessageBar>
          )}
          {schedule && (
            <Body1>
              {schedule.enabled
                ? `Respaldo diario: todos los días a las ${schedule.time} (hora de ${schedule.timeZone}).`
                : 'El respaldo diario está desactivado en este servidor (BACKUP_DISABLED); los respaldos se hacen con npm run backup.'}
            </Body1>
          )}
        </Card>
      )}
      <RecentBackups timeZone={timeZone} />
    </section>
  );
}
