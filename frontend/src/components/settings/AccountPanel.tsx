import {
  changeEmailSchema,
  WRONG_PASSWORD_CODE,
  type Account,
  type ChangeEmailPayload,
} from '@piste/contracts';
import { CircleCheck, Clock, MailWarning } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../i18n/use-translation';
import { intlLocale } from '../../i18n/languages';
import { failedWithCode, failureText, useContractForm } from '../../lib/forms';
import { useAccountStore } from '../../stores/account';
import { useEmailVerificationStore } from '../../stores/email-verification';
import { Button } from '../Button';
import { LanguageSelect } from '../LanguageSelect';
import { TextFields, type TextFieldSpec } from '../FormField';
import { FormSuccess, ServerError } from '../FormMessage';
import { SectionLoadError, SectionSkeleton, SettingsSection } from './SettingsSection';

/**
 * The Account tab: who the account is, its address and whether it is confirmed, the language Piste speaks to it,
 * and changing the address.
 */
export function AccountPanel() {
  const { t } = useTranslation('settings');
  const account = useAccountStore((s) => s.account);
  const status = useAccountStore((s) => s.status);
  const load = useAccountStore((s) => s.load);

  return (
    <>
      <SettingsSection
        id="settings-account"
        title={t('account.title')}
        description={t('account.description')}
      >
        {account ? (
          <AccountDetails account={account} />
        ) : status === 'error' ? (
          <SectionLoadError message={t('account.loadError')} onRetry={() => void load()} />
        ) : (
          <SectionSkeleton label={t('account.loading')} />
        )}
      </SettingsSection>
      <SettingsSection
        id="settings-language"
        title={t('language.title')}
        description={t('language.description')}
      >
        <LanguageSelect id="settings-language-select" followBrowser />
      </SettingsSection>
      <SettingsSection id="settings-email" title={t('email.title')} description={t('email.description')}>
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
  const { t } = useTranslation('settings');
  const resend = useEmailVerificationStore((s) => s.resend);
  const resending = useEmailVerificationStore((s) => s.resending);
  return (
    <dl className="divide-y divide-slate-100 dark:divide-slate-800">
      <DetailRow term={t('account.username')}>@{account.username}</DetailRow>
      <DetailRow term={t('account.email')}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <span className="min-w-0 font-medium break-all">{account.email}</span>
          {account.emailVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
              <CircleCheck aria-hidden className="size-3.5" />
              {t('account.verified')}
            </span>
          ) : (
            <>
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                <MailWarning aria-hidden className="size-3.5" />
                {t('account.notVerified')}
              </span>
              <Button
                variant="outline"
                className="px-3 py-1.5"
                onClick={() => void resend()}
                disabled={resending}
              >
                {resending ? t('account.resending') : t('account.resend')}
              </Button>
            </>
          )}
        </div>
        {account.pendingEmail ? (
          <p className="mt-2 flex items-start gap-1.5 text-slate-600 dark:text-slate-300">
            <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 break-words">
              <Trans
                t={t}
                i18nKey="account.pendingEmail"
                values={{ email: account.pendingEmail }}
                components={{ address: <span className="font-medium break-all" /> }}
              />
            </span>
          </p>
        ) : null}
      </DetailRow>
      <DetailRow term={t('account.memberSince')}>
        {new Date(account.createdAt).toLocaleDateString(intlLocale(), { month: 'long', year: 'numeric' })}
      </DetailRow>
    </dl>
  );
}

function ChangeEmailForm() {
  const { t } = useTranslation('settings');
  const emailFields: TextFieldSpec<keyof ChangeEmailPayload>[] = [
    {
      name: 'email',
      type: 'email',
      label: t('email.newEmail'),
      autoComplete: 'email',
      placeholder: t('email.newEmailPlaceholder'),
    },
    {
      name: 'password',
      type: 'password',
      label: t('email.currentPassword'),
      autoComplete: 'current-password',
      placeholder: t('email.currentPasswordPlaceholder'),
    },
  ];
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
      const message = failureText(error, t('toasts.emailNotChanged'));
      // The password is the field to fix: say so there.
      if (failedWithCode(error, WRONG_PASSWORD_CODE))
        form.setError('password', { message }, { shouldFocus: true });
      else setServerError(message);
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={t('email.title')}
      className="max-w-md"
      onSubmit={(event) => {
        setSent(null);
        setServerError(null);
        form.onSubmit(send)(event);
      }}
    >
      <div className="space-y-4">
        <ServerError message={serverError} />
        <TextFields idPrefix="change-email" specs={emailFields} field={form.field} />
        <Button type="submit" disabled={pending}>
          {pending ? t('email.sending') : t('email.send')}
        </Button>
      </div>
      <div role="status" className="mt-4 empty:hidden">
        {sent ? <FormSuccess>{sent}</FormSuccess> : null}
      </div>
    </form>
  );
}
