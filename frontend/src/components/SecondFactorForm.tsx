import { enableTotpSchema, type LoginTwoFactorPayload } from '@piste/contracts';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useNavigate } from '../lib/router';
import { errorText, failureText } from '../lib/forms';
import { mustRestartSignIn, useSessionStore } from '../stores/session';
import { Button } from './Button';
import { ServerError } from './FormMessage';
import { TextField } from './FormField';

type SecondFactorMethod = 'totp' | 'recovery';

interface SecondFactorFormProps {
  /** Back to the password step. */
  onBack: () => void;
  /** The server wants the password again (too many wrong codes); `message` says why. */
  onRestart: (message: string) => void;
}

/** The second step of a sign-in, for an account with an authenticator app: its code, or a recovery code. */
export function SecondFactorForm({ onBack, onRestart }: SecondFactorFormProps) {
  const loginSecondFactor = useSessionStore((s) => s.loginSecondFactor);
  const navigate = useNavigate();
  const [method, setMethod] = useState<SecondFactorMethod>('totp');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { t } = useTranslation(['auth', 'common']);

  /** The payload to send, or the field's error text. */
  function payloadOf(text: string): LoginTwoFactorPayload | string {
    if (method === 'recovery') {
      const recoveryCode = text.trim();
      return recoveryCode ? { recoveryCode } : t('secondFactor.recoveryRequired');
    }
    const parsed = enableTotpSchema.safeParse({ code: text });
    return parsed.success
      ? parsed.data
      : (errorText(parsed.error.issues[0]) ?? t('secondFactor.codeRequired'));
  }

  async function verify() {
    setServerError(null);
    const payload = payloadOf(value);
    if (typeof payload === 'string') {
      setFieldError(payload);
      return;
    }
    setFieldError(undefined);
    setPending(true);
    try {
      await loginSecondFactor(payload);
      navigate('/', { replace: true });
    } catch (error) {
      const message = failureText(error, t('login.failed'));
      if (mustRestartSignIn(error)) {
        onRestart(message);
        return;
      }
      setServerError(message);
      setPending(false);
    }
  }

  function switchMethod() {
    setMethod(method === 'totp' ? 'recovery' : 'totp');
    setValue('');
    setFieldError(undefined);
    setServerError(null);
  }

  return (
    <form
      noValidate
      aria-label={t('secondFactor.label')}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void verify();
      }}
    >
      <ServerError message={serverError} />
      {method === 'totp' ? (
        <TextField
          key="totp"
          id="login-code"
          label={t('secondFactor.codeLabel')}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          placeholder="123456"
          autoFocus
          value={value}
          error={fieldError}
          onChange={(event) => setValue(event.target.value)}
        />
      ) : (
        <TextField
          key="recovery"
          id="login-recovery-code"
          label={t('secondFactor.recoveryLabel')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="abcde-fghjk"
          autoFocus
          value={value}
          error={fieldError}
          onChange={(event) => setValue(event.target.value)}
        />
      )}
      <Button type="submit" disabled={pending} className="w-full py-2.5">
        {pending ? t('secondFactor.verifying') : t('secondFactor.verify')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" className="px-2" disabled={pending} onClick={onBack}>
          {t('common:actions.back')}
        </Button>
        <Button variant="ghost" className="px-2" disabled={pending} onClick={switchMethod}>
          {method === 'totp' ? t('secondFactor.useRecovery') : t('secondFactor.useApp')}
        </Button>
      </div>
    </form>
  );
}
