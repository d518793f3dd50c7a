import { disableTotpSchema, enableTotpSchema, regenerateRecoveryCodesSchema } from '@piste/contracts';
import QRCode from 'qrcode';
import i18next from 'i18next';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { downloadText } from '../../lib/download';
import { errorText, failureText } from '../../lib/forms';
import { useTwoFactorStore } from '../../stores/two-factor';
import { Button } from '../Button';
import { TextField } from '../FormField';
import { ServerError } from '../FormMessage';
import { SectionLoadError, SectionSkeleton, SettingsSection } from './SettingsSection';

/** The Security tab's two-factor sign-in: an authenticator app's code after the password, and recovery codes. */
export function TwoFactorSection() {
  const { t } = useTranslation(['settings', 'common']);
  return (
    <SettingsSection
      id="settings-two-factor"
      title={t('twoFactor.title')}
      description={t('twoFactor.description')}
    >
      <TwoFactorContent />
    </SettingsSection>
  );
}

function TwoFactorContent() {
  const { t } = useTranslation(['settings', 'common']);
  const twoFactor = useTwoFactorStore((s) => s.twoFactor);
  const status = useTwoFactorStore((s) => s.status);
  const setup = useTwoFactorStore((s) => s.setup);
  const recoveryCodes = useTwoFactorStore((s) => s.recoveryCodes);
  const pending = useTwoFactorStore((s) => s.pending);

  if (status === 'error' && !twoFactor) {
    return (
      <SectionLoadError
        message={t('twoFactor.loadError')}
        onRetry={() => void useTwoFactorStore.getState().load()}
      />
    );
  }
  if (!twoFactor) return <SectionSkeleton label={t('twoFactor.loading')} />;
  if (recoveryCodes) return <RecoveryCodesList codes={recoveryCodes} />;
  if (twoFactor.totp) return <TwoFactorOn recoveryCodesLeft={twoFactor.recoveryCodesLeft} />;
  if (setup) return <TotpSetupForm secret={setup.secret} otpauthUrl={setup.otpauthUrl} />;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('twoFactor.off')}</p>
      <Button
        disabled={pending}
        onClick={() =>
          void useTwoFactorStore
            .getState()
            .startSetup()
            .catch(() => undefined)
        }
      >
        {t('twoFactor.setUp')}
      </Button>
    </div>
  );
}

/** The QR code an authenticator app scans, drawn here so the secret never leaves the page. */
function TotpQrCode({ otpauthUrl }: { otpauthUrl: string }) {
  const { t } = useTranslation(['settings', 'common']);
  const [source, setSource] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => {
        if (current) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (current) setSource(null);
      });
    return () => {
      current = false;
    };
  }, [otpauthUrl]);

  if (!source) return <div aria-hidden className="size-44 rounded-lg bg-slate-100 dark:bg-slate-800" />;
  return (
    <img
      src={source}
      alt={t('twoFactor.setup.qrAlt')}
      width={176}
      height={176}
      className="size-44 rounded-lg border border-slate-200 bg-white p-1 dark:border-slate-700"
    />
  );
}

/** The first code an app gives, or the field's error text. */
function codeOrError(text: string): { code: string } | { error: string } {
  const parsed = enableTotpSchema.safeParse({ code: text });
  if (parsed.success) return parsed.data;
  return { error: errorText(parsed.error.issues[0]) ?? i18next.t('settings:twoFactor.setup.codeMissing') };
}

const CODE_INPUT = {
  autoComplete: 'one-time-code',
  inputMode: 'numeric',
  pattern: '[0-9]*',
  maxLength: 6,
  placeholder: '123456',
} as const;

function TotpSetupForm({ secret, otpauthUrl }: { secret: string; otpauthUrl: string }) {
  const { t } = useTranslation(['settings', 'common']);
  const pending = useTwoFactorStore((s) => s.pending);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [serverError, setServerError] = useState<string | null>(null);

  async function turnOn(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const parsed = codeOrError(code);
    if ('error' in parsed) {
      setCodeError(parsed.error);
      return;
    }
    setCodeError(undefined);
    try {
      await useTwoFactorStore.getState().enable(parsed.code);
    } catch (error) {
      setServerError(failureText(error, t('toasts.twoFactorNotOn')));
    }
  }

  return (
    <form
      noValidate
      aria-label={t('twoFactor.setup.label')}
      className="space-y-4"
      onSubmit={(e) => void turnOn(e)}
    >
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>{t('twoFactor.setup.scan')}</li>
        <li>{t('twoFactor.setup.enterCode')}</li>
      </ol>
      <TotpQrCode otpauthUrl={otpauthUrl} />
      <div className="text-sm text-slate-600 dark:text-slate-300">
        <p>{t('twoFactor.setup.cannotScan')}</p>
        <code
          data-testid="totp-secret"
          className="mt-1 block font-mono text-base break-all text-slate-900 select-all dark:text-slate-100"
        >
          {secret}
        </code>
      </div>
      <ServerError message={serverError} />
      <div className="max-w-xs">
        <TextField
          id="totp-setup-code"
          label={t('twoFactor.setup.code')}
          {...CODE_INPUT}
          value={code}
          error={codeError}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? t('twoFactor.setup.turningOn') : t('twoFactor.setup.turnOn')}
        </Button>
        <Button
          variant="outline"
          disabled={pending}
          onClick={() => useTwoFactorStore.getState().cancelSetup()}
        >
          {t('common:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes just made, shown this once. */
function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation(['settings', 'common']);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('twoFactor.recoveryCodes.save')}</p>
      <ul
        aria-label={t('twoFactor.recoveryCodes.label')}
        className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-100"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          onClick={() => downloadText('piste-recovery-codes.txt', `${codes.join('\n')}\n`)}
        >
          {t('twoFactor.recoveryCodes.download')}
        </Button>
        <Button onClick={() => useTwoFactorStore.getState().dismissRecoveryCodes()}>
          {t('twoFactor.recoveryCodes.saved')}
        </Button>
      </div>
    </div>
  );
}

type OnAction = 'none' | 'recovery-codes' | 'turn-off';

function TwoFactorOn({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const { t } = useTranslation(['settings', 'common']);
  const [action, setAction] = useState<OnAction>('none');
  const close = () => setAction('none');

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span className="font-semibold text-emerald-700 dark:text-emerald-300">{t('twoFactor.on')}</span>{' '}
        {t('twoFactor.codesLeft', { count: recoveryCodesLeft })}
      </p>
      {action === 'recovery-codes' ? <NewRecoveryCodesForm onCancel={close} /> : null}
      {action === 'turn-off' ? <TurnOffForm onCancel={close} /> : null}
      {action === 'none' ? (
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => setAction('recovery-codes')}>
            {t('twoFactor.newCodes.title')}
          </Button>
          <Button variant="destructive" onClick={() => setAction('turn-off')}>
            {t('twoFactor.turnOff.turnOff')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function NewRecoveryCodesForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const pending = useTwoFactorStore((s) => s.pending);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const [serverError, setServerError] = useState<string | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const parsed = regenerateRecoveryCodesSchema.safeParse({ password });
    if (!parsed.success) {
      setPasswordError(errorText(parsed.error.issues[0]));
      return;
    }
    setPasswordError(undefined);
    try {
      await useTwoFactorStore.getState().regenerateRecoveryCodes(parsed.data.password);
    } catch (error) {
      setServerError(failureText(error, t('toasts.noNewCodes')));
    }
  }

  return (
    <form
      noValidate
      aria-label={t('twoFactor.newCodes.title')}
      className="max-w-md space-y-4"
      onSubmit={(e) => void send(e)}
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('twoFactor.newCodes.warning')}</p>
      <ServerError message={serverError} />
      <TextField
        id="recovery-codes-password"
        type="password"
        label={t('twoFactor.password')}
        autoComplete="current-password"
        value={password}
        error={passwordError}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? t('twoFactor.newCodes.making') : t('twoFactor.newCodes.make')}
        </Button>
        <Button variant="outline" disabled={pending} onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

function TurnOffForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const pending = useTwoFactorStore((s) => s.pending);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const parsed = disableTotpSchema.safeParse({ password, code });
    if (!parsed.success) {
      const fieldErrors: { password?: string; code?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'password' || field === 'code') && !fieldErrors[field])
          fieldErrors[field] = errorText(issue);
      }
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    try {
      await useTwoFactorStore.getState().disable(parsed.data);
    } catch (error) {
      setServerError(failureText(error, t('toasts.twoFactorNotOff')));
    }
  }

  return (
    <form
      noValidate
      aria-label={t('twoFactor.turnOff.label')}
      className="max-w-md space-y-4"
      onSubmit={(e) => void send(e)}
    >
      <ServerError message={serverError} />
      <TextField
        id="turn-off-password"
        type="password"
        label={t('twoFactor.password')}
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        id="turn-off-code"
        label={t('twoFactor.turnOff.code')}
        {...CODE_INPUT}
        value={code}
        error={errors.code}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="destructive" disabled={pending}>
          {pending ? t('twoFactor.turnOff.turningOff') : t('twoFactor.turnOff.turnOff')}
        </Button>
        <Button variant="outline" disabled={pending} onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
