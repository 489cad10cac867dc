import { useEffect, useState } from 'react';

/** Under 720 px the navigation moves into a drawer ("a mobile drawer"). */
export const NARROW_QUERY = '(max-width: 719.98px)';

export function useNarrowScreen(): boolean {
  const query = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;
  const [narrow, setNarrow] = useState(() => query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
    // The query object is recreated each render; its text never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return narrow;
}
