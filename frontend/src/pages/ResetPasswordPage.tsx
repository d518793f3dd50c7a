import { linkTokenSchema, resetPasswordFormSchema, type ResetPasswordForm } from '@piste/contracts';
import { KeyRound, Link2Off } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useNavigate, useSearchParams } from '../lib/router';
import { AccountCard } from '../components/account/AccountCard';
import { AUTH_LINK_CLASSES } from '../components/AuthShell';
import { Button, buttonClassName } from '../components/Button';
import { TextFields, type TextFieldSpec } from '../components/FormField';
import { ServerError } from '../components/FormMessage';
import { failureText, useContractForm } from '../lib/forms';
import { isInvalidLink, usePasswordResetStore } from '../stores/password-reset';

const fields = (t: TFunction<'auth'>): TextFieldSpec<keyof ResetPasswordForm>[] => [
  {
    name: 'password',
    type: 'password',
    label: t('reset.password'),
    autoComplete: 'new-password',
    placeholder: t('register.passwordPlaceholder'),
  },
  {
    name: 'confirmPassword',
    type: 'password',
    label: t('reset.confirmPassword'),
    autoComplete: 'new-password',
    placeholder: t('reset.confirmPasswordPlaceholder'),
  },
];

/** /reset-password?token=: the link mailed by 'Forgot password?' — choose a new password, then sign in with it. */
export function ResetPasswordPage({ signedIn = false }: { signedIn?: boolean }) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const reset = usePasswordResetStore((s) => s.reset);
  const resetting = usePasswordResetStore((s) => s.resetting);
  const form = useContractForm(resetPasswordFormSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });
  /** The token the server refused (used, expired or unknown). */
  const [refusedToken, setRefusedToken] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { t } = useTranslation('auth');
  // A token that cannot be one is refused before asking the server.
  const linkRefused = refusedToken === token || !linkTokenSchema.safeParse(token).success;

  async function send({ password }: ResetPasswordForm) {
    try {
      await reset({ token, password });
    } catch (error) {
      const message = failureText(error, t('toasts.passwordNotReset'));
      if (isInvalidLink(error)) setRefusedToken(token);
      else setServerError(message);
      return;
    }
    navigate('/', { replace: true });
  }

  if (linkRefused) {
    return (
      <AccountCard
        signedIn={signedIn}
        icon={Link2Off}
        tone="error"
        title={t('reset.refusedTitle')}
        description={t('reset.refusedText')}
        announce
      >
        <div className="flex flex-col items-center gap-4">
          <Link to="/forgot-password" className={buttonClassName('primary', 'w-full py-2.5')}>
            {t('reset.askAgain')}
          </Link>
          <Link to="/" className={AUTH_LINK_CLASSES}>
            {signedIn ? t('links.backToPiste') : t('links.backToSignIn')}
          </Link>
        </div>
      </AccountCard>
    );
  }

  return (
    <AccountCard
      signedIn={signedIn}
      icon={KeyRound}
      title={t('reset.title')}
      description={t('reset.description')}
    >
      <form
        noValidate
        aria-label={t('reset.formLabel')}
        className="space-y-4"
        onSubmit={(event) => {
          setServerError(null);
          form.onSubmit(send)(event);
        }}
      >
        <ServerError message={serverError} />
        <TextFields idPrefix="reset" specs={fields(t)} field={form.field} />
        <Button type="submit" disabled={resetting} className="w-full py-2.5">
          {resetting ? t('reset.saving') : t('reset.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center">
        <Link to="/" className={AUTH_LINK_CLASSES}>
          {signedIn ? t('links.backToPiste') : t('links.backToSignIn')}
        </Link>
      </p>
    </AccountCard>
  );
}
