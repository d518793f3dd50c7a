import { PASSKEY_NAME_MAX, renamePasskeySchema, type Passkey } from '@piste/contracts';
import { KeyRound } from 'lucide-react';
import i18next from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { deviceName } from '../../lib/device-name';
import { errorText, failureText } from '../../lib/forms';
import { inSentence, timeAgo, useNow } from '../../lib/relative-time';
import { useWebAuthnSupport } from '../../lib/webauthn';
import { usePasskeysStore } from '../../stores/passkeys';
import { Button } from '../Button';
import { ConfirmDialog } from '../ConfirmDialog';
import { TextField } from '../FormField';
import { ServerError } from '../FormMessage';
import { SectionLoadError, SectionSkeleton, SettingsSection } from './SettingsSection';

/** The Security tab's passkeys: signing in with the device's own unlocking instead of a password. */
export function PasskeysSection() {
  const { t } = useTranslation(['settings', 'common']);
  return (
    <SettingsSection
      id="settings-passkeys"
      title={t('passkeys.title')}
      description={t('passkeys.description')}
    >
      <PasskeysContent />
    </SettingsSection>
  );
}

/** The name as typed, or the field's error text. */
function nameOrError(text: string): { name: string } | { error: string } {
  const parsed = renamePasskeySchema.safeParse({ name: text });
  if (parsed.success) return parsed.data;
  return { error: errorText(parsed.error.issues[0]) ?? i18next.t('settings:passkeys.nameMissing') };
}

const NAME_INPUT = { autoComplete: 'off', maxLength: PASSKEY_NAME_MAX, autoFocus: true } as const;

function PasskeysContent() {
  const { t } = useTranslation(['settings', 'common']);
  const passkeys = usePasskeysStore((s) => s.passkeys);
  const status = usePasskeysStore((s) => s.status);
  const pending = usePasskeysStore((s) => s.pending);
  const supported = useWebAuthnSupport();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const now = useNow();

  if (status === 'error' && passkeys.length === 0) {
    return (
      <SectionLoadError
        message={t('passkeys.loadError')}
        onRetry={() => void usePasskeysStore.getState().load()}
      />
    );
  }
  if (status !== 'ready') return <SectionSkeleton label={t('passkeys.loading')} />;

  async function remove() {
    if (!removing) return;
    await usePasskeysStore.getState().remove(removing.id);
    setRemoving(null);
  }

  return (
    <>
      {passkeys.length > 0 ? (
        <ul aria-label={t('passkeys.listLabel')} className="divide-y divide-slate-100 dark:divide-slate-800">
          {passkeys.map((passkey) => (
            <li
              key={passkey.id}
              data-testid="passkey"
              className="flex flex-wrap items-start gap-3 py-4 first:pt-0 last:pb-0"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                <KeyRound aria-hidden className="size-5" />
              </span>
              {renaming === passkey.id ? (
                <RenameForm passkey={passkey} onDone={() => setRenaming(null)} />
              ) : (
                <>
                  <PasskeyDetails passkey={passkey} now={now} />
                  <div className="ml-13 flex gap-2 sm:ml-0">
                    <Button
                      variant="outline"
                      className="px-3 py-1.5"
                      aria-label={t('passkeys.renameNamed', { name: passkey.name })}
                      disabled={pending}
                      onClick={() => setRenaming(passkey.id)}
                    >
                      {t('passkeys.rename')}
                    </Button>
                    <Button
                      variant="outline"
                      className="px-3 py-1.5"
                      aria-label={t('passkeys.removeNamed', { name: passkey.name })}
                      disabled={pending}
                      onClick={() => setRemoving(passkey)}
                    >
                      {t('passkeys.remove')}
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('passkeys.none')}</p>
      )}
      <div className="mt-5 border-t border-slate-100 pt-5 dark:border-slate-800">
        {supported === false ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('passkeys.unsupported')}</p>
        ) : supported ? (
          <AddPasskey />
        ) : null}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={t('passkeys.confirmRemove.title', { name: removing?.name ?? '' })}
        description={t('passkeys.confirmRemove.description')}
        confirmLabel={t('passkeys.remove')}
        destructive
        pending={pending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      />
    </>
  );
}

/** A passkey's name, whether it is synced, when it was added and last used. */
function PasskeyDetails({ passkey, now }: { passkey: Passkey; now: number }) {
  const { t } = useTranslation(['settings', 'common']);
  return (
    // At least 13rem: on a phone the buttons go under the text rather than squeeze it.
    <div className="min-w-0 flex-1 basis-52">
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
        <span className="max-w-full min-w-0 break-words">{passkey.name}</span>
        {passkey.backedUp ? (
          <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-800 dark:bg-sky-950 dark:text-sky-200">
            {t('passkeys.synced')}
          </span>
        ) : null}
      </p>
      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
        <span className="whitespace-nowrap">
          {t('passkeys.added', { when: inSentence(timeAgo(passkey.createdAt, 'minutes', now)) })}
        </span>
        {' · '}
        <span className="whitespace-nowrap">
          {passkey.lastUsedAt
            ? t('passkeys.lastUsed', { when: inSentence(timeAgo(passkey.lastUsedAt, 'minutes', now)) })
            : t('passkeys.notUsed')}
        </span>
      </p>
    </div>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const pending = usePasskeysStore((s) => s.pending);
  const [name, setName] = useState(passkey.name);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [serverError, setServerError] = useState<string | null>(null);
  const id = `passkey-name-${passkey.id}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const parsed = nameOrError(name);
    if ('error' in parsed) {
      setNameError(parsed.error);
      return;
    }
    setNameError(undefined);
    try {
      await usePasskeysStore.getState().rename(passkey.id, parsed.name);
      onDone();
    } catch (error) {
      setServerError(failureText(error, t('toasts.passkeyNotRenamed')));
    }
  }

  return (
    <form
      noValidate
      aria-label={t('passkeys.renameNamed', { name: passkey.name })}
      className="min-w-0 flex-1 basis-52 space-y-3"
      onSubmit={(e) => void save(e)}
    >
      <ServerError message={serverError} />
      <TextField
        id={id}
        label={t('passkeys.name')}
        {...NAME_INPUT}
        value={name}
        error={nameError}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="px-3 py-1.5" disabled={pending}>
          {pending ? t('passkeys.saving') : t('passkeys.save')}
        </Button>
        <Button variant="outline" className="px-3 py-1.5" disabled={pending} onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** 'Add a passkey', then its name (this browser's, to start with) and the browser's own prompt. */
function AddPasskey() {
  const { t } = useTranslation(['settings', 'common']);
  const pending = usePasskeysStore((s) => s.pending);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [serverError, setServerError] = useState<string | null>(null);

  function start() {
    setName(deviceName());
    setNameError(undefined);
    setServerError(null);
    setOpen(true);
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const parsed = nameOrError(name);
    if ('error' in parsed) {
      setNameError(parsed.error);
      return;
    }
    setNameError(undefined);
    try {
      // Cancelling the browser's prompt leaves the form as it was, to try again or cancel.
      if (await usePasskeysStore.getState().add(parsed.name)) setOpen(false);
    } catch (error) {
      setServerError(failureText(error, t('toasts.passkeyNotAdded')));
    }
  }

  if (!open) {
    return (
      <Button disabled={pending} onClick={start}>
        <KeyRound aria-hidden className="size-4" />
        {t('passkeys.add.title')}
      </Button>
    );
  }
  return (
    <form
      noValidate
      aria-label={t('passkeys.add.title')}
      className="max-w-md space-y-4"
      onSubmit={(e) => void create(e)}
    >
      <ServerError message={serverError} />
      <TextField
        id="new-passkey-name"
        label={t('passkeys.add.name')}
        aria-describedby={`${nameError ? 'new-passkey-name-error ' : ''}new-passkey-name-hint`}
        {...NAME_INPUT}
        value={name}
        error={nameError}
        onChange={(event) => setName(event.target.value)}
      />
      <p id="new-passkey-name-hint" className="text-sm text-slate-600 dark:text-slate-300">
        {t('passkeys.add.hint')}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? t('passkeys.add.waiting') : t('passkeys.add.create')}
        </Button>
        <Button variant="outline" disabled={pending} onClick={() => setOpen(false)}>
          {t('common:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
