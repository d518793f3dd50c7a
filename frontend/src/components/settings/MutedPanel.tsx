import { mutedWordSchema, type Fencer, type MutedWord } from '@piste/contracts';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { z } from 'zod';
import { intlLocale } from '../../i18n/languages';
import { failureText, useContractForm } from '../../lib/forms';
import { fencerPath } from '../../lib/paths';
import { useMutedSettingsStore } from '../../stores/muted-settings';
import { Avatar } from '../Avatar';
import { Button } from '../Button';
import { SelectField, TextField } from '../FormField';
import { ServerError } from '../FormMessage';
import { SectionLoadError, SectionSkeleton, SettingsSection } from './SettingsSection';

/** The Muted tab: the fencers and the words whose posts stay out of the user's views. */
export function MutedPanel() {
  const { t } = useTranslation('settings');
  return (
    <>
      <SettingsSection
        id="settings-muted-fencers"
        title={t('muted.fencers.title')}
        description={t('muted.fencers.description')}
      >
        <MutedFencers />
      </SettingsSection>
      <SettingsSection
        id="settings-muted-words"
        title={t('muted.words.title')}
        description={t('muted.words.description')}
      >
        <MutedWords />
      </SettingsSection>
    </>
  );
}

/** The lists load together: while they do, or if they failed, each section says so. */
function useMutedLists() {
  const status = useMutedSettingsStore((s) => s.status);
  const retry = () => {
    const { userId, load } = useMutedSettingsStore.getState();
    if (userId) void load(userId);
  };
  return { status, retry };
}

function MutedFencers() {
  const { t } = useTranslation('settings');
  const { status, retry } = useMutedLists();
  const fencers = useMutedSettingsStore((s) => s.fencers);
  if (status === 'idle' || status === 'loading')
    return <SectionSkeleton label={t('muted.fencers.loading')} />;
  if (status === 'error') return <SectionLoadError message={t('muted.fencers.loadError')} onRetry={retry} />;
  if (fencers.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('muted.fencers.none')}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {fencers.map((fencer) => (
        <MutedFencerRow key={fencer.id} fencer={fencer} />
      ))}
    </ul>
  );
}

function MutedFencerRow({ fencer }: { fencer: Fencer }) {
  const { t } = useTranslation('settings');
  const unmuting = useMutedSettingsStore((s) => s.unmuting.includes(fencer.id));
  const unmute = useMutedSettingsStore((s) => s.unmute);
  const name = fencer.name?.trim() || fencer.username;
  return (
    <li data-testid="muted-fencer" className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <Link
        to={fencerPath(fencer.username)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300"
      >
        <Avatar avatar={fencer.avatar} name={fencer.name} size="md" />
        <span className="min-w-0">
          <span className="block truncate font-medium text-slate-900 dark:text-slate-100">{name}</span>
          <span className="block truncate text-sm text-slate-500 dark:text-slate-400">
            @{fencer.username}
          </span>
        </span>
      </Link>
      <Button
        variant="outline"
        aria-label={t('muted.fencers.unmuteNamed', { name })}
        disabled={unmuting}
        onClick={() => void unmute(fencer)}
      >
        {t('muted.fencers.unmute')}
      </Button>
    </li>
  );
}

/** How long a word stays muted, as the form offers it. */
const DURATIONS = [
  { value: 'forever', label: 'muted.words.durations.forever', hours: null },
  { value: '24h', label: 'muted.words.durations.day', hours: 24 },
  { value: '7d', label: 'muted.words.durations.week', hours: 7 * 24 },
  { value: '30d', label: 'muted.words.durations.month', hours: 30 * 24 },
] as const;
type Duration = (typeof DURATIONS)[number]['value'];

/** When a word muted now for `duration` comes back; null for never. */
export function expiryOf(duration: Duration, now = Date.now()): string | null {
  const hours = DURATIONS.find((choice) => choice.value === duration)?.hours ?? null;
  return hours === null ? null : new Date(now + hours * 3_600_000).toISOString();
}

const muteWordFormSchema = z.object({
  word: mutedWordSchema.shape.word,
  duration: z.enum(DURATIONS.map((choice) => choice.value) as [Duration, ...Duration[]]),
});
type MuteWordValues = z.input<typeof muteWordFormSchema>;
const EMPTY_FORM: MuteWordValues = { word: '', duration: 'forever' };

function MutedWords() {
  const { t } = useTranslation('settings');
  const { status, retry } = useMutedLists();
  const words = useMutedSettingsStore((s) => s.words);
  const [serverError, setServerError] = useState<string | null>(null);
  if (status === 'idle' || status === 'loading') return <SectionSkeleton label={t('muted.words.loading')} />;
  if (status === 'error') return <SectionLoadError message={t('muted.words.loadError')} onRetry={retry} />;
  return (
    <div className="space-y-5">
      <ServerError message={serverError} />
      {words.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('muted.words.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {words.map((muted) => (
            <MutedWordRow key={muted.word} muted={muted} onError={setServerError} />
          ))}
        </ul>
      )}
      <MuteWordForm onError={setServerError} />
    </div>
  );
}

/** 'Until you unmute' or 'Until 12 Mar 2027, 14:00'. */
function expiryText(expiresAt: string | null): string {
  if (!expiresAt) return i18next.t('settings:muted.words.untilUnmuted');
  const until = new Date(expiresAt).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return i18next.t('settings:muted.words.until', { until });
}

function MutedWordRow({ muted, onError }: { muted: MutedWord; onError: (message: string | null) => void }) {
  const { t } = useTranslation('settings');
  const saving = useMutedSettingsStore((s) => s.savingWords);
  const removeWord = useMutedSettingsStore((s) => s.removeWord);

  async function remove() {
    onError(null);
    try {
      await removeWord(muted.word);
    } catch (error) {
      onError(failureText(error, t('muted.words.notSaved')));
    }
  }

  return (
    <li data-testid="muted-word" className="flex items-center gap-3 py-3 first:pt-0">
      <span className="min-w-0 flex-1">
        <span className="block font-medium break-words text-slate-900 dark:text-slate-100">{muted.word}</span>
        <span className="block text-sm text-slate-500 dark:text-slate-400">
          {expiryText(muted.expiresAt)}
        </span>
      </span>
      <Button
        variant="outline"
        aria-label={t('muted.words.removeNamed', { word: muted.word })}
        disabled={saving}
        onClick={() => void remove()}
      >
        {t('muted.words.remove')}
      </Button>
    </li>
  );
}

function MuteWordForm({ onError }: { onError: (message: string | null) => void }) {
  const { t } = useTranslation('settings');
  const saving = useMutedSettingsStore((s) => s.savingWords);
  const addWord = useMutedSettingsStore((s) => s.addWord);
  const form = useContractForm(muteWordFormSchema, { defaultValues: EMPTY_FORM });

  async function send({ word, duration }: z.output<typeof muteWordFormSchema>) {
    try {
      await addWord(word, expiryOf(duration));
      form.reset(EMPTY_FORM);
    } catch (error) {
      onError(failureText(error, t('muted.words.notSaved')));
    }
  }

  return (
    <form
      noValidate
      aria-label={t('muted.words.form.label')}
      className="grid gap-4 border-t border-slate-100 pt-5 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start dark:border-slate-800"
      onSubmit={(event) => {
        onError(null);
        form.onSubmit(send)(event);
      }}
    >
      <TextField
        id="muted-word-word"
        label={t('muted.words.form.word')}
        placeholder={t('muted.words.form.wordPlaceholder')}
        autoComplete="off"
        {...form.field('word')}
      />
      <SelectField
        id="muted-word-duration"
        label={t('muted.words.form.duration')}
        options={DURATIONS.map(({ value, label }) => ({ value, label: t(label) }))}
        {...form.field('duration')}
      />
      {/* Level with the inputs under their labels. */}
      <Button type="submit" disabled={saving} className="sm:mt-7">
        {saving ? t('muted.words.form.muting') : t('muted.words.form.mute')}
      </Button>
    </form>
  );
}
