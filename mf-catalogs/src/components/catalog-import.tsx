// "Importar": a catalogue from an XLSX or CSV. The file is first previewed — each row
// new / unchanged / updated / error with its reason — and only "Importar N registros" writes,
// in one transaction on the server (nothing at all if any row has an error). The template is the
// header row the server expects; «Exportar» downloads the whole catalogue in the same columns
// (XLSX), to be edited in a spreadsheet and imported back. Shown only to whoever may import
// (catalogs.import).
// On the partidas page, "Cargar partidas del clasificador" previews the CONAC chapter 2000
// partidas genéricas shipped with Almacén the same way (the server holds the file), and the same
// "Importar N registros" loads them; loaded twice, every row is "Sin cambios".
import { ArrowDownloadRegular, ArrowUploadRegular, BookOpenRegular, ArrowExportRegular } from '@fluentui/react-icons';
import { useMemo, useRef, useState } from 'react';
import {
  catalogExportRequest,
  importTemplateRequest,
  useCan,
  useImportPreview,
  useImportRows,
  useReportDownload,
  useWarehouseId,
  type ImportCatalog,
  type ImportResult,
  type ImportRow,
  type ImportRowStatus as RowStatus,
} from '@almacen/shared';
import { Button, makeStyles, tokens } from '@almacen/shared/fluent';
import { Badge, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@almacen/shared/fluent-pages';
import { DataTable, type DataTableColumn } from '@almacen/shared/kit';

export type { ImportCatalog };

export const STATUS_LABELS: Record<RowStatus, string> = { new: 'Nuevo', unchanged: 'Sin cambios', updated: 'Actualizado', error: 'Error' };
const STATUS_COLORS: Record<RowStatus, 'success' | 'subtle' | 'informative' | 'danger'> = {
  new: 'success',
  unchanged: 'subtle',
  updated: 'informative',
  error: 'danger',
};
export const CLASSIFIER_NAME = 'Clasificador por Objeto del Gasto (CONAC), capítulo 2000 «Materiales y suministros»';

/** What is previewed: a chosen file, or (file null) the classifier's partidas shipped with Almacén. */
interface Source {
  name: string;
  file: File | null;
}

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  surface: { maxWidth: '1180px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The columns that carry a name or a description: given room first. */
const isWideColumn = (column: string) => /nombre|descrip/i.test(column);

/** Fila, Estado, the file's own columns (those of its first row) and Motivo. */
function previewColumns(preview: ImportResult): DataTableColumn<ImportRow>[] {
  const fileColumns = Object.keys(preview.rows[0]?.values ?? {});
  return [
    { id: 'row', header: 'Fila', value: (r) => r.row, width: 56, minWidth: 48 },
    {
      id: 'status',
      header: 'Estado',
      value: (r) => STATUS_LABELS[r.status],
      cell: (r) => (
        <Badge appearance="tint" shape="rounded" color={STATUS_COLORS[r.status]}>
          {STATUS_LABELS[r.status]}
        </Badge>
      ),
      width: 112,
    },
    ...fileColumns.map<DataTableColumn<ImportRow>>((column, i) => ({
      id: `value-${i}`,
      header: column,
      value: (r) => r.values[column] ?? '',
      width: isWideColumn(column) ? 260 : 140,
    })),
    { id: 'reason', header: 'Motivo', value: (r) => r.reason ?? '', width: 260 },
  ];
}

export function CatalogImport({ catalog, title }: { catalog: ImportCatalog; title: string }) {
  const styles = useStyles();
  const canImport = useCan('catalogs.import');
  const file = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Source | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const template = useReportDownload();
  const exported = useReportDownload();
  // A products file carries the current warehouse's stock levels.
  const warehouseId = useWarehouseId();
  const previewRows = useImportPreview(catalog);
  const importRows = useImportRows(catalog);
  const columns = useMemo(() => (preview ? previewColumns(preview) : []), [preview]);
  if (!canImport) return null;
  const writable = preview ? preview.counts.new + preview.counts.updated : 0;
  const close = () => {
    setChosen(null);
    setPreview(null);
  };
  const open = async (source: Source) => {
    const result = await previewRows.run(source.file);
    if (result) {
      setChosen(source);
      setPreview(result);
    }
  };

  return (
    <div className={styles.bar}>
      <input
        ref={file}
        type="file"
        hidden
        aria-label={`Archivo para importar ${title}`}
        accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={async (event) => {
          const f = event.target.files?.[0];
          event.target.value = '';
          if (!f) return;
          await open({ name: f.name, file: f });
        }}
      />
      <Button icon={<ArrowUploadRegular />} disabled={previewRows.running} onClick={() => file.current?.click()}>
        Importar
      </Button>
      <Button
        appearance="subtle"
        icon={<ArrowDownloadRegular />}
        disabled={template.downloading}
        onClick={() => void template.download(importTemplateRequest(catalog, title))}
      >
        Descargar plantilla
      </Button>
      <Button
        appearance="subtle"
        icon={<ArrowExportRegular />}
        disabled={exported.downloading}
        onClick={() => void exported.download(catalogExportRequest(catalog, title, warehouseId))}
      >
        Exportar
      </Button>
      {catalog === 'product-categories' && (
        <Button
          appearance="subtle"
          icon={<BookOpenRegular />}
          disabled={previewRows.running}
          onClick={() => void open({ name: CLASSIFIER_NAME, file: null })}
        >
          Cargar partidas del clasificador
        </Button>
      )}
      {preview && chosen && (
        <Dialog open onOpenChange={(_e, d) => !d.open && close()}>
          <DialogSurface className={styles.surface}>
            <DialogBody>
              <DialogTitle>Importar {title}</DialogTitle>
              <DialogContent className={styles.content}>
                <Text>
                  {chosen.name}: {preview.counts.new} nuevos, {preview.counts.updated} actualizados, {preview.counts.unchanged} sin cambios,{' '}
                  {preview.counts.error} con error.
                </Text>
                {preview.omitted > 0 && (
                  <Text>
                    Se muestran {preview.rows.length.toLocaleString('es-MX')} de{' '}
                    {(preview.rows.length + preview.omitted).toLocaleString('es-MX')} filas; primero las que tienen error.
                  </Text>
                )}
                {preview.counts.error > 0 && (
                  <Text role="alert">
                    Corrige las filas con error y vuelve a cargar el archivo: no se importará nada mientras haya errores.
                  </Text>
                )}
                <DataTable<ImportRow>
                  label="Vista previa de la importación"
                  items={preview.rows}
                  columns={columns}
                  getRowId={(r) => r.row}
                  searchPlaceholder="Buscar una fila"
                />
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={close}>
                  Cancelar
                </Button>
                <Button
                  appearance="primary"
                  disabled={preview.counts.error > 0 || writable === 0 || importRows.running}
                  onClick={async () => {
                    if (await importRows.run(chosen.file)) close();
                  }}
                >
                  Importar {writable} {writable === 1 ? 'registro' : 'registros'}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </div>
  );
}
