import { useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';

interface ModalDialogProps {
  open: boolean;
  /** While an action runs, nothing closes the dialog. */
  pending?: boolean;
  onCancel: () => void;
  /** Ids of the title and the description inside `children`. */
  labelledBy: string;
  describedBy: string;
  children: ReactNode;
}

/**
 * The shell of every modal dialog: a native <dialog> opened with showModal (so focus moves in, stays in, and
 * goes back when it closes), cancelled by Escape or a click on the backdrop. Its content renders only while open.
 */
export function ModalDialog({
  open,
  pending = false,
  onCancel,
  labelledBy,
  describedBy,
  children,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  // Opened and closed in the commit that shows or removes the content, before the next paint: the browser keeps
  // what had the focus at showModal and gives it back at close, with no frame in between to move it.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // A click on the backdrop (the dialog element itself, outside its panel) closes it.
  function onBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === dialogRef.current && !pending) onCancel();
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
      onClick={onBackdropClick}
      className="m-auto w-[calc(100vw-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px] dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:backdrop:bg-black/70"
    >
      {open ? children : null}
    </dialog>
  );
}
