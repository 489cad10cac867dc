// Content-Disposition for a download whose name has Spanish letters (RFC 6266 / RFC 5987):
// an ASCII `filename` for old clients, and `filename*` with the exact UTF-8 name, which every
// current browser (and the portal's download helper) prefers.

/** `attachment; filename="Reporte de almacen - 2026-03-05.pdf"; filename*=UTF-8''Reporte%20de%20almac%C3%A9n…` */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
