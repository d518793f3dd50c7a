import {
  changePasswordFormSchema,
  WRONG_PASSWORD_CODE,
  type AccountSession,
  type ChangePasswordForm,
} from '@piste/contracts';
import { Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import i18next from 'i18next';
import { failedWithCode, failureText, useContractForm } from '../../lib/forms';
import { inSentence, timeAgo, useNow } from '../../lib/relative-time';
import { useAccountSessionsStore } from '../../stores/account-sessions';
import { useAccountStore } from '../../stores/account';
import { Button } from '../Button';
import { ConfirmDialog } from '../ConfirmDialog';
import { TextFields, type TextFieldSpec } from '../FormField';
import { ServerError } from '../FormMessage';
import { PasskeysSection } from './PasskeysSection';
import { SectionLoadError, SectionSkeleton, SettingsSection } from './SettingsSection';
import { TwoFactorSection } from './TwoFactorSection';

/**
 * The Security tab: changing the password, the browsers signed in to the account, two-factor sign-in and
 * passkeys.
 */
export function SecurityPanel() {
  const { t } = useTranslation('settings');
  return (
    <>
      <SettingsSection
        id="settings-password"
        title={t('password.title')}
        description={t('password.description')}
      >
        <ChangePasswordForm />
      </SettingsSection>
      <SettingsSection
        id="settings-sessions"
        title={t('sessions.title')}
        description={t('sessions.description')}
      >
        <SessionList />
      </SettingsSection>
      <TwoFactorSection />
      <PasskeysSection />
    </>
  );
}

const EMPTY_PASSWORDS: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm() {
  const { t } = useTranslation('settings');
  const passwordFields: TextFieldSpec<keyof ChangePasswordForm>[] = [
    {
      name: 'currentPassword',
      type: 'password',
      label: t('password.current'),
      autoComplete: 'current-password',
    },
    {
      name: 'newPassword',
      type: 'password',
      label: t('password.new'),
      autoComplete: 'new-password',
      placeholder: t('password.newPlaceholder'),
    },
    {
      name: 'confirmPassword',
      type: 'password',
      label: t('password.confirm'),
      autoComplete: 'new-password',
      placeholder: t('password.confirmPlaceholder'),
    },
  ];
  const changePassword = useAccountStore((s) => s.changePassword);
  const form = useContractForm(changePasswordFormSchema, { defaultValues: EMPTY_PASSWORDS });
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  async function send({ currentPassword, newPassword }: ChangePasswordForm) {
    setPending(true);
    try {
      await changePassword({ currentPassword, newPassword });
      form.reset(EMPTY_PASSWORDS);
    } catch (error) {
      const message = failureText(error, t('toasts.passwordNotChanged'));
      if (failedWithCode(error, WRONG_PASSWORD_CODE)) {
        form.setError('currentPassword', { message }, { shouldFocus: true });
      } else {
        setServerError(message);
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={t('password.title')}
      className="max-w-md space-y-4"
      onSubmit={(event) => {
        setServerError(null);
        form.onSubmit(send)(event);
      }}
    >
      <ServerError message={serverError} />
      <TextFields idPrefix="change-password" specs={passwordFields} field={form.field} />
      <Button type="submit" disabled={pending}>
        {pending ? t('password.changing') : t('password.change')}
      </Button>
    </form>
  );
}

/** 'Chrome on Linux', as far as the browser told. */
export function browserName(session: AccountSession): string {
  const browser = session.browser ?? i18next.t('settings:sessions.unknownBrowser');
  return session.os ? i18next.t('settings:sessions.browserOn', { browser, os: session.os }) : browser;
}

const PHONE_SYSTEMS = /android|ios|iphone|ipad/i;

/** The sign-out the confirmation asks about: one browser, or every other one. */
type PendingSignOut = { kind: 'one'; session: AccountSession } | { kind: 'others' };

function SessionList() {
  const { t } = useTranslation('settings');
  const sessions = useAccountSessionsStore((s) => s.sessions);
  const status = useAccountSessionsStore((s) => s.status);
  const ending = useAccountSessionsStore((s) => s.ending);
  const [confirm, setConfirm] = useState<PendingSignOut | null>(null);
  const now = useNow();

  if (status === 'error' && sessions.length === 0) {
    return (
      <SectionLoadError
        message={t('sessions.loadError')}
        onRetry={() => void useAccountSessionsStore.getState().load()}
      />
    );
  }
  if (status !== 'ready') return <SectionSkeleton label={t('sessions.loading')} />;

  const others = sessions.filter((session) => !session.current);

  async function signOut() {
    if (!confirm) return;
    const store = useAccountSessionsStore.getState();
    if (confirm.kind === 'one') await store.end(confirm.session.id);
    else await store.endOthers();
    setConfirm(null);
  }

  return (
    <>
      <ul aria-label={t('sessions.listLabel')} className="divide-y divide-slate-100 dark:divide-slate-800">
        {sessions.map((session) => {
          const Icon = PHONE_SYSTEMS.test(session.os ?? '') ? Smartphone : Monitor;
          const name = browserName(session);
          return (
            <li
              key={session.id}
              data-testid="account-session"
              className="flex flex-wrap items-start gap-3 py-4 first:pt-0 last:pb-0"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                <Icon aria-hidden className="size-5" />
              </span>
              {/* At least 13rem: on a phone the Sign out button goes under the text rather than squeeze it. */}
              <div className="min-w-0 flex-1 basis-52">
                <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
                  {name}
                  {session.current ? (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
                      {t('sessions.thisBrowser')}
                    </span>
                  ) : null}
                </p>
                <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
                  {session.ip ?? t('sessions.unknownAddress')}
                </p>
                <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
                  {session.createdAt ? (
                    <span className="whitespace-nowrap">
                      {t('sessions.signedIn', {
                        when: inSentence(timeAgo(session.createdAt, 'minutes', now)),
                      })}
                    </span>
                  ) : null}
                  {session.createdAt && session.lastActiveAt ? ' · ' : null}
                  {session.lastActiveAt ? (
                    <span className="whitespace-nowrap">
                      {t('sessions.lastActive', {
                        when: inSentence(timeAgo(session.lastActiveAt, 'minutes', now)),
                      })}
                    </span>
                  ) : null}
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="outline"
                  className="ml-13 px-3 py-1.5 sm:ml-0"
                  aria-label={t('sessions.signOutNamed', { name })}
                  disabled={ending !== null}
                  onClick={() => setConfirm({ kind: 'one', session })}
                >
                  {t('sessions.signOut')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-5 border-t border-slate-100 pt-5 dark:border-slate-800">
        {others.length > 0 ? (
          <Button variant="outline" disabled={ending !== null} onClick={() => setConfirm({ kind: 'others' })}>
            {t('sessions.signOutOthers')}
          </Button>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('sessions.onlyThisOne')}</p>
        )}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.kind === 'one'
            ? t('sessions.confirmOne.title', { name: browserName(confirm.session) })
            : t('sessions.confirmOthers.title')
        }
        description={
          confirm?.kind === 'one'
            ? t('sessions.confirmOne.description')
            : t('sessions.confirmOthers.description')
        }
        confirmLabel={confirm?.kind === 'one' ? t('sessions.signOut') : t('sessions.confirmOthers.confirm')}
        destructive
        pending={ending !== null}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void signOut()}
      />
    </>
  );
}
