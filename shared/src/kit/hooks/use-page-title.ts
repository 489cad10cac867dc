import { useEffect } from 'react';

const PORTAL = 'Almacén';

/**
 * Names the page in the browser tab ("Productos · Almacén"), so tabs, history and bookmarks say
 * where they lead. Each page calls it with its heading, which keeps the remotes owning their pages;
 * leaving the page puts back the portal's name, so a page without a title never shows the last one's.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${PORTAL}`;
    return () => {
      document.title = PORTAL;
    };
  }, [title]);
}
