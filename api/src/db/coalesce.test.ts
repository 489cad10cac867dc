import { coalescedReader } from './coalesce';

/** A load that records the keys of each call and answers key → `v<key>` except for `missing`. */
function recordingLoad(missing: number[] = []) {
  const calls: number[][] = [];
  const load = async (keys: number[]) => {
    calls.push(keys);
    return new Map(keys.filter((key) => !missing.includes(key)).map((key) => [key, `v${key}`]));
  };
  return { calls, load };
}

describe('coalescedReader', () => {
  test('keys asked in one turn are read by one call, each caller gets its own value', async () => {
    const { calls, load } = recordingLoad([9]);
    const reader = coalescedReader(load);
    const answers = await Promise.all([reader.read(1), reader.read(2), reader.read(9), reader.read(1)]);
    expect(answers).toEqual(['v1', 'v2', undefined, 'v1']);
    expect(calls).toEqual([[1, 2, 9]]);
    expect(reader.stats).toEqual({ keys: 3, queries: 1 });
  });

  test('a later turn is a later call', async () => {
    const { calls, load } = recordingLoad();
    const reader = coalescedReader(load);
    expect(await reader.read(1)).toBe('v1');
    expect(await reader.read(2)).toBe('v2');
    expect(calls).toEqual([[1], [2]]);
  });

  test('more than maxKeys distinct keys in a turn are split into calls of at most maxKeys', async () => {
    const { calls, load } = recordingLoad();
    const reader = coalescedReader(load, 2);
    const answers = await Promise.all([1, 2, 2, 3, 4, 5].map((key) => reader.read(key)));
    expect(answers).toEqual(['v1', 'v2', 'v2', 'v3', 'v4', 'v5']);
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  test('a failed call rejects every caller of that call, and only them', async () => {
    let fail = true;
    const reader = coalescedReader(async (keys: number[]) => {
      if (fail) throw new Error('sin conexión');
      return new Map(keys.map((key) => [key, key * 10]));
    });
    const first = await Promise.allSettled([reader.read(1), reader.read(2)]);
    expect(first.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((first[0] as PromiseRejectedResult).reason).toEqual(new Error('sin conexión'));
    fail = false;
    expect(await reader.read(1)).toBe(10);
  });
});
