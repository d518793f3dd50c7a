import {
  deleteAccountSchema,
  EXPORT_LIFETIME_DAYS,
  WRONG_CURRENT_PASSWORD,
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
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { failureText, useContractForm } from '../../lib/forms';
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
  return (
    <>
      <SettingsSection
        id="settings-export"
        title="Download your data"
        description={
          <>
            Get a copy of everything you have shared on Piste: your profile, posts, comments, reactions,
            connections, messages, notifications and the files you uploaded, in one ZIP archive. The download
            link works for {EXPORT_LIFETIME_DAYS} days, and you can ask for one export a day.
          </>
        }
      >
        <DataExport />
      </SettingsSection>
      <SettingsSection
        id="settings-delete"
        title="Delete your account"
        description="Deleting your account removes you from Piste for good."
      >
        <AccountDeletion />
      </SettingsSection>
    </>
  );
}

/** '12.4 KB', '3.1 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size < 10 ? size.toFixed(1) : Math.round(size)} ${units[unit]}`;
}

/** Why a new export cannot be asked for yet, or null when it can. */
function requestBlockedReason(latest: AccountExport | null, now: number): string | null {
  if (!latest) return null;
  if (Date.parse(latest.nextAllowedAt) > now) {
    return `You can request your next export from ${formatDateTime(latest.nextAllowedAt)}.`;
  }
  return latest.status === 'pending' ? 'You can request a new export once this one is ready.' : null;
}

function DataExport() {
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
        message="Your data export could not be loaded."
        onRetry={() => void useAccountExportStore.getState().load()}
      />
    );
  }
  if (status !== 'ready') return <SectionSkeleton label="Loading your data export" />;

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
            Download
          </a>
        ) : null}
        <Button
          variant={downloadUrl ? 'outline' : 'primary'}
          disabled={requesting || blockedReason !== null}
          aria-describedby={blockedReason ? 'export-request-blocked' : undefined}
          onClick={() => void useAccountExportStore.getState().request()}
        >
          {requesting ? 'Requesting…' : 'Request export'}
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
  if (!latest) {
    return (
      <>
        <StateIcon icon={FileArchive} tone="neutral" />
        <StateText title="No export yet">You have not asked for a copy of your data yet.</StateText>
      </>
    );
  }
  switch (latest.status) {
    case 'pending':
      return (
        <>
          <StateIcon icon={LoaderCircle} tone="neutral" spin />
          <StateText title="Your archive is being prepared">
            This usually takes a few moments. We will send you a notification and an email when it is ready.
          </StateText>
        </>
      );
    case 'ready':
      return (
        <>
          <StateIcon icon={CircleCheck} tone="success" />
          <StateText title="Your archive is ready">
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {latest.size !== null ? (
                <ExportDetail term="Size">{formatFileSize(latest.size)}</ExportDetail>
              ) : null}
              {latest.readyAt ? (
                <ExportDetail term="Ready">{formatDateTime(latest.readyAt)}</ExportDetail>
              ) : null}
              {latest.expiresAt ? (
                <ExportDetail term="Expires">{formatDateTime(latest.expiresAt)}</ExportDetail>
              ) : null}
            </dl>
          </StateText>
        </>
      );
    case 'failed':
      return (
        <>
          <StateIcon icon={CircleExclamationPoint} tone="error" />
          <StateText title="Your archive could not be prepared">
            Something went wrong while we put it together. Please ask for a new export.
          </StateText>
        </>
      );
    case 'expired':
      return (
        <>
          <StateIcon icon={Clock} tone="neutral" />
          <StateText title="Your last archive has expired">
            Archives are deleted {EXPORT_LIFETIME_DAYS} days after they are ready. Ask for a new export
            whenever you need one.
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

function AccountDeletion() {
  const [confirming, setConfirming] = useState(false);
  const deleting = useAccountDeletionStore((s) => s.deleting);

  return (
    <>
      <ul className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
        <li>
          <span className="font-semibold text-slate-900 dark:text-slate-100">What goes: </span>
          everything. Your profile, posts, comments, reactions, connections, messages, notifications and the
          files you uploaded are deleted, and you are signed out everywhere.
        </li>
        <li>
          <span className="font-semibold text-slate-900 dark:text-slate-100">What stays: </span>
          reports you filed about other people&rsquo;s posts, and the moderation record of them, are kept
          without your name.
        </li>
      </ul>
      <p className="mt-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
        <CircleExclamationPoint aria-hidden className="mt-0.5 size-4 shrink-0" />
        This cannot be undone. If you want a copy of your data, download it first.
      </p>
      <Button variant="destructive" className="mt-5" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden className="size-4" />
        Delete account
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
  const deleteAccount = useAccountDeletionStore((s) => s.deleteAccount);
  const deleting = useAccountDeletionStore((s) => s.deleting);
  const navigate = useNavigate();
  const form = useContractForm(deleteAccountSchema, { defaultValues: { password: '' } });
  const [serverError, setServerError] = useState<string | null>(null);

  async function send(payload: DeleteAccountPayload) {
    try {
      await deleteAccount(payload);
    } catch (error) {
      const message = failureText(error, 'Your account could not be deleted.');
      if (message === WRONG_CURRENT_PASSWORD) form.setError('password', { message }, { shouldFocus: true });
      else setServerError(message);
      return;
    }
    // Signed out now: the sign-in screen, at the app's front door.
    await navigate('/', { replace: true });
  }

  return (
    <form
      noValidate
      aria-label="Delete account"
      className="p-5 sm:p-6"
      onSubmit={(event) => {
        setServerError(null);
        form.onSubmit(send)(event);
      }}
    >
      <h2 id="delete-account-title" className="text-lg font-semibold">
        Delete your account?
      </h2>
      <p id="delete-account-description" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Everything you have on Piste is deleted and you are signed out everywhere. This cannot be undone.
        Enter your password to confirm.
      </p>
      <div className="mt-4 space-y-4">
        <ServerError message={serverError} />
        <TextField
          id="delete-account-password"
          type="password"
          label="Password"
          autoComplete="current-password"
          {...form.field('password')}
        />
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={deleting}>
          {deleting ? 'Deleting…' : 'Delete account'}
        </Button>
      </div>
    </form>
  );
}
