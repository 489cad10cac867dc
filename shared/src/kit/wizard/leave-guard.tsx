// Leaving a wizard with unsaved data asks first. Closing or reloading the tab gets the browser's
// own question (its text cannot be chosen); a link to another page of the portal — the side
// menu, the logo — gets ours. Browser Back and Forward cannot be held up; the draft survives them
// instead (wizard-draft.ts).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from '@almacen/shared/router';
import { ConfirmDialog } from '../form/confirm-dialog';

export const LEAVE_TEXTS = {
  text: 'Tienes cambios sin guardar. Si sales ahora, se perderán.',
  confirm: 'Sí, salir',
} as const;

/** A plain left click on a link to another page of this site, which would leave the wizard. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return null;
  return anchor;
}

/**
 * While `active`, asks before the page is left. `onLeave` runs when the person confirms, before
 * the navigation (the wizard drops its draft there). Returns the dialog to render.
 */
export function useLeaveGuard(active: boolean, onLeave: () => void): ReactNode {
  const navigate = useNavigate();
  const [pending, setPending] = useState<HTMLAnchorElement | null>(null);
  // The confirmed click, replayed on its link: let it through once.
  const allowed = useRef<HTMLAnchorElement | null>(null);
  const leave = useRef(onLeave);
  leave.current = onLeave;

  useEffect(() => {
    if (!active) return undefined;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    // Capture on the document: before React (and the shell's menu) sees the click.
    const click = (event: MouseEvent) => {
      const anchor = leavingLink(event);
      if (!anchor) return;
      if (allowed.current === anchor) {
        allowed.current = null;
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      setPending(anchor);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [active]);

  const confirm = () => {
    const anchor = pending;
    setPending(null);
    if (!anchor) return;
    leave.current();
    if (anchor.isConnected) {
      // The same click again, so whoever owns the link (the menu closes its drawer) handles it.
      allowed.current = anchor;
      anchor.click();
    } else {
      const url = new URL(anchor.href, window.location.href);
      navigate(`${url.pathname}${url.search}${url.hash}`);
    }
  };

  const cancel = () => {
    const anchor = pending;
    setPending(null);
    // Back to the link the person clicked. Inside the phone's menu drawer this also gives the
    // drawer back to assistive technology, which the dialog on top of it had hidden.
    requestAnimationFrame(() => anchor?.focus());
  };

  return (
    <ConfirmDialog
      open={pending !== null}
      text={LEAVE_TEXTS.text}
      confirmLabel={LEAVE_TEXTS.confirm}
      onCancel={cancel}
      onConfirm={confirm}
    />
  );
}
