import { useEffect, useRef, useState, type ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@almacen/shared/fluent';
import { TABLE_TEXTS } from '../data-table/texts';

/** The DataTable says it the same way when it scrolls. */
export const SCROLL_HINT = TABLE_TEXTS.scrolls;

const EDGE = {
  content: '""',
  position: 'absolute',
  top: '0',
  bottom: '0',
  width: '16px',
  pointerEvents: 'none',
  zIndex: 1,
} as const;

const useStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0, maxWidth: '100%' },
  // The shadows stand on the frame, not in the scrolled content, so whatever the background
  // they mark each edge beyond which there is more to see.
  edges: { position: 'relative', minWidth: 0, maxWidth: '100%' },
  before: { '::before': { ...EDGE, left: '0', backgroundImage: 'linear-gradient(to right, rgba(0, 0, 0, 0.18), transparent)' } },
  after: { '::after': { ...EDGE, right: '0', backgroundImage: 'linear-gradient(to left, rgba(0, 0, 0, 0.18), transparent)' } },
  region: {
    overflowX: 'auto',
    maxWidth: '100%',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export interface ScrollAreaProps {
  /** What the region holds, read by screen readers ("Productos de la salida"). */
  label: string;
  children: ReactNode;
  className?: string;
}

/**
 * A table (or anything wide) that scrolls sideways inside its frame when it is wider than the
 * screen: a shadow at each edge with more to see and, while it does not fit, a line that says it
 * scrolls. The region is focusable and named, so a keyboard can scroll it with the arrows.
 */
export function ScrollArea({ label, children, className }: ScrollAreaProps) {
  const styles = useStyles();
  const region = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ before: false, after: false });
  const measure = () => {
    const element = region.current;
    if (!element) return;
    const hidden = element.scrollWidth - element.clientWidth;
    const next = { before: element.scrollLeft > 1, after: hidden > 1 && element.scrollLeft < hidden - 1 };
    setEdges((current) => (current.before === next.before && current.after === next.after ? current : next));
  };
  useEffect(() => {
    const element = region.current;
    measure();
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  const overflows = edges.before || edges.after;
  return (
    <div className={styles.frame}>
      {overflows && <span className={styles.hint}>{SCROLL_HINT}</span>}
      <div className={mergeClasses(styles.edges, edges.before && styles.before, edges.after && styles.after)}>
        <div
          ref={region}
          role="region"
          aria-label={label}
          tabIndex={0}
          className={mergeClasses(styles.region, className)}
          onScroll={measure}
        >
          {children}
        </div>
      </div>
    </div>
  );
}
