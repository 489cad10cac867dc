// Simple row windowing for long pages (50 or 100 rows, or tall rows in the "Amplia" density):
// only the rows in view plus an overscan of 4 above and below are rendered, with spacer rows
// keeping the scroll height. Rows are assumed to share one height, measured from a rendered row.
import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';
import { OVERSCAN } from '@almacen/shared/domain';

/** Fluent's row heights for extra-small, small and medium tables, used until a row is measured. */
export const ESTIMATED_ROW_HEIGHT = { xs: 24, md: 34, xl: 44 } as const;

/** Used when the container has no layout yet (first render, test environment). */
const FALLBACK_VIEWPORT = 480;

export interface RowWindow {
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
  onScroll: (event: UIEvent<HTMLElement>) => void;
  /** Ref for one rendered row: its height replaces the estimate. */
  measureRow: (element: HTMLElement | null) => void;
  /** Call when the rows change wholesale (new page): scrolls the container to the top. */
  containerRef: React.RefObject<HTMLDivElement | null>;
}

export function useRowWindow(count: number, enabled: boolean, estimate: number, resetKey: unknown): RowWindow {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT);
  const [rowHeight, setRowHeight] = useState(estimate);

  useEffect(() => setRowHeight(estimate), [estimate]);

  useEffect(() => {
    setScrollTop(0);
    if (containerRef.current) containerRef.current.scrollTop = 0;
  }, [resetKey]);

  const onScroll = useCallback((event: UIEvent<HTMLElement>) => {
    const target = event.currentTarget;
    setScrollTop(target.scrollTop);
    if (target.clientHeight > 0) setViewport(target.clientHeight);
  }, []);

  const measureRow = useCallback((element: HTMLElement | null) => {
    const height = element?.getBoundingClientRect().height ?? 0;
    if (height > 0) setRowHeight((previous) => (Math.abs(previous - height) > 0.5 ? height : previous));
  }, []);

  if (!enabled) return { start: 0, end: count, padTop: 0, padBottom: 0, onScroll, measureRow, containerRef };
  const first = Math.floor(scrollTop / rowHeight);
  const visible = Math.ceil(viewport / rowHeight);
  const start = Math.max(0, first - OVERSCAN.rows);
  const end = Math.min(count, first + visible + OVERSCAN.rows);
  return {
    start,
    end,
    padTop: start * rowHeight,
    padBottom: Math.max(0, count - end) * rowHeight,
    onScroll,
    measureRow,
    containerRef,
  };
}
