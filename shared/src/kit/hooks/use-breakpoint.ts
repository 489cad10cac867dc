import { useEffect, useState } from 'react';
import { BREAKPOINTS } from '../../domain/constants';

/** mobile: < 720 px; tablet: 720–1023 px; desktop: ≥ 1024 px. */
export type Breakpoint = 'mobile' | 'tablet' | 'desktop';

const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.mobile - 1}px)`;
const TABLET_QUERY = `(max-width: ${BREAKPOINTS.tablet - 1}px)`;

function current(): Breakpoint {
  // No matchMedia (server or test environment): lay out as on a desktop.
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'desktop';
  if (window.matchMedia(MOBILE_QUERY).matches) return 'mobile';
  if (window.matchMedia(TABLET_QUERY).matches) return 'tablet';
  return 'desktop';
}

export function useBreakpoint(): Breakpoint {
  const [breakpoint, setBreakpoint] = useState<Breakpoint>(current);
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
    const queries = [window.matchMedia(MOBILE_QUERY), window.matchMedia(TABLET_QUERY)];
    const update = () => setBreakpoint(current());
    for (const query of queries) query.addEventListener('change', update);
    return () => {
      for (const query of queries) query.removeEventListener('change', update);
    };
  }, []);
  return breakpoint;
}

/** True when the viewport is at least as wide as `minimum`. */
export function isAtLeast(breakpoint: Breakpoint, minimum: Breakpoint): boolean {
  const order: Breakpoint[] = ['mobile', 'tablet', 'desktop'];
  return order.indexOf(breakpoint) >= order.indexOf(minimum);
}
