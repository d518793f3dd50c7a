import {
  deleteAccountSchema,
  EXPORT_LIFETIME_DAYS,
  WRONG_PASSWORD_CODE,
  type AccountExport,
  type DeleteAccountPayload,
} from '@piste/contracts';
import {
  CircleCheck,
  CircleExclamationPoint,
  Clock,
  Download,
  FileArchive,
  LoaderCircle,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import i18next from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../lib/router';
import { intlLocale } from '../../i18n/languages';
import { failedWithCode, failureText, useContractForm } from '../../lib/forms';
import { formatDateTime } from '../../lib/moderation-format';
import { useNow } from '../../lib/relative-time';
import { useAccountDeletionStore } from '../../stores/account-deletion';
import { useAccountExportStore } from '../../stores/account-export';
import { Button, buttonClassName } from '../Button';
import { TextField } from '../FormField';
import { ServerError } from '../FormMessage';
import { ModalDialog } from '../ModalDialog';
import { SectionLoadError, SectionSkeleton, SettingsSection } from './SettingsSection';

/** How often the tab asks again about an export that is being prepared. */
export const EXPORT_POLL_MS = 3_000;

/** The Privacy and data tab: taking a copy of one's data away, and deleting the account. */
export function PrivacyPanel() {
  const { t } = useTranslation(['settings', 'common']);
  return (
    <>
      <SettingsSection
        id="settings-export"
        title={t('export.title')}
        description={t('export.description', { days: EXPORT_LIFETIME_DAYS })}
      >
        <DataExport />
      </SettingsSection>
      <SettingsSection
        id="settings-delete"
        title={t('deletion.title')}
        description={t('deletion.description')}
      >
        <AccountDeletion />
      </SettingsSection>
    </>
  );
}

const FILE_SIZE_UNITS = ['fileSize.kilobytes', 'fileSize.megabytes', 'fileSize.gigabytes'] as const;

/** '12.4 KB', '3.1 MB' ('12,4 Ko' in French). */
export function formatFileSize(bytes: number): string {
  const number = (value: number, fractionDigits: number) =>
    new Intl.NumberFormat(intlLocale(), {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(value);
  if (bytes < 1024) return i18next.t('settings:fileSize.bytes', { size: number(bytes, 0) });
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  // Rounded as toFixed rounds, then written the language's way.
  const shown = size < 10 ? number(Number(size.toFixed(1)), 1) : number(Math.round(size), 0);
  return i18next.t(FILE_SIZE_UNITS[unit] ?? 'fileSize.gigabytes', { ns: 'settings', size: shown });
}

/** Why a new export cannot be asked for yet, or null when it can. */
function requestBlockedReason(latest: AccountExport | null, now: number): string | null {
  if (!latest) return null;
  if (Date.parse(latest.nextAllowedAt) > now) {
    return i18next.t('settings:export.nextFrom', { when: formatDateTime(latest.nextAllowedAt) });
  }
  return latest.status === 'pending' ? i18next.t('settings:export.onceReady') : null;
}

function DataExport() {
  const { t } = useTranslation(['settings', 'common']);
  const latest = useAccountExportStore((s) => s.latest);
  const status = useAccountExportStore((s) => s.status);
  const requesting = useAccountExportStore((s) => s.requesting);
  const refusal = useAccountExportStore((s) => s.refusal);
  const now = useNow();
  const pending = latest?.status === 'pending';

  // An archive is usually ready within seconds: ask again while it is prepared and someone is looking.
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void useAccountExportStore.getState().load();
    }, EXPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [pending]);

  if (status === 'error' && !latest) {
    return (
      <SectionLoadError
        message={t('export.loadError')}
        onRetry={() => void useAccountExportStore.getState().load()}
      />
    );
  }
  if (status !== 'ready') return <SectionSkeleton label={t('export.loading')} />;

  const blockedReason = requestBlockedReason(latest, now);
  const downloadUrl = latest?.status === 'ready' ? latest.url : null;

  return (
    <div className="space-y-5">
      <ExportState latest={latest} />
      <ServerError message={refusal} />
      <div className="flex flex-wrap items-center gap-3">
        {downloadUrl ? (
          <a href={downloadUrl} download className={buttonClassName('primary')}>
            <Download aria-hidden className="size-4" />
            {t('export.download')}
          </a>
        ) : null}
        <Button
          variant={downloadUrl ? 'outline' : 'primary'}
          disabled={requesting || blockedReason !== null}
          aria-describedby={blockedReason ? 'export-request-blocked' : undefined}
          onClick={() => void useAccountExportStore.getState().request()}
        >
          {requesting ? t('export.requesting') : t('export.request')}
        </Button>
      </div>
      {blockedReason ? (
        <p id="export-request-blocked" className="text-sm text-slate-600 dark:text-slate-300">
          {blockedReason}
        </p>
      ) : null}
    </div>
  );
}

const STATE_TONES = {
  neutral: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
  success: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
  error: 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300',
} as const;

/** The latest export as a line with an icon: what it is now, and what to do about it. */
function ExportState({ latest }: { latest: AccountExport | null }) {
  return (
    <div role="status" data-testid="export-state" className="flex items-start gap-3">
      <ExportStateLine latest={latest} />
    </div>
  );
}

function StateIcon({
  icon: Icon,
  tone,
  spin = false,
}: {
  icon: LucideIcon;
  tone: keyof typeof STATE_TONES;
  spin?: boolean;
}) {
  return (
    <span className={`flex size-10 shrink-0 items-center justify-center rounded-full ${STATE_TONES[tone]}`}>
      <Icon aria-hidden className={`size-5 ${spin ? 'animate-spin motion-reduce:animate-none' : ''}`} />
    </span>
  );
}

function StateText({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</p>
      <div className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">{children}</div>
    </div>
  );
}

function ExportStateLine({ latest }: { latest: AccountExport | null }) {
  const { t } = useTranslation(['settings', 'common']);
  if (!latest) {
    return (
      <>
        <StateIcon icon={FileArchive} tone="neutral" />
        <StateText title={t('export.state.none.title')}>{t('export.state.none.text')}</StateText>
      </>
    );
  }
  switch (latest.status) {
    case 'pending':
      return (
        <>
          <StateIcon icon={LoaderCircle} tone="neutral" spin />
          <StateText title={t('export.state.pending.title')}>{t('export.state.pending.text')}</StateText>
        </>
      );
    case 'ready':
      return (
        <>
          <StateIcon icon={CircleCheck} tone="success" />
          <StateText title={t('export.state.ready.title')}>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {latest.size !== null ? (
                <ExportDetail term={t('export.state.ready.size')}>{formatFileSize(latest.size)}</ExportDetail>
              ) : null}
              {latest.readyAt ? (
                <ExportDetail term={t('export.state.ready.readyAt')}>
                  {formatDateTime(latest.readyAt)}
                </ExportDetail>
              ) : null}
              {latest.expiresAt ? (
                <ExportDetail term={t('export.state.ready.expires')}>
                  {formatDateTime(latest.expiresAt)}
                </ExportDetail>
              ) : null}
            </dl>
          </StateText>
        </>
      );
    case 'failed':
      return (
        <>
          <StateIcon icon={CircleExclamationPoint} tone="error" />
          <StateText title={t('export.state.failed.title')}>{t('export.state.failed.text')}</StateText>
        </>
      );
    case 'expired':
      return (
        <>
          <StateIcon icon={Clock} tone="neutral" />
          <StateText title={t('export.state.expired.title')}>
            {t('export.state.expired.text', { days: EXPORT_LIFETIME_DAYS })}
          </StateText>
        </>
      );
  }
}

function ExportDetail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="min-w-0 text-slate-900 dark:text-slate-100">{children}</dd>
    </>
  );
}

const TERM_CLASSES = 'font-semibold text-slate-900 dark:text-slate-100';

function AccountDeletion() {
  const { t } = useTranslation(['settings', 'common']);
  const [confirming, setConfirming] = useState(false);
  const deleting = useAccountDeletionStore((s) => s.deleting);

  return (
    <>
      <ul className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
        <li>
          <Trans t={t} i18nKey="deletion.whatGoes" components={{ term: <span className={TERM_CLASSES} /> }} />
        </li>
        <li>
          <Trans
            t={t}
            i18nKey="deletion.whatStays"
            components={{ term: <span className={TERM_CLASSES} /> }}
          />
        </li>
      </ul>
      <p className="mt-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
        <CircleExclamationPoint aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('deletion.warning')}
      </p>
      <Button variant="destructive" className="mt-5" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden className="size-4" />
        {t('deletion.delete')}
      </Button>
      <ModalDialog
        open={confirming}
        pending={deleting}
        onCancel={() => setConfirming(false)}
        labelledBy="delete-account-title"
        describedBy="delete-account-description"
      >
        <DeleteAccountForm onCancel={() => setConfirming(false)} />
      </ModalDialog>
    </>
  );
}

/** The dialog's content: the password, as the proof that it is really the owner, then the deletion. */
function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const deleteAccount = useAccountDeletionStore((s) => s.deleteAccount);
  const deleting = useAccountDeletionStore((s) => s.deleting);
  const navigate = useNavigate();
  const form = useContractForm(deleteAccountSchema, { defaultValues: { password: '' } });
  const [serverError, setServerError] = useState<string | null>(null);

  async function send(payload: DeleteAccountPayload) {
    try {
      await deleteAccount(payload);
    } catch (error) {
      const message = failureText(error, t('deletion.failed'));
      if (failedWithCode(error, WRONG_PASSWORD_CODE))
        form.setError('password', { message }, { shouldFocus: true });
      else setServerError(message);
      return;
    }
    // Signed out now: the sign-in screen, at the app's front door.
    navigate('/', { replace: true });
  }

  return (
    <form
      noValidate
      aria-label={t('deletion.delete')}
      className="p-5 sm:p-6"
      onSubmit={(event) => {
        setServerError(null);
        form.onSubmit(send)(event);
      }}
    >
      <h2 id="delete-account-title" className="text-lg font-semibold">
        {t('deletion.confirm.title')}
      </h2>
      <p id="delete-account-description" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {t('deletion.confirm.description')}
      </p>
      <div className="mt-4 space-y-4">
        <ServerError message={serverError} />
        <TextField
          id="delete-account-password"
          type="password"
          label={t('deletion.confirm.password')}
          autoComplete="current-password"
          {...form.field('password')}
        />
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={deleting}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="destructive" disabled={deleting}>
          {deleting ? t('deletion.deleting') : t('deletion.delete')}
        </Button>
      </div>
    </form>
  );
}
