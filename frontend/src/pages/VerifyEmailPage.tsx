import { linkTokenSchema } from '@piste/contracts';
import { LoaderCircle, MailCheck, MailX } from 'lucide-react';
import { useEffect } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../i18n/use-translation';
import { Link, useSearchParams } from '../lib/router';
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
  const { t } = useTranslation('auth');

  useEffect(() => {
    if (wellFormed) void useEmailVerificationStore.getState().follow(token, kind);
  }, [token, kind, wellFormed]);

  const outcome: LinkOutcome = wellFormed
    ? (followed ?? { status: 'following', message: null })
    : { status: 'failed', message: t('links.invalid') };
  const change = kind === 'change';

  if (outcome.status === 'following') {
    return (
      <AccountCard
        signedIn={signedIn}
        icon={LoaderCircle}
        spinning
        title={change ? t('verify.changing') : t('verify.confirming')}
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
      title={done ? (change ? t('verify.changed') : t('verify.confirmed')) : t('verify.failed')}
      description={outcome.message}
      announce
    >
      <div className="flex flex-col items-center gap-4">
        {!done ? (
          <p className="text-center text-sm text-slate-600 dark:text-slate-300">
            {signedIn ? (
              <Trans
                t={t}
                i18nKey="verify.askInSettings"
                components={{ link: <Link to={SETTINGS_PATH} className={AUTH_LINK_CLASSES} /> }}
              />
            ) : (
              t('verify.signInToAsk')
            )}
          </p>
        ) : null}
        <Link to={continueTo} className={buttonClassName('primary', 'w-full py-2.5')}>
          {signedIn ? t('verify.continue') : t('verify.continueToSignIn')}
        </Link>
      </div>
    </AccountCard>
  );
}
