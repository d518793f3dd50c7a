import {
  BAN_DURATIONS,
  DEFAULT_BAN_HOURS,
  DEFAULT_BAN_REASON,
  type BanDurationHours,
  type Report,
} from '@piste/contracts';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../Button';
import { controlClassName } from '../FormField';
import { ModalDialog } from '../ModalDialog';

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
  const [durationHours, setDurationHours] = useState<BanDurationHours>(DEFAULT_BAN_HOURS);
  const [reason, setReason] = useState<string>(DEFAULT_BAN_REASON);
  const open = report !== null;

  const canSubmit = reason.trim().length > 0 && !pending;

  async function submit() {
    if (!canSubmit) return;
    if (await onConfirm(durationHours, reason.trim())) {
      setDurationHours(DEFAULT_BAN_HOURS);
      setReason('');
    }
  }

  return (
    <ModalDialog
      open={open}
      pending={pending}
      onCancel={onCancel}
      labelledBy="ban-dialog-title"
      describedBy="ban-dialog-description"
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
    </ModalDialog>
  );
}
