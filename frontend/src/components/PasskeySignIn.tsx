import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useNavigate } from '../lib/router';
import { failureText } from '../lib/forms';
import { useWebAuthnSupport } from '../lib/webauthn';
import { useSessionStore } from '../stores/session';
import { Button } from './Button';
import { ServerError } from './FormMessage';

/**
 * 'Sign in with a passkey', under the password form where the browser has passkeys: the browser offers the ones
 * it holds for Piste, so nothing is typed, and no second step follows (the passkey is both factors).
 */
export function PasskeySignIn() {
  const supported = useWebAuthnSupport();
  const loginWithPasskey = useSessionStore((s) => s.loginWithPasskey);
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { t } = useTranslation('auth');

  if (!supported) return null;

  async function signIn() {
    setServerError(null);
    setPending(true);
    try {
      // Null: the browser's prompt was cancelled, and nothing is said.
      if (await loginWithPasskey()) {
        navigate('/', { replace: true });
        return;
      }
    } catch (error) {
      setServerError(failureText(error, t('login.failed')));
    }
    setPending(false);
  }

  return (
    <div className="mt-6 space-y-4">
      <div className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
        <span aria-hidden className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
        {t('passkey.or')}
        <span aria-hidden className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      </div>
      <ServerError message={serverError} />
      <Button variant="outline" className="w-full py-2.5" disabled={pending} onClick={() => void signIn()}>
        <KeyRound aria-hidden className="size-4" />
        {pending ? t('passkey.pending') : t('passkey.signIn')}
      </Button>
    </div>
  );
}
