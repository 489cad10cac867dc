// Notifications stay at the bottom right (ARCHITECTURE: one Toaster at bottom-end) but must not
// cover what a person is about to press or is typing in. A screen registers such an element (the
// wizard's buttons, a table's pagination), and the field that has the focus counts too; while one
// sits in the strip of the window the notifications take, they are lifted just above it. The page scrolls under the fixed notifications, so the lift is measured again on
// scroll, on resize and when the page's size changes.
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { Toaster } from '@almacen/shared/fluent';

/** Fluent's distances of a bottom-end toast from the window's edges, and a toast's width. */
export const NOTICE_OFFSET = { horizontal: 20, vertical: 16 } as const;
export const NOTICE_WIDTH = 292;
/** The strip at the bottom of the window the notifications take: about two stacked toasts. */
export const NOTICE_ZONE_PX = 200;
const GAP_PX = 8;

export interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface WindowSize {
  width: number;
  height: number;
}

/** How far above the window's bottom the notifications must sit so that none covers `rects`. */
export function noticeLift(rects: Rect[], view: WindowSize): number {
  const noticesLeft = view.width - NOTICE_OFFSET.horizontal - NOTICE_WIDTH;
  let lift: number = NOTICE_OFFSET.vertical;
  for (const rect of rects) {
    const onScreen = rect.bottom > rect.top && rect.bottom > 0 && rect.top < view.height;
    // Off screen, or wholly to the left of the notifications: nothing to keep clear.
    if (!onScreen || rect.right <= noticesLeft) continue;
    const fromBottom = view.height - rect.top;
    // Higher up than the strip the notifications take: they do not reach it.
    if (fromBottom > NOTICE_ZONE_PX) continue;
    lift = Math.max(lift, fromBottom + GAP_PX);
  }
  return lift;
}

/** Where a person types: the focused one of these is kept clear without a screen asking. */
const FIELD = 'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), textarea, select, [role="combobox"]';

/** The elements to keep clear and the lift they ask for, shared by the Toaster and the screens. */
export interface NoticeSpace {
  /** Keeps notifications off `element` until the returned function is called. */
  keepClear(element: HTMLElement): () => void;
  /** Follows the focused field until the returned function is called (the Toaster's life). */
  followFocus(): () => void;
  subscribe(listener: () => void): () => void;
  lift(): number;
}

export function createNoticeSpace(): NoticeSpace {
  const elements = new Set<HTMLElement>();
  const listeners = new Set<() => void>();
  let lift: number = NOTICE_OFFSET.vertical;
  let frame = 0;
  let resizes: ResizeObserver | null = null;
  let focused: HTMLElement | null = null;

  const measure = () => {
    frame = 0;
    const root = document.documentElement;
    const kept = focused && focused.isConnected ? [...elements, focused] : [...elements];
    const next = noticeLift(
      kept.map((element) => element.getBoundingClientRect()),
      { width: root.clientWidth, height: root.clientHeight },
    );
    if (next === lift) return;
    lift = next;
    listeners.forEach((listener) => listener());
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(measure);
  };
  const listen = () => {
    // Capture: a scrolling container inside the page moves the element too.
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    if (typeof ResizeObserver === 'function') {
      resizes = new ResizeObserver(schedule);
      // A step or a row appearing moves the element without any scroll.
      resizes.observe(document.body);
    }
  };
  const stop = () => {
    window.removeEventListener('scroll', schedule, { capture: true });
    window.removeEventListener('resize', schedule);
    resizes?.disconnect();
    resizes = null;
  };

  let following = false;
  const listening = () => elements.size > 0 || following;

  return {
    followFocus() {
      const onFocus = (event: FocusEvent) => {
        const target = event.target instanceof HTMLElement && event.target.matches(FIELD) ? event.target : null;
        if (target === focused) return;
        focused = target;
        schedule();
      };
      const onBlur = () => {
        // The next field's focusin follows at once; with none, nothing is being typed in.
        queueMicrotask(() => {
          if (focused && document.activeElement !== focused) {
            focused = null;
            schedule();
          }
        });
      };
      if (!listening()) listen();
      following = true;
      document.addEventListener('focusin', onFocus);
      document.addEventListener('focusout', onBlur);
      return () => {
        document.removeEventListener('focusin', onFocus);
        document.removeEventListener('focusout', onBlur);
        following = false;
        focused = null;
        if (!listening()) stop();
        schedule();
      };
    },
    keepClear(element) {
      if (!listening()) listen();
      elements.add(element);
      resizes?.observe(element);
      schedule();
      return () => {
        elements.delete(element);
        resizes?.unobserve(element);
        if (!listening()) stop();
        schedule();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    lift: () => lift,
  };
}

const fallbackSpace = createNoticeSpace();
const NoticeSpaceContext = createContext<NoticeSpace>(fallbackSpace);

/** The portal's one Toaster (bottom-end), lifted above whatever a screen asks to keep clear. */
export function NoticeToaster({ toasterId, children }: { toasterId: string; children?: ReactNode }) {
  const [space] = useState(createNoticeSpace);
  const lift = useSyncExternalStore(space.subscribe, space.lift, space.lift);
  useEffect(() => space.followFocus(), [space]);
  return (
    <NoticeSpaceContext.Provider value={space}>
      {children}
      <Toaster toasterId={toasterId} position="bottom-end" offset={{ vertical: lift }} pauseOnHover pauseOnWindowBlur />
    </NoticeSpaceContext.Provider>
  );
}

/** Keeps the notifications off the element in `ref` while it is mounted. */
export function useKeepNoticesClear(ref: RefObject<HTMLElement | null>): void {
  const space = useContext(NoticeSpaceContext);
  useEffect(() => {
    const element = ref.current;
    return element ? space.keepClear(element) : undefined;
  }, [space, ref]);
}
