import { adminReasonSchema, ADMIN_REASON_MAX } from '@piste/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useContractForm } from '../../lib/forms';
import { Button } from '../Button';
import { controlClassName, Field } from '../FormField';
import { ModalDialog } from '../ModalDialog';

/** One admin action to confirm: what it is called, what it does, and how its button reads. */
export interface ReasonRequest {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive: boolean;
}

interface ReasonDialogProps {
  /** The action to confirm; null keeps the dialog closed. */
  request: ReasonRequest | null;
  pending: boolean;
  onCancel: () => void;
  /** Resolves true once the action is done: the dialog then closes and forgets the reason. */
  onConfirm: (reason: string) => Promise<boolean>;
}

/**
 * Asks an admin why, before an action on an account: the reason is required (the audit keeps it), the button
 * says what will happen, and Cancel, Escape or the backdrop change nothing.
 */
export function ReasonDialog({ request, pending, onCancel, onConfirm }: ReasonDialogProps) {
  const { t } = useTranslation(['admin', 'common']);
  const form = useContractForm(adminReasonSchema, { defaultValues: { reason: '' } });
  const canSubmit = form.watch('reason').trim().length > 0 && !pending;
  const { error, ...reason } = form.field('reason');

  async function confirm({ reason: given }: { reason: string }) {
    if (await onConfirm(given)) form.reset({ reason: '' });
  }
  function cancel() {
    form.reset({ reason: '' });
    onCancel();
  }

  return (
    <ModalDialog
      open={request !== null}
      pending={pending}
      onCancel={cancel}
      labelledBy="reason-dialog-title"
      describedBy="reason-dialog-description"
    >
      {request ? (
        <form
          method="dialog"
          className="p-5 sm:p-6"
          onSubmit={(event) => {
            if (canSubmit) form.onSubmit(confirm)(event);
            else event.preventDefault();
          }}
        >
          <h2 id="reason-dialog-title" className="text-lg font-semibold">
            {request.title}
          </h2>
          <div id="reason-dialog-description" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {request.description}
          </div>
          <div className="mt-5">
            <Field id="admin-reason" label={t('common:report.reason')} error={error}>
              <textarea
                id="admin-reason"
                rows={3}
                maxLength={ADMIN_REASON_MAX}
                autoFocus
                {...reason}
                placeholder={t('reasonDialog.placeholder')}
                className={`${controlClassName(!!error)} resize-y`}
              />
            </Field>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={cancel} disabled={pending}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              variant={request.destructive ? 'destructive' : 'primary'}
              disabled={!canSubmit}
            >
              {request.confirmLabel}
            </Button>
          </div>
        </form>
      ) : null}
    </ModalDialog>
  );
}
