import { forgotPasswordSchema, type ForgotPasswordPayload } from '@piste/contracts';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
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

  async function send(values: ForgotPasswordPayload) {
    try {
      setReply(await requestLink(values));
    } catch (error) {
      setServerError(failureText(error, 'Link not sent'));
    }
  }

  return (
    <AccountCard
      signedIn={signedIn}
      icon={reply ? MailCheck : KeyRound}
      tone={reply ? 'success' : 'neutral'}
      title={reply ? 'Check your email' : 'Forgot your password?'}
      description={
        reply
          ? undefined
          : 'Enter your username or email address, and we will send you a link to choose a new password.'
      }
    >
      <div role="status">
        {reply ? (
          <FormSuccess>
            <p>{reply}</p>
            <p className="mt-1">The link works for one hour. If nothing arrives, check your spam folder.</p>
          </FormSuccess>
        ) : null}
      </div>
      {reply ? null : (
        <form
          noValidate
          aria-label="Forgot password"
          className="space-y-4"
          onSubmit={(event) => {
            setServerError(null);
            form.onSubmit(send)(event);
          }}
        >
          <ServerError message={serverError} />
          <TextField
            id="forgot-login"
            label="Username or email"
            autoComplete="username"
            placeholder="Your username or email address"
            {...form.field('login')}
          />
          <Button type="submit" disabled={requesting} className="w-full py-2.5">
            {requesting ? 'Sending...' : 'Send link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center">
        <Link to="/" className={AUTH_LINK_CLASSES}>
          {signedIn ? 'Back to Piste' : 'Back to sign in'}
        </Link>
      </p>
    </AccountCard>
  );
}
