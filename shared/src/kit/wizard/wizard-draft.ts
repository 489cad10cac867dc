// A wizard's unsaved document, kept in sessionStorage: one entry per wizard and person, for the
// life of the tab. A reload, Back and Forward, or a lost answer to "Guardar" lose nothing; the
// entry goes when the document is saved or the person chooses to leave it.
// With the values goes the idempotency key of the last save attempt: if that attempt reached the
// server but its answer was lost, "Guardar" after a reload sends the same key again and the
// server answers with the document it already created instead of registering it twice.
// Only what the person typed is kept (ids, numbers, dates; no token): sessionStorage is readable
// by any script of the portal's origin, like the rest of the page.
import type { IdempotencyState } from '@almacen/shared';

const PREFIX = 'almacen:borrador:';
/** Raised when the values' shape changes, so an older draft is dropped instead of misread. */
const VERSION = 1;

export interface WizardDraft<V> {
  values: V;
  idempotency: IdempotencyState | null;
}

/** "almacen:borrador:entrada:ana@example.com" — a person's draft is not offered to another. */
export function draftStorageKey(wizard: string, person: string): string {
  return `${PREFIX}${wizard}:${person}`;
}

function isIdempotencyState(value: unknown): value is IdempotencyState {
  const state = value as Partial<IdempotencyState> | null;
  return typeof state?.key === 'string' && typeof state.fingerprint === 'string';
}

/** The draft under `key`, or null when there is none or it cannot be read. */
export function readDraft<V extends object>(key: string): WizardDraft<V> | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { version?: unknown; values?: unknown; idempotency?: unknown };
    if (parsed?.version !== VERSION || typeof parsed.values !== 'object' || parsed.values === null) return null;
    return { values: parsed.values as V, idempotency: isIdempotencyState(parsed.idempotency) ? parsed.idempotency : null };
  } catch {
    // Storage disabled or a damaged entry: start empty.
    return null;
  }
}

export function writeDraft<V>(key: string, draft: WizardDraft<V>): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify({ version: VERSION, values: draft.values, idempotency: draft.idempotency }));
  } catch {
    // Storage full or disabled: the wizard works, it just cannot keep the draft.
  }
}

export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Storage disabled: there is nothing to clear.
  }
}
