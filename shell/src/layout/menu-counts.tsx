// The numbers beside menu entries (a page's `count`, declared by its remote and computed by the
// API): one read per API path, however many entries name it, through the platform's useResource;
// read again when the person comes back to the window and every minute, never more often. Only a
// whole number above 0 shows; a failure shows nothing, and the menu works without it. A group
// shows the sum of its pages' numbers, so a closed group still says something waits inside. A
// count of the current warehouse (`warehouse: true`) is read with its `warehouseId=`: a switch
// shows nothing until the other warehouse's number has come, never the previous one's.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useResource, useWarehousePath } from '@almacen/shared';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import type { MenuCount } from '@almacen/shared/pages';

const EVERY_MINUTE = 60_000;
const READ = {
  refreshInterval: EVERY_MINUTE,
  revalidateOnFocus: true,
  focusThrottleInterval: EVERY_MINUTE,
  shouldRetryOnError: false,
};

type Answers = Readonly<Record<string, unknown>>;
const CountAnswers = createContext<Answers>({});

/** Where an answer is kept: one read per declared path, another for the same path of the current warehouse. */
const readOf = (count: MenuCount) => (count.warehouse ? `${count.path} (almacén)` : count.path);

function CountReader({ count, onAnswer }: { count: MenuCount; onAnswer: (read: string, data: unknown) => void }) {
  const ofWarehouse = useWarehousePath(count.path);
  const { data } = useResource<unknown>(count.warehouse ? ofWarehouse : count.path, READ);
  const read = readOf(count);
  useEffect(() => onAnswer(read, data), [read, data, onAnswer]);
  return null;
}

/** Reads every count the menu names, once per path, for the badges below it. */
export function MenuCounts({ counts, children }: { counts: ReadonlyArray<MenuCount | undefined>; children: ReactNode }) {
  const reads = useMemo(() => {
    const byRead = new Map(counts.flatMap((count) => (count ? [[readOf(count), count] as const] : [])));
    return [...byRead].sort(([a], [b]) => a.localeCompare(b));
  }, [counts]);
  const [answers, setAnswers] = useState<Answers>({});
  const onAnswer = useCallback(
    (read: string, data: unknown) => setAnswers((all) => (all[read] === data ? all : { ...all, [read]: data })),
    [],
  );
  return (
    <CountAnswers.Provider value={answers}>
      {reads.map(([read, count]) => (
        <CountReader key={read} count={count} onAnswer={onAnswer} />
      ))}
      {children}
    </CountAnswers.Provider>
  );
}

/** The number at `field` of the answer, when it is a whole number above 0; otherwise 0. */
export function countIn(answer: unknown, field: string): number {
  if (!answer || typeof answer !== 'object') return 0;
  const value = (answer as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** The sum of these entries' numbers (one entry: its own). */
export function useMenuCount(...counts: ReadonlyArray<MenuCount | undefined>): number {
  const answers = useContext(CountAnswers);
  return counts.reduce((sum, count) => sum + (count ? countIn(answers[readOf(count)], count.field) : 0), 0);
}

const useStyles = makeStyles({
  badge: {
    marginInlineStart: 'auto',
    minWidth: '20px',
    height: '20px',
    paddingInline: '6px',
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: '20px',
    textAlign: 'center',
    flexShrink: 0,
  },
  dot: {
    width: '8px',
    height: '8px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
    flexShrink: 0,
  },
  withBadge: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, width: '100%' },
});

/** "1 pendiente", "3 pendientes", "más de 99 pendientes". */
export const pendingText = (count: number) =>
  count > 99 ? 'más de 99 pendientes' : `${count} ${count === 1 ? 'pendiente' : 'pendientes'}`;

/** The number in a small round badge; a reader hears ", 3 pendientes". */
export function CountBadge({ count }: { count: number }) {
  const styles = useStyles();
  return (
    <span className={styles.badge} aria-label={`, ${pendingText(count)}`} role="img">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** A small dot that says something waits (the number is said elsewhere). */
export function CountDot() {
  const styles = useStyles();
  return <span className={styles.dot} aria-hidden="true" />;
}

/** An entry's text with its number beside it; a reader hears "Por autorizar, 3 pendientes". */
export function CountedLabel({ label, count }: { label: string; count: number }) {
  const styles = useStyles();
  if (count <= 0) return <>{label}</>;
  return (
    <span className={styles.withBadge}>
      <span>{label}</span>
      <CountBadge count={count} />
    </span>
  );
}
