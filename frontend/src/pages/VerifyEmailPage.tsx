import { INVALID_LINK_MESSAGE, linkTokenSchema } from '@piste/contracts';
import { LoaderCircle, MailCheck, MailX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AccountCard } from '../components/account/AccountCard';
import { AUTH_LINK_CLASSES } from '../components/AuthShell';
import { buttonClassName } from '../components/Button';
import { SETTINGS_PATH } from '../lib/paths';
import { linkKey, useEmailVerificationStore, type LinkOutcome } from '../stores/email-verification';

/**
 * /verify-email?token=: the link mailed to confirm an address — at registration, or (with `change=1`) to make a
 * new address the account's. It is followed once, on arrival, signed in or not.
 */
export function VerifyEmailPage({ signedIn = false }: { signedIn?: boolean }) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const kind = searchParams.get('change') === '1' ? 'change' : 'verify';
  const wellFormed = linkTokenSchema.safeParse(token).success;
  const followed = useEmailVerificationStore((s) => s.links[linkKey(kind, token)]);

  useEffect(() => {
    if (wellFormed) void useEmailVerificationStore.getState().follow(token, kind);
  }, [token, kind, wellFormed]);

  const outcome: LinkOutcome = wellFormed
    ? (followed ?? { status: 'following', message: null })
    : { status: 'failed', message: INVALID_LINK_MESSAGE };
  const change = kind === 'change';

  if (outcome.status === 'following') {
    return (
      <AccountCard
        signedIn={signedIn}
        icon={LoaderCircle}
        spinning
        title={change ? 'Changing your email address…' : 'Confirming your email address…'}
        announce
      />
    );
  }

  const done = outcome.status === 'done';
  const continueTo = signedIn && change ? SETTINGS_PATH : '/';
  return (
    <AccountCard
      signedIn={signedIn}
      icon={done ? MailCheck : MailX}
      tone={done ? 'success' : 'error'}
      title={done ? (change ? 'Email address changed' : 'Email address confirmed') : 'This link did not work'}
      description={outcome.message}
      announce
    >
      <div className="flex flex-col items-center gap-4">
        {!done ? (
          <p className="text-center text-sm text-slate-600 dark:text-slate-300">
            {signedIn ? (
              <>
                You can ask for a new link in{' '}
                <Link to={SETTINGS_PATH} className={AUTH_LINK_CLASSES}>
                  Settings
                </Link>
                .
              </>
            ) : (
              'Sign in to ask for a new link.'
            )}
          </p>
        ) : null}
        <Link to={continueTo} className={buttonClassName('primary', 'w-full py-2.5')}>
          {signedIn ? 'Continue' : 'Continue to sign in'}
        </Link>
      </div>
    </AccountCard>
  );
}
