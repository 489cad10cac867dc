// Reads that arrive together go to PostgreSQL together (a stock lookup, above all): the keys asked
// for during one turn of the event loop are read by ONE query when the turn ends (setImmediate),
// and each caller gets its own answer. A busy API sends one round trip for many lookups instead
// of one each; a single request waits for nothing more than the end of the turn it arrived in.
// Only for reads of committed data by key, where one statement for many keys answers each key as
// its own statement would (READ COMMITTED: each sees what was committed when the query started,
// which is after every one of the requests arrived).

export interface CoalescedReader<K, V> {
  /** The value for `key`, or undefined when `load` returned none for it. */
  read(key: K): Promise<V | undefined>;
  /** How many keys were read and in how many queries since the start (this process's counters). */
  readonly stats: { keys: number; queries: number };
}

/**
 * `load` receives the distinct keys asked for in one turn (at most `maxKeys`; more start another
 * query) and answers a map key → value; if it fails, every caller of that query gets its error.
 */
export function coalescedReader<K, V>(load: (keys: K[]) => Promise<Map<K, V>>, maxKeys = 500): CoalescedReader<K, V> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  let pending: Map<K, Waiter[]> | null = null;
  const stats = { keys: 0, queries: 0 };

  const run = (batch: Map<K, Waiter[]>) => {
    stats.queries += 1;
    stats.keys += batch.size;
    load([...batch.keys()]).then(
      (values) => {
        for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(values.get(key));
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      },
    );
  };

  const flush = () => {
    const batch = pending;
    pending = null;
    // A batch that filled up was sent already; its turn's end finds nothing (or the next batch).
    if (batch) run(batch);
  };

  return {
    stats,
    read(key) {
      return new Promise<V | undefined>((resolve, reject) => {
        if (pending && !pending.has(key) && pending.size >= maxKeys) flush();
        if (!pending) {
          pending = new Map();
          setImmediate(flush);
        }
        const waiters = pending.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else pending.set(key, [{ resolve, reject }]);
      });
    },
  };
}
