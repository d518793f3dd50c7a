import { TOAST_DURATION_MS, TOAST_LIMIT } from '@piste/contracts';
import { useEffect, useLayoutEffect, useState } from 'react';
import toast, { Toaster, useToasterStore, type ToastPosition } from 'react-hot-toast';
import { toastPlacement, visibleTypingFields, type ToastEdge } from '../lib/toast-placement';

/** Phones get the full width at the top; from `md` on, toasts sit in the top right corner. */
const WIDE = '(min-width: 768px)';

interface Placement {
  edge: ToastEdge;
  /** Where the top edge's toasts start: just below the sticky header. */
  top: number;
  wide: boolean;
}

function currentPlacement(): Placement {
  const wide = window.matchMedia(WIDE).matches;
  const header = document.querySelector('header')?.getBoundingClientRect();
  const top = Math.max(0, header?.bottom ?? 0) + 12;
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const edge = toastPlacement(document.activeElement, visibleTypingFields(), { top, wide, viewport });
  return { wide, top, edge };
}

/**
 * Where the toasts go while one shows, kept up to date as the focus moves and the page scrolls: the top edge
 * below the header unless a field lies there, the field being typed in above all (see toastPlacement).
 */
function useToastPlacement(shownToastId: string | null): Placement {
  const showing = shownToastId !== null;
  const [placement, setPlacement] = useState<Placement>({ edge: 'top', top: 76, wide: true });
  // Each toast is placed before it is painted, so it never shows at the wrong edge first.
  useLayoutEffect(() => {
    if (shownToastId) setPlacement(currentPlacement());
  }, [shownToastId]);
  useEffect(() => {
    if (!showing) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = currentPlacement();
        setPlacement((shown) =>
          shown.edge === next.edge && shown.top === next.top && shown.wide === next.wide ? shown : next,
        );
      });
    };
    const events = ['focusin', 'focusout', 'resize'] as const;
    events.forEach((event) => window.addEventListener(event, update));
    // A field can scroll under the toasts' edge (or away from it) while a toast shows, or appear there: the
    // feed's composer arrives just after the 'Welcome' toast of signing in.
    window.addEventListener('scroll', update, { passive: true, capture: true });
    const changes = new MutationObserver(update);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      changes.disconnect();
      cancelAnimationFrame(frame);
      events.forEach((event) => window.removeEventListener(event, update));
      window.removeEventListener('scroll', update, { capture: true });
    };
  }, [showing]);
  return placement;
}

/**
 * The toast viewport: at the top below the header (full width on phones, top right from `md` on), at the bottom
 * while a field lies under that; never more than TOAST_LIMIT (1) toast visible — the newest wins.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  const { edge, top, wide } = useToastPlacement(toasts.find((t) => t.visible)?.id ?? null);

  useEffect(() => {
    // The store lists the newest toast first.
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  const position: ToastPosition = `${edge}-${wide ? 'right' : 'center'}`;
  return (
    <Toaster
      position={position}
      gutter={8}
      containerStyle={edge === 'top' ? { top } : undefined}
      toastOptions={{ duration: TOAST_DURATION_MS }}
    />
  );
}
