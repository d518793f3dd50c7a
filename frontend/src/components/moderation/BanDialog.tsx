import {
  BAN_DURATIONS,
  DEFAULT_BAN_HOURS,
  DEFAULT_BAN_REASON,
  type BanDurationHours,
  type Report,
} from '@piste/contracts';
import { Ban } from 'lucide-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Button } from '../Button';
import { controlClassName } from '../FormField';

interface BanDialogProps {
  /** The report whose post author would be banned; null keeps the dialog closed. */
  report: Report | null;
  pending: boolean;
  onCancel: () => void;
  /** Resolves true when the ban was issued; the dialog then resets its fields. */
  onConfirm: (durationHours: BanDurationHours, reason: string) => Promise<boolean>;
}

function isBanHours(value: number): value is BanDurationHours {
  return BAN_DURATIONS.some((d) => d.hours === value);
}

/**
 * The spec's ban dialog: a duration (24 hours by default) and a reason (initially
 * 'Violation of community guidelines'). After a successful ban the duration goes back to 24 hours and the
 * reason is cleared; Cancel keeps what was typed.
 */
export function BanDialog({ report, pending, onCancel, onConfirm }: BanDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [durationHours, setDurationHours] = useState<BanDurationHours>(DEFAULT_BAN_HOURS);
  const [reason, setReason] = useState<string>(DEFAULT_BAN_REASON);
  const open = report !== null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const canSubmit = reason.trim().length > 0 && !pending;

  async function submit() {
    if (!canSubmit) return;
    if (await onConfirm(durationHours, reason.trim())) {
      setDurationHours(DEFAULT_BAN_HOURS);
      setReason('');
    }
  }

  // A click on the backdrop (the dialog element itself, outside its panel) closes it.
  function onBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === dialogRef.current && !pending) onCancel();
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="ban-dialog-title"
      aria-describedby="ban-dialog-description"
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
      onClick={onBackdropClick}
      className="m-auto w-[calc(100vw-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px] dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:backdrop:bg-black/70"
    >
      {report ? (
        <form
          method="dialog"
          className="p-5 sm:p-6"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-400">
              <Ban aria-hidden className="size-5" />
            </span>
            <div className="min-w-0">
              <h2 id="ban-dialog-title" className="text-lg font-semibold">
                Ban User
              </h2>
              <p id="ban-dialog-description" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                Temporarily ban{' '}
                <span className="font-semibold text-slate-900 dark:text-slate-100">
                  {report.post.authorName ?? 'this user'}
                </span>{' '}
                from posting and commenting.
              </p>
            </div>
          </div>

          <div className="mt-5 space-y-4">
            <div>
              <label
                htmlFor="ban-duration"
                className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
              >
                Ban duration
              </label>
              <select
                id="ban-duration"
                value={durationHours}
                onChange={(event) => {
                  const hours = Number(event.target.value);
                  if (isBanHours(hours)) setDurationHours(hours);
                }}
                className={controlClassName(false)}
              >
                {BAN_DURATIONS.map((d) => (
                  <option key={d.hours} value={d.hours}>
                    {d.label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label
                htmlFor="ban-reason"
                className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
              >
                Reason
              </label>
              <textarea
                id="ban-reason"
                rows={3}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                placeholder="Explain why this user is being banned"
                className={`${controlClassName(false)} resize-y`}
              />
            </div>
          </div>

          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!canSubmit}>
              Ban User
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
