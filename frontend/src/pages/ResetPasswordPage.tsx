import {
  INVALID_LINK_MESSAGE,
  linkTokenSchema,
  resetPasswordFormSchema,
  type ResetPasswordForm,
} from '@piste/contracts';
import { KeyRound, Link2Off } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AccountCard } from '../components/account/AccountCard';
import { AUTH_LINK_CLASSES } from '../components/AuthShell';
import { Button, buttonClassName } from '../components/Button';
import { TextFields, type TextFieldSpec } from '../components/FormField';
import { ServerError } from '../components/FormMessage';
import { failureText, useContractForm } from '../lib/forms';
import { usePasswordResetStore } from '../stores/password-reset';

const FIELDS: TextFieldSpec<keyof ResetPasswordForm>[] = [
  {
    name: 'password',
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
  // A token that cannot be one is refused before asking the server.
  const linkRefused = refusedToken === token || !linkTokenSchema.safeParse(token).success;

  async function send({ password }: ResetPasswordForm) {
    try {
      await reset({ token, password });
    } catch (error) {
      const message = failureText(error, 'Password not reset');
      if (message === INVALID_LINK_MESSAGE) setRefusedToken(token);
      else setServerError(message);
      return;
    }
    await navigate('/', { replace: true });
  }

  if (linkRefused) {
    return (
      <AccountCard
        signedIn={signedIn}
        icon={Link2Off}
        tone="error"
        title="This link cannot be used"
        description={`${INVALID_LINK_MESSAGE} Reset links work once, for one hour.`}
        announce
      >
        <div className="flex flex-col items-center gap-4">
          <Link to="/forgot-password" className={buttonClassName('primary', 'w-full py-2.5')}>
            Ask for a new link
          </Link>
          <Link to="/" className={AUTH_LINK_CLASSES}>
            {signedIn ? 'Back to Piste' : 'Back to sign in'}
          </Link>
        </div>
      </AccountCard>
    );
  }

  return (
    <AccountCard
      signedIn={signedIn}
      icon={KeyRound}
      title="Choose a new password"
      description="Every browser signed in to your account will be signed out; then sign in with the new password."
    >
      <form
        noValidate
        aria-label="Reset password"
        className="space-y-4"
        onSubmit={(event) => {
          setServerError(null);
          form.onSubmit(send)(event);
        }}
      >
        <ServerError message={serverError} />
        <TextFields idPrefix="reset" specs={FIELDS} field={form.field} />
        <Button type="submit" disabled={resetting} className="w-full py-2.5">
          {resetting ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
      <p className="mt-6 text-center">
        <Link to="/" className={AUTH_LINK_CLASSES}>
          {signedIn ? 'Back to Piste' : 'Back to sign in'}
        </Link>
      </p>
    </AccountCard>
  );
}
