import { mutedWordSchema, type Fencer, type MutedWord } from '@piste/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod';
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
  return (
    <>
      <SettingsSection
        id="settings-muted-fencers"
        title="Muted fencers"
        description="Their posts stay out of your feed, search, tags, drills and notifications. They are not told, and can still message you."
      >
        <MutedFencers />
      </SettingsSection>
      <SettingsSection
        id="settings-muted-words"
        title="Muted words"
        description="Posts with these words stay out of your feed, search, tags, drills and notifications."
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
  const { status, retry } = useMutedLists();
  const fencers = useMutedSettingsStore((s) => s.fencers);
  if (status === 'idle' || status === 'loading') return <SectionSkeleton label="Loading muted fencers" />;
  if (status === 'error')
    return <SectionLoadError message="Your muted fencers could not be loaded." onRetry={retry} />;
  if (fencers.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        You have not muted anyone. Mute a fencer from the menu of one of their posts.
      </p>
    );
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
        aria-label={`Unmute ${name}`}
        disabled={unmuting}
        onClick={() => void unmute(fencer)}
      >
        Unmute
      </Button>
    </li>
  );
}

/** How long a word stays muted, as the form offers it. */
const DURATIONS = [
  { value: 'forever', label: 'Forever', hours: null },
  { value: '24h', label: '24 hours', hours: 24 },
  { value: '7d', label: '7 days', hours: 7 * 24 },
  { value: '30d', label: '30 days', hours: 30 * 24 },
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
  const { status, retry } = useMutedLists();
  const words = useMutedSettingsStore((s) => s.words);
  const [serverError, setServerError] = useState<string | null>(null);
  if (status === 'idle' || status === 'loading') return <SectionSkeleton label="Loading muted words" />;
  if (status === 'error')
    return <SectionLoadError message="Your muted words could not be loaded." onRetry={retry} />;
  return (
    <div className="space-y-5">
      <ServerError message={serverError} />
      {words.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">You have not muted any words.</p>
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
  if (!expiresAt) return 'Until you unmute';
  const until = new Date(expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return `Until ${until}`;
}

function MutedWordRow({ muted, onError }: { muted: MutedWord; onError: (message: string | null) => void }) {
  const saving = useMutedSettingsStore((s) => s.savingWords);
  const removeWord = useMutedSettingsStore((s) => s.removeWord);

  async function remove() {
    onError(null);
    try {
      await removeWord(muted.word);
    } catch (error) {
      onError(failureText(error, 'Your muted words could not be saved.'));
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
        aria-label={`Remove ${muted.word}`}
        disabled={saving}
        onClick={() => void remove()}
      >
        Remove
      </Button>
    </li>
  );
}

function MuteWordForm({ onError }: { onError: (message: string | null) => void }) {
  const saving = useMutedSettingsStore((s) => s.savingWords);
  const addWord = useMutedSettingsStore((s) => s.addWord);
  const form = useContractForm(muteWordFormSchema, { defaultValues: EMPTY_FORM });

  async function send({ word, duration }: z.output<typeof muteWordFormSchema>) {
    try {
      await addWord(word, expiryOf(duration));
      form.reset(EMPTY_FORM);
    } catch (error) {
      onError(failureText(error, 'Your muted words could not be saved.'));
    }
  }

  return (
    <form
      noValidate
      aria-label="Mute a word"
      className="grid gap-4 border-t border-slate-100 pt-5 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start dark:border-slate-800"
      onSubmit={(event) => {
        onError(null);
        form.onSubmit(send)(event);
      }}
    >
      <TextField
        id="muted-word-word"
        label="Word or phrase"
        placeholder="e.g. spoilers"
        autoComplete="off"
        {...form.field('word')}
      />
      <SelectField
        id="muted-word-duration"
        label="Mute for"
        options={DURATIONS}
        {...form.field('duration')}
      />
      {/* Level with the inputs under their labels. */}
      <Button type="submit" disabled={saving} className="sm:mt-7">
        {saving ? 'Muting...' : 'Mute word'}
      </Button>
    </form>
  );
}
