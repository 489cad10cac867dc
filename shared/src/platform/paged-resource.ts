// How every screen reads a list the API pages (`?limit=&cursor=` → `{ data, nextCursor }`, newest
// first): the first page is an SWR key like any resource, so a save elsewhere refreshes it by
// prefix; older pages never change (the lists are append-only), so they are kept in state and
// "load more" asks for the next one. When a refreshed first page starts above the previous one,
// the previous one's rows are kept too, so nothing between the new first page and the older pages
// goes missing; each row shows once.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CursorPage } from '../domain/wire';
import type { ApiClient } from './api-client';
import type { ApiError } from './api-error';
import { useApi } from './hooks';
import { useResource } from './resource';

export interface PagedResource<T> {
  /** The rows loaded so far, newest first; undefined until the first page arrives. */
  data: T[] | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  /** Re-fetches the first page. */
  mutate: () => Promise<unknown>;
  /** Whether the server has rows older than the ones loaded. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Loads the next page of older rows; rejects with the API's error. */
  loadMore: () => Promise<void>;
}

export interface PagedQuery<T> {
  /** The list's path, or null to fetch nothing yet. */
  path: string | null;
  /** The list's filters; empty values are left out. */
  query?: Record<string, string>;
  pageSize: number;
  /** What makes a row itself (keep it stable: a module-level function): a row seen on two pages shows once. */
  idOf: (row: T) => string | number;
}

/** `path?filters&limit=`: the key of a list's first page, filters in a stable order, limit last. */
function pageKey(path: string, query: Record<string, string>, limit: number): string {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''));
  params.sort();
  params.set('limit', String(limit));
  return `${path}?${params.toString()}`;
}

/** One page, asked as its path and query; the client resolves to the whole answer, not its `data`. */
function readPage<T>(api: ApiClient, key: string): Promise<CursorPage<T>> {
  const [path, search = ''] = key.split('?');
  return api<CursorPage<T>>(path, { query: Object.fromEntries(new URLSearchParams(search)), envelope: true });
}

/** Each id once, the first copy kept: the lists arrive newest first, so that is the freshest. */
function once<T>(rows: readonly T[], idOf: (row: T) => string | number): T[] {
  const seen = new Set<string | number>();
  return rows.filter((row) => {
    const id = idOf(row);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

interface Older<T> {
  /** The first page's key these rows follow (other filters: other rows). */
  key: string;
  rows: T[];
  nextCursor: string | null;
}

const NO_FILTERS: Record<string, string> = {};

export function usePagedResource<T>({ path, query = NO_FILTERS, pageSize, idOf }: PagedQuery<T>): PagedResource<T> {
  const api = useApi();
  const key = path === null ? null : pageKey(path, query, pageSize);
  const first = useResource<CursorPage<T>>(key, undefined, readPage);
  const [older, setOlder] = useState<Older<T> | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const kept = older && older.key === key ? older : null;

  const previousFirst = useRef<CursorPage<T> | undefined>(undefined);
  useEffect(() => {
    const previous = previousFirst.current;
    previousFirst.current = first.data;
    if (previous && first.data && previous !== first.data) {
      setOlder((current) =>
        current && current.key === key ? { ...current, rows: once([...previous.data, ...current.rows], idOf) } : current,
      );
    }
  }, [first.data, key, idOf]);

  const data = useMemo(() => (first.data ? once([...first.data.data, ...(kept?.rows ?? [])], idOf) : undefined), [first.data, kept, idOf]);
  const nextCursor = kept ? kept.nextCursor : (first.data?.nextCursor ?? null);

  const loadMore = useCallback(async () => {
    if (key === null || nextCursor === null) return;
    setLoadingMore(true);
    try {
      const page = await readPage<T>(api, `${key}&cursor=${encodeURIComponent(nextCursor)}`);
      setOlder((current) => ({
        key,
        rows: once([...(current?.key === key ? current.rows : []), ...page.data], idOf),
        nextCursor: page.nextCursor,
      }));
    } finally {
      setLoadingMore(false);
    }
  }, [api, key, nextCursor, idOf]);

  return {
    data,
    error: first.error,
    isLoading: first.isLoading,
    mutate: () => first.mutate(),
    hasMore: nextCursor !== null,
    loadingMore,
    loadMore,
  };
}
