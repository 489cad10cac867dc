// One Idempotency-Key per save attempt-sequence: a double click, or "Guardar" again after a
// lost answer, sends the SAME key for the same values, so the API creates one document
// (ARCHITECTURE §5). Changed values are a different document and get a new key.
import { useMemo, useRef } from 'react';

/** A random UUID v4. crypto.randomUUID exists only in secure contexts; getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotencyKeys {
  /** The key for these values: the previous one while the values are unchanged. */
  keyFor(values: unknown): string;
  /** Forget the key (after the document was created). */
  clear(): void;
}

export function useIdempotencyKey(): IdempotencyKeys {
  const current = useRef<{ key: string; fingerprint: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(values) {
        const fingerprint = JSON.stringify(values);
        if (!current.current || current.current.fingerprint !== fingerprint) {
          current.current = { key: newIdempotencyKey(), fingerprint };
        }
        return current.current.key;
      },
      clear() {
        current.current = null;
      },
    }),
    [],
  );
}
