// The DataTable's marks for the bench (their names: TABLE_MARKS in domain/constants.ts).
import { TABLE_MARKS } from '@almacen/shared/domain';

export { TABLE_MARKS };

/** A mark for the bench; skipped where the environment has none (older test DOMs). */
export function markTable(name: (typeof TABLE_MARKS)[keyof typeof TABLE_MARKS], detail: Record<string, unknown>): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name, { detail });
}
