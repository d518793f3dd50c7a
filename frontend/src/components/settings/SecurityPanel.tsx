import {
  changePasswordFormSchema,
  WRONG_CURRENT_PASSWORD,
  type AccountSession,
  type ChangePasswordForm,
} from '@piste/contracts';
import { Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { failureText, useContractForm } from '../../lib/forms';
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
  return (
    <>
      <SettingsSection
        id="settings-password"
        title="Change password"
        description="Every other browser signed in to your account is signed out when you change it."
      >
        <ChangePasswordForm />
      </SettingsSection>
      <SettingsSection
        id="settings-sessions"
        title="Where you are signed in"
        description="Sign out any browser you do not recognise, then change your password."
      >
        <SessionList />
      </SettingsSection>
      <TwoFactorSection />
      <PasskeysSection />
    </>
  );
}

const PASSWORD_FIELDS: TextFieldSpec<keyof ChangePasswordForm>[] = [
  {
    name: 'currentPassword',
    type: 'password',
    label: 'Current password',
    autoComplete: 'current-password',
  },
  {
    name: 'newPassword',
    type: 'password',
    label: 'New password',
    autoComplete: 'new-password',
    placeholder: 'At least 6 characters',
  },
  {
    name: 'confirmPassword',
    type: 'password',
    label: 'Confirm new password',
    autoComplete: 'new-password',
    placeholder: 'Repeat your new password',
  },
];

const EMPTY_PASSWORDS: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm() {
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
      const message = failureText(error, 'Password not changed');
      if (message === WRONG_CURRENT_PASSWORD) {
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
      aria-label="Change password"
      className="max-w-md space-y-4"
      onSubmit={(event) => {
        setServerError(null);
        form.onSubmit(send)(event);
      }}
    >
      <ServerError message={serverError} />
      <TextFields idPrefix="change-password" specs={PASSWORD_FIELDS} field={form.field} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}

/** 'Chrome on Linux', as far as the browser told. */
export function browserName(session: AccountSession): string {
  const browser = session.browser ?? 'Unknown browser';
  return session.os ? `${browser} on ${session.os}` : browser;
}

const PHONE_SYSTEMS = /android|ios|iphone|ipad/i;

/** The sign-out the confirmation asks about: one browser, or every other one. */
type PendingSignOut = { kind: 'one'; session: AccountSession } | { kind: 'others' };

function SessionList() {
  const sessions = useAccountSessionsStore((s) => s.sessions);
  const status = useAccountSessionsStore((s) => s.status);
  const ending = useAccountSessionsStore((s) => s.ending);
  const [confirm, setConfirm] = useState<PendingSignOut | null>(null);
  const now = useNow();

  if (status === 'error' && sessions.length === 0) {
    return (
      <SectionLoadError
        message="The list of browsers could not be loaded."
        onRetry={() => void useAccountSessionsStore.getState().load()}
      />
    );
  }
  if (status !== 'ready') return <SectionSkeleton label="Loading where you are signed in" />;

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
      <ul aria-label="Signed-in browsers" className="divide-y divide-slate-100 dark:divide-slate-800">
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
                      This browser
                    </span>
                  ) : null}
                </p>
                <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
                  {session.ip ?? 'Unknown address'}
                </p>
                <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
                  {session.createdAt ? (
                    <span className="whitespace-nowrap">
                      Signed in {inSentence(timeAgo(session.createdAt, 'minutes', now))}
                    </span>
                  ) : null}
                  {session.createdAt && session.lastActiveAt ? ' · ' : null}
                  {session.lastActiveAt ? (
                    <span className="whitespace-nowrap">
                      Last active {inSentence(timeAgo(session.lastActiveAt, 'minutes', now))}
                    </span>
                  ) : null}
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="outline"
                  className="ml-13 px-3 py-1.5 sm:ml-0"
                  aria-label={`Sign out ${name}`}
                  disabled={ending !== null}
                  onClick={() => setConfirm({ kind: 'one', session })}
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-5 border-t border-slate-100 pt-5 dark:border-slate-800">
        {others.length > 0 ? (
          <Button variant="outline" disabled={ending !== null} onClick={() => setConfirm({ kind: 'others' })}>
            Sign out all other browsers
          </Button>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            This is the only browser signed in to your account.
          </p>
        )}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.kind === 'one'
            ? `Sign out ${browserName(confirm.session)}?`
            : 'Sign out all other browsers?'
        }
        description={
          confirm?.kind === 'one'
            ? 'That browser will need your password to sign in again.'
            : 'Every browser but this one will need your password to sign in again.'
        }
        confirmLabel={confirm?.kind === 'one' ? 'Sign out' : 'Sign out all'}
        destructive
        pending={ending !== null}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void signOut()}
      />
    </>
  );
}
