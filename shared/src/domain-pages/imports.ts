// «Importar»: what a catalogue file's row does once classified — the preview and the import say
// the same of each row.
export const IMPORT_ROW_STATUSES = ['new', 'unchanged', 'updated', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];
