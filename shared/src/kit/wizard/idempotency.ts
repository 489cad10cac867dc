// One Idempotency-Key per save attempt-sequence: a double click, or "Guardar" again after a
// lost answer, sends the SAME key for the same request, so the API creates one document
// (ARCHITECTURE.md, "The stock ledger"). A changed request is a different document and gets a new key.
// The key can outlive the page: a wizard keeps it in its draft (wizard-draft.ts), so "Guardar"
// after a reload that followed a lost answer still sends the key the server may have recorded.
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

/** A key and the request it was made for (its JSON). */
export interface IdempotencyState {
  key: string;
  fingerprint: string;
}

export interface IdempotencyKeys {
  /** The key for this request: the previous one while the request is unchanged. */
  keyFor(request: unknown): string;
  /** Forget the key (after the document was created). */
  clear(): void;
}

export interface IdempotencyKeyOptions {
  /** A key kept from before (a restored draft). Read on the first render only. */
  initial?: IdempotencyState | null;
  /** Told of every new key (and of null after clear()), before the request carrying it is sent. */
  onChange?(state: IdempotencyState | null): void;
}

export function useIdempotencyKey({ initial = null, onChange }: IdempotencyKeyOptions = {}): IdempotencyKeys {
  const current = useRef<IdempotencyState | null>(initial);
  const changed = useRef(onChange);
  changed.current = onChange;
  return useMemo(
    () => ({
      keyFor(request) {
        const fingerprint = JSON.stringify(request);
        if (!current.current || current.current.fingerprint !== fingerprint) {
          current.current = { key: newIdempotencyKey(), fingerprint };
          changed.current?.(current.current);
        }
        return current.current.key;
      },
      clear() {
        current.current = null;
        changed.current?.(null);
      },
    }),
    [],
  );
}
