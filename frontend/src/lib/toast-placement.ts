/** The screen edge toasts appear at. */
export type ToastEdge = 'top' | 'bottom';

/** Room kept for one toast: a title and a few lines of description on a phone. */
export const TOAST_BAND_PX = 176;
/** The toaster's margin from the screen's sides and bottom (react-hot-toast's default). */
const MARGIN_PX = 16;
/** A toast's widest (the spec's viewport max width from `md` on). */
const TOAST_MAX_WIDTH_PX = 420;
const EDGES: ToastEdge[] = ['top', 'bottom'];

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface ToasterFrame {
  /** Where the top edge's toasts start (below the header). */
  top: number;
  /** Toasts in the top right corner (from `md` on) rather than across a phone's width. */
  wide: boolean;
  viewport: { width: number; height: number };
}

/** Inputs that take no typing, so a toast over them hides nothing the user is writing. */
const NOT_TYPED = new Set([
  'button',
  'submit',
  'reset',
  'checkbox',
  'radio',
  'file',
  'range',
  'color',
  'image',
  'hidden',
]);

/** A field the user types into: a text input, a text area, a select, or editable content. */
export function isTypingField(element: Element | null): element is HTMLElement {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return !NOT_TYPED.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable === true;
}

/** The enabled typing fields of `root` that take up room on screen. */
export function visibleTypingFields(root: ParentNode = document): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('input, textarea, select, [contenteditable]')].filter(
    (element) => {
      if (!isTypingField(element) || (element as HTMLInputElement).disabled) return false;
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1;
    },
  );
}

/** Where a toast can appear at `edge`. */
function band(edge: ToastEdge, { top, wide, viewport }: ToasterFrame): Box {
  const right = viewport.width - MARGIN_PX;
  const left = wide ? Math.max(MARGIN_PX, right - TOAST_MAX_WIDTH_PX) : MARGIN_PX;
  if (edge === 'top') return { left, right, top, bottom: top + TOAST_BAND_PX };
  const bottom = viewport.height - MARGIN_PX;
  return { left, right, top: bottom - TOAST_BAND_PX, bottom };
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * The edge for toasts: the top (below the header) unless a field lies under it there. The field being typed in
 * comes first — with its form, so the send or post button too; when the form is too tall to keep clear at either
 * edge, the field alone — then any other field on screen, so a toast does not stand where the user is about to
 * tap.
 */
export function toastPlacement(focused: Element | null, fields: Element[], frame: ToasterFrame): ToastEdge {
  let candidates = EDGES;
  if (isTypingField(focused)) {
    const areas = [focused.closest('form'), focused].flatMap((element) =>
      element ? [element.getBoundingClientRect()] : [],
    );
    for (const area of areas) {
      const clear = EDGES.filter((edge) => !overlaps(area, band(edge, frame)));
      if (clear.length > 0) {
        candidates = clear;
        break;
      }
    }
  }
  const free = candidates.find((edge) =>
    fields.every((field) => !overlaps(field.getBoundingClientRect(), band(edge, frame))),
  );
  return free ?? candidates[0];
}
