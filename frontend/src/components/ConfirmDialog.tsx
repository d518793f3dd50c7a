import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Button } from './Button';
import { ModalDialog } from './ModalDialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A modal question with Cancel and a confirm button; Escape and the backdrop cancel. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  destructive = false,
  pending = false,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      open={open}
      pending={pending}
      onCancel={onCancel}
      labelledBy="confirm-dialog-title"
      describedBy="confirm-dialog-description"
    >
      <div className="p-5 sm:p-6">
        <h2 id="confirm-dialog-title" className="text-lg font-semibold">
          {title}
        </h2>
        <div id="confirm-dialog-description" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {description}
        </div>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} disabled={pending}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
