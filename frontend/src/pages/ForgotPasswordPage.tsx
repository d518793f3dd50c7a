import { forgotPasswordSchema, type ForgotPasswordPayload } from '@piste/contracts';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link } from '../lib/router';
import { AccountCard } from '../components/account/AccountCard';
import { AUTH_LINK_CLASSES } from '../components/AuthShell';
import { Button } from '../components/Button';
import { TextField } from '../components/FormField';
import { FormSuccess, ServerError } from '../components/FormMessage';
import { failureText, useContractForm } from '../lib/forms';
import { usePasswordResetStore } from '../stores/password-reset';

/** /forgot-password: asks for a link to choose a new password (part of the sign-in screen when signed out). */
export function ForgotPasswordPage({ signedIn = false }: { signedIn?: boolean }) {
  const requestLink = usePasswordResetStore((s) => s.requestLink);
  const requesting = usePasswordResetStore((s) => s.requesting);
  const form = useContractForm(forgotPasswordSchema, { defaultValues: { login: '' } });
  const [reply, setReply] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { t } = useTranslation('auth');

  async function send(values: ForgotPasswordPayload) {
    try {
      setReply(await requestLink(values));
    } catch (error) {
      setServerError(failureText(error, t('toasts.linkNotSent')));
    }
  }

  return (
    <AccountCard
      signedIn={signedIn}
      icon={reply ? MailCheck : KeyRound}
      tone={reply ? 'success' : 'neutral'}
      title={reply ? t('forgot.checkEmail') : t('forgot.title')}
      description={reply ? undefined : t('forgot.description')}
    >
      <div role="status">
        {reply ? (
          <FormSuccess>
            <p>{reply}</p>
            <p className="mt-1">{t('forgot.linkHint')}</p>
          </FormSuccess>
        ) : null}
      </div>
      {reply ? null : (
        <form
          noValidate
          aria-label={t('forgot.formLabel')}
          className="space-y-4"
          onSubmit={(event) => {
            setServerError(null);
            form.onSubmit(send)(event);
          }}
        >
          <ServerError message={serverError} />
          <TextField
            id="forgot-login"
            label={t('forgot.login')}
            autoComplete="username"
            placeholder={t('forgot.loginPlaceholder')}
            {...form.field('login')}
          />
          <Button type="submit" disabled={requesting} className="w-full py-2.5">
            {requesting ? t('forgot.sending') : t('forgot.send')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center">
        <Link to="/" className={AUTH_LINK_CLASSES}>
          {signedIn ? t('links.backToPiste') : t('links.backToSignIn')}
        </Link>
      </p>
    </AccountCard>
  );
}
