// Types of what TypeScript callers (bench/lib/server.ts, scripts/crash-test.ts) use of lib.mjs.
export const ROOT: string;
export const API: string;
export const FRONT_ENDS: string[];
export const npm: string;
/** Why `folder` needs building (its build is missing or older than its code), or null. */
export function buildReason(folder: string): string | null;
