import {
  changeEmailSchema,
  WRONG_CURRENT_PASSWORD,
  type Account,
  type ChangeEmailPayload,
} from '@piste/contracts';
import { CircleCheck, Clock, MailWarning } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { failureText, useContractForm } from '../../lib/forms';
import { useAccountStore } from '../../stores/account';
import { useEmailVerificationStore } from '../../stores/email-verification';
import { Button } from '../Button';
import { TextFields, type TextFieldSpec } from '../FormField';
import { FormSuccess, ServerError } from '../FormMessage';
import { SectionLoadError, SectionSkeleton, SettingsSection } from './SettingsSection';

/** The Account tab: who the account is, its address and whether it is confirmed, and changing the address. */
export function AccountPanel() {
  const account = useAccountStore((s) => s.account);
  const status = useAccountStore((s) => s.status);
  const load = useAccountStore((s) => s.load);

  return (
    <>
      <SettingsSection
        id="settings-account"
        title="Account"
        description="Who you are on Piste and where we write to you."
      >
        {account ? (
          <AccountDetails account={account} />
        ) : status === 'error' ? (
          <SectionLoadError message="Your account could not be loaded." onRetry={() => void load()} />
        ) : (
          <SectionSkeleton label="Loading your account" />
        )}
      </SettingsSection>
      <SettingsSection
        id="settings-email"
        title="Change email"
        description="We send a link to the new address; your address changes once you follow it."
      >
        <ChangeEmailForm />
      </SettingsSection>
    </>
  );
}

function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-3 first:pt-0 last:pb-0 sm:grid sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="mt-1 min-w-0 text-sm text-slate-900 sm:mt-0 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function AccountDetails({ account }: { account: Account }) {
  const resend = useEmailVerificationStore((s) => s.resend);
  const resending = useEmailVerificationStore((s) => s.resending);
  return (
    <dl className="divide-y divide-slate-100 dark:divide-slate-800">
      <DetailRow term="Username">@{account.username}</DetailRow>
      <DetailRow term="Email">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <span className="min-w-0 font-medium break-all">{account.email}</span>
          {account.emailVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
              <CircleCheck aria-hidden className="size-3.5" />
              Verified
            </span>
          ) : (
            <>
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                <MailWarning aria-hidden className="size-3.5" />
                Not verified
              </span>
              <Button
                variant="outline"
                className="px-3 py-1.5"
                onClick={() => void resend()}
                disabled={resending}
              >
                {resending ? 'Sending…' : 'Resend link'}
              </Button>
            </>
          )}
        </div>
        {account.pendingEmail ? (
          <p className="mt-2 flex items-start gap-1.5 text-slate-600 dark:text-slate-300">
            <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 break-words">
              Waiting for confirmation: <span className="font-medium break-all">{account.pendingEmail}</span>.
              Follow the link we sent there to use it.
            </span>
          </p>
        ) : null}
      </DetailRow>
      <DetailRow term="Member since">
        {new Date(account.createdAt).toLocaleDateString(undefined, { month: 'long', year: 'numeric' })}
      </DetailRow>
    </dl>
  );
}

const EMAIL_FIELDS: TextFieldSpec<keyof ChangeEmailPayload>[] = [
  { name: 'email', type: 'email', label: 'New email', autoComplete: 'email', placeholder: 'you@example.com' },
  {
    name: 'password',
    type: 'password',
    label: 'Current password',
    autoComplete: 'current-password',
    placeholder: 'To confirm it is you',
  },
];

function ChangeEmailForm() {
  const changeEmail = useAccountStore((s) => s.changeEmail);
  const form = useContractForm(changeEmailSchema, { defaultValues: { email: '', password: '' } });
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  async function send(values: ChangeEmailPayload) {
    setPending(true);
    try {
      setSent(await changeEmail(values));
      form.reset();
    } catch (error) {
      const message = failureText(error, 'Email not changed');
      // The password is the field to fix: say so there.
      if (message === WRONG_CURRENT_PASSWORD) form.setError('password', { message }, { shouldFocus: true });
      else setServerError(message);
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      aria-label="Change email"
      className="max-w-md"
      onSubmit={(event) => {
        setSent(null);
        setServerError(null);
        form.onSubmit(send)(event);
      }}
    >
      <div className="space-y-4">
        <ServerError message={serverError} />
        <TextFields idPrefix="change-email" specs={EMAIL_FIELDS} field={form.field} />
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending...' : 'Send confirmation link'}
        </Button>
      </div>
      <div role="status" className="mt-4 empty:hidden">
        {sent ? <FormSuccess>{sent}</FormSuccess> : null}
      </div>
    </form>
  );
}
