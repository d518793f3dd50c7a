import {
  BAN_DURATIONS,
  createBanSchema,
  DEFAULT_BAN_HOURS,
  type BanDurationHours,
  type Report,
} from '@piste/contracts';

import { Ban } from 'lucide-react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../i18n/use-translation';
import { useContractForm } from '../../lib/forms';
import { Button } from '../Button';
import { controlClassName, Field, SelectField } from '../FormField';
import { ModalDialog } from '../ModalDialog';

/** What the dialog asks: the contract's ban duration and reason (the server checks them the same way). */
const banFormSchema = createBanSchema.pick({ durationHours: true, reason: true });

/** Each ban duration's words. */
const DURATION_LABELS = {
  1: 'moderation.ban.durations.hour',
  24: 'moderation.ban.durations.day',
  168: 'moderation.ban.durations.week',
  720: 'moderation.ban.durations.month',
} as const satisfies Record<BanDurationHours, string>;

interface BanDialogProps {
  /** The report whose reported person (a post's or comment's author, a sender, a fencer) would be banned; null keeps the dialog closed. */
  report: Report | null;
  pending: boolean;
  onCancel: () => void;
  /** Resolves true when the ban was issued; the dialog then resets its fields. */
  onConfirm: (durationHours: BanDurationHours, reason: string) => Promise<boolean>;
}

/** The name of the person the report is against, as the report has it. */
function reportedName({ target }: Report): string | null {
  switch (target.type) {
    case 'post':
    case 'comment':
      return target.authorName;
    case 'message':
      return target.senderName;
    case 'user':
      return target.name ?? target.username;
  }
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
  const { t } = useTranslation(['admin', 'common']);
  const durationChoices = BAN_DURATIONS.map((d) => ({
    value: String(d.hours),
    label: t(DURATION_LABELS[d.hours]),
  }));
  const form = useContractForm(banFormSchema, {
    defaultValues: {
      durationHours: String(DEFAULT_BAN_HOURS),
      // The spec's default reason ('Violation of community guidelines'), in the language shown.
      reason: t('moderation.ban.defaultReason'),
    },
  });
  const open = report !== null;
  const canSubmit = form.watch('reason').trim().length > 0 && !pending;

  async function ban({ durationHours, reason }: { durationHours: number; reason: string }) {
    if (!isBanHours(durationHours)) return;
    if (await onConfirm(durationHours, reason)) {
      form.reset({ durationHours: String(DEFAULT_BAN_HOURS), reason: '' });
    }
  }
  const { error: reasonError, ...reason } = form.field('reason');

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
            if (canSubmit) form.onSubmit(ban)(event);
            else event.preventDefault();
          }}
        >
          <div className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-400">
              <Ban aria-hidden className="size-5" />
            </span>
            <div className="min-w-0">
              <h2 id="ban-dialog-title" className="text-lg font-semibold">
                {t('moderation.ban.title')}
              </h2>
              <p id="ban-dialog-description" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                <Trans
                  t={t}
                  i18nKey="moderation.ban.description"
                  values={{ name: reportedName(report) ?? t('moderation.ban.thisUser') }}
                  components={{
                    name: <span className="font-semibold text-slate-900 dark:text-slate-100" />,
                  }}
                />
              </p>
            </div>
          </div>

          <div className="mt-5 space-y-4">
            <SelectField
              id="ban-duration"
              label={t('moderation.ban.duration')}
              options={durationChoices}
              {...form.field('durationHours')}
            />
            <Field id="ban-reason" label={t('common:report.reason')} error={reasonError}>
              <textarea
                id="ban-reason"
                rows={3}
                {...reason}
                placeholder={t('moderation.ban.reasonPlaceholder')}
                className={`${controlClassName(!!reasonError)} resize-y`}
              />
            </Field>
          </div>

          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} disabled={pending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={!canSubmit}>
              {t('moderation.ban.title')}
            </Button>
          </div>
        </form>
      ) : null}
    </ModalDialog>
  );
}
