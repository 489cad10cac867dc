import { useEffect, useRef, useState, type ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@almacen/shared/fluent';

export const SCROLL_HINT = 'Desliza la tabla hacia los lados para ver todas sus columnas.';

const useStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0, maxWidth: '100%' },
  // Scroll shadows: the two covers travel with the content ("local") and hide the shadows
  // ("scroll", fixed to the frame) only at the edge that has nothing more to show, so a shadow
  // stands on every side where columns are hidden.
  region: {
    overflowX: 'auto',
    maxWidth: '100%',
    backgroundImage: [
      `linear-gradient(to right, ${tokens.colorNeutralBackground1} 30%, transparent)`,
      `linear-gradient(to left, ${tokens.colorNeutralBackground1} 30%, transparent)`,
      'radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.22), transparent)',
      'radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.22), transparent)',
    ].join(', '),
    backgroundPosition: 'left center, right center, left center, right center',
    backgroundRepeat: 'no-repeat',
    backgroundSize: '40px 100%, 40px 100%, 14px 100%, 14px 100%',
    backgroundAttachment: 'local, local, scroll, scroll',
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
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div className={styles.frame}>
      {overflows && <span className={styles.hint}>{SCROLL_HINT}</span>}
      <div ref={region} role="region" aria-label={label} tabIndex={0} className={mergeClasses(styles.region, className)}>
        {children}
      </div>
    </div>
  );
}
