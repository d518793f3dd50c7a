import { LIMITS, REPORT_CATEGORIES, targetReportSchema } from '@piste/contracts';
import { Flag, LoaderCircle } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { useContractForm } from '../../lib/forms';
import { REPORT_CATEGORY_KEYS } from '../../lib/moderation-format';
import { useReportDialogStore, type ReportSubject } from '../../stores/report-dialog';
import { Button } from '../Button';
import { controlClassName, FieldError } from '../FormField';
import { ModalDialog } from '../ModalDialog';

/** What the dialog asks: the contract's category and description (the server checks them the same way). */
const reportFormSchema = targetReportSchema.pick({ reason: true, description: true });

const labelClasses = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';
const choiceClasses =
  'flex min-w-0 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-2.5 py-2 text-sm text-slate-800 has-[:checked]:border-slate-900 has-[:checked]:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-slate-900 dark:border-slate-700 dark:text-slate-200 dark:has-[:checked]:border-slate-300 dark:has-[:checked]:bg-slate-800 dark:has-[:focus-visible]:outline-slate-300';

const TITLES = {
  comment: 'report.titles.comment',
  message: 'report.titles.message',
  user: 'report.titles.user',
} as const satisfies Record<ReportSubject['type'], string>;

/** The question the dialog opens with, and the promise that follows it. */
const INTRODUCTIONS = {
  comment: 'report.introductions.comment',
  message: 'report.introductions.message',
  user: 'report.introductions.user',
} as const satisfies Record<ReportSubject['type'], string>;

/**
 * The report dialog every "Report" opens (a comment's, a received message's, a fencer's page), mounted once for
 * the signed-in app. It is fresh each time it opens.
 */
export function ReportDialog() {
  const subject = useReportDialogStore((s) => s.subject);
  const sending = useReportDialogStore((s) => s.sending);
  const close = useReportDialogStore((s) => s.close);
  return (
    <ModalDialog
      open={subject !== null}
      pending={sending}
      onCancel={close}
      labelledBy="report-dialog-title"
      describedBy="report-dialog-description"
    >
      {subject ? <ReportForm subject={subject} /> : null}
    </ModalDialog>
  );
}

function ReportForm({ subject }: { subject: ReportSubject }) {
  const { t } = useTranslation(['common']);
  const sending = useReportDialogStore((s) => s.sending);
  const close = useReportDialogStore((s) => s.close);
  const submit = useReportDialogStore((s) => s.submit);
  const form = useContractForm(reportFormSchema, { defaultValues: { description: '' } });
  const reasonError = form.formState.errors.reason?.message;
  const { error: descriptionError, ...description } = form.field('description');
  const reason = form.register('reason', { onChange: () => form.clearErrors('reason') });

  return (
    <form
      noValidate
      aria-label={t(TITLES[subject.type])}
      className="space-y-4 p-5 sm:p-6"
      onSubmit={form.onSubmit(async (values) => {
        await submit(values.reason, values.description);
      })}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-400">
          <Flag aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="report-dialog-title" className="text-lg font-semibold">
            {t(TITLES[subject.type])}
          </h2>
          <p
            id="report-dialog-description"
            className="mt-1 text-sm break-words text-slate-600 dark:text-slate-300"
          >
            {t(INTRODUCTIONS[subject.type], { name: subject.name })}
          </p>
        </div>
      </div>

      <fieldset aria-describedby={reasonError ? 'report-reason-error' : undefined}>
        <legend className={labelClasses}>{t('report.reason')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {REPORT_CATEGORIES.map((category) => (
            <label key={category} className={choiceClasses}>
              <input
                type="radio"
                value={category}
                {...reason}
                className="size-4 shrink-0 accent-slate-900 dark:accent-slate-200"
              />
              <span className="min-w-0 break-words">{t(REPORT_CATEGORY_KEYS[category])}</span>
            </label>
          ))}
        </div>
        <FieldError id="report-reason-error" message={reasonError ? t('report.chooseReason') : undefined} />
      </fieldset>

      <div>
        <label htmlFor="report-description" className={labelClasses}>
          {t('report.details')}
        </label>
        <textarea
          id="report-description"
          rows={3}
          maxLength={LIMITS.reportReason}
          placeholder={t('report.detailsPlaceholder')}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? 'report-description-error' : undefined}
          className={`${controlClassName(!!descriptionError)} resize-y`}
          {...description}
        />
        <FieldError id="report-description-error" message={descriptionError} />
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={close} disabled={sending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
          {t('report.submit')}
        </Button>
      </div>
    </form>
  );
}
