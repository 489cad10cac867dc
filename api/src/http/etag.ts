// Conditional GET (RFC 9110 §13.1.2): If-None-Match holds "*" or a list of entity tags; weak
// comparison, so W/"x" and "x" match (compression changes the bytes, not the data).
export function matchesTag(header: string | string[] | undefined, tag: string): boolean {
  if (!header) return false;
  const wanted = opaque(tag);
  return (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || opaque(candidate) === wanted);
}

const opaque = (tag: string) => tag.replace(/^W\//, '');

/** OpenAPI: the 304 answer of a list that supports If-None-Match. */
export const NOT_MODIFIED = { description: 'Sin cambios desde la ETag enviada en If-None-Match (sin cuerpo).', type: 'null' } as const;
