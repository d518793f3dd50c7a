import {
  MAX_RATINGS,
  RATING_SYSTEM_LABELS,
  RATING_SYSTEMS,
  recordSettingsSchema,
  WEAPON_LABELS,
  WEAPONS,
  type Rating,
  type RatingSystem,
  type RecordSettings,
  type RecordVisibility,
  type Weapon,
} from '@piste/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { failureText, useContractForm } from '../../lib/forms';
import { banNotice, useBannedUntil } from '../../stores/ban';
import { useRecordSettingsStore } from '../../stores/record-settings';
import { Button } from '../Button';
import { FieldError, SelectField, TextField } from '../FormField';
import { ServerError } from '../FormMessage';
import { SectionSkeleton, SettingsSection } from '../settings/SettingsSection';

const WEAPON_OPTIONS = WEAPONS.map((weapon) => ({ value: weapon, label: WEAPON_LABELS[weapon] }));
const SYSTEM_OPTIONS = RATING_SYSTEMS.map((system) => ({
  value: system,
  label: RATING_SYSTEM_LABELS[system],
}));
const VISIBILITY_OPTIONS: Array<{ value: RecordVisibility; label: string }> = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'connections', label: 'Connections' },
  { value: 'private', label: 'Only me' },
];

/** What each system's rating looks like, as the box's placeholder. */
const VALUE_PLACEHOLDERS: Record<RatingSystem, string> = {
  USAF: 'e.g. B24 or U',
  BF: 'e.g. C23 or U',
  FIE: 'World rank, e.g. 12',
  other: 'Your rating',
};

const EMPTY: RecordSettings = { ratings: [], recordVisibility: 'everyone' };

/** A new row: the first weapon and system not rated yet, starting with the fencer's own weapon. */
function nextRating(ratings: readonly Pick<Rating, 'weapon' | 'system'>[], weapon: Weapon | null): Rating {
  const weapons = weapon ? [weapon, ...WEAPONS.filter((other) => other !== weapon)] : [...WEAPONS];
  for (const candidate of weapons) {
    for (const system of RATING_SYSTEMS) {
      if (!ratings.some((rating) => rating.weapon === candidate && rating.system === system)) {
        return { weapon: candidate, system, value: '' };
      }
    }
  }
  return { weapon: weapons[0], system: 'other', value: '' };
}

/**
 * The profile's "Ratings and record": the fencer's ratings (weapon, system, rating; the first shows beside their
 * name) and who sees their bouts and ratings. Saved on its own, apart from the profile's details.
 */
export function RecordSettingsForm({ userId, weapon }: { userId: string; weapon: Weapon | null }) {
  const load = useRecordSettingsStore((s) => s.load);
  const save = useRecordSettingsStore((s) => s.save);
  const saving = useRecordSettingsStore((s) => s.saving);
  const status = useRecordSettingsStore((s) => (s.userId === userId ? s.status : 'loading'));
  const stored = useRecordSettingsStore((s) => (s.userId === userId ? s.settings : null));
  const [serverError, setServerError] = useState<string | null>(null);
  // Ratings are part of the profile: a ban freezes them with it.
  const bannedUntil = useBannedUntil();
  const form = useContractForm(recordSettingsSchema, { defaultValues: EMPTY });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'ratings' });
  const { reset } = form;

  useEffect(() => void load(userId), [load, userId]);
  // What the server keeps (its spelling, B24 for b24) is what the form shows after each load and save.
  useEffect(() => {
    if (stored) reset(stored);
  }, [stored, reset]);

  const submit = form.onSubmit(async (settings) => {
    setServerError(null);
    try {
      await save(settings);
    } catch (error) {
      setServerError(failureText(error, 'Your record settings could not be saved. Please try again.'));
    }
  });

  const ratingsError = form.formState.errors.ratings;
  const listError = ratingsError?.root?.message ?? ratingsError?.message;
  const systems = form.watch('ratings').map((rating) => rating.system);
  return (
    <SettingsSection
      id="record-settings"
      title="Ratings and record"
      description="Your ratings and bouts show on your fencer page. The first rating also shows beside your name in posts and lists while everyone can see your record."
    >
      {status === 'loading' || status === 'idle' ? (
        <SectionSkeleton label="Loading your ratings" />
      ) : status === 'error' && !stored ? (
        <div className="text-sm text-slate-600 dark:text-slate-300">
          <p>Your ratings could not be loaded.</p>
          <Button variant="outline" className="mt-2" onClick={() => void load(userId)}>
            Try again
          </Button>
        </div>
      ) : (
        <form noValidate aria-label="Ratings and record" onSubmit={submit} className="space-y-5">
          <ServerError message={serverError} />
          {fields.length ? (
            <ol aria-label="Your ratings" className="space-y-3">
              {fields.map((row, index) => (
                <li
                  key={row.id}
                  data-testid="rating-row"
                  className="rounded-xl border border-slate-200 p-3 dark:border-slate-700"
                >
                  <div className="mb-2 flex items-center justify-between gap-2">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold text-slate-800 dark:text-slate-100">
                      Rating {index + 1}
                      {index === 0 ? (
                        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                          Shown beside your name
                        </span>
                      ) : null}
                    </span>
                    <Button
                      variant="ghost"
                      className="px-2 py-1"
                      aria-label={`Remove rating ${index + 1}`}
                      title="Remove"
                      disabled={saving}
                      onClick={() => remove(index)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  </div>
                  <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_minmax(0,1fr)]">
                    <SelectField
                      id={`rating-${index}-weapon`}
                      label="Weapon"
                      options={WEAPON_OPTIONS}
                      disabled={saving}
                      {...form.field(`ratings.${index}.weapon`)}
                    />
                    <SelectField
                      id={`rating-${index}-system`}
                      label="System"
                      options={SYSTEM_OPTIONS}
                      disabled={saving}
                      {...form.field(`ratings.${index}.system`)}
                    />
                    <TextField
                      id={`rating-${index}-value`}
                      label="Rating"
                      maxLength={20}
                      autoComplete="off"
                      placeholder={VALUE_PLACEHOLDERS[systems[index] ?? 'other']}
                      disabled={saving}
                      {...form.field(`ratings.${index}.value`)}
                    />
                  </div>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">No ratings yet.</p>
          )}
          <FieldError id="record-ratings-error" message={listError} />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="outline"
              disabled={saving || fields.length >= MAX_RATINGS}
              onClick={() => append(nextRating(form.getValues('ratings'), weapon))}
            >
              <Plus aria-hidden className="size-4" />
              Add a rating
            </Button>
            <span className="text-xs text-slate-500 dark:text-slate-400">
              {fields.length} of {MAX_RATINGS}
            </span>
          </div>
          <SelectField
            id="record-visibility"
            label="Who sees my bouts and ratings"
            options={VISIBILITY_OPTIONS}
            disabled={saving}
            {...form.field('recordVisibility')}
          />
          <div className="flex justify-end">
            <Button
              type="submit"
              disabled={saving || !!bannedUntil}
              title={bannedUntil ? banNotice(bannedUntil) : undefined}
            >
              {saving ? 'Saving...' : 'Update ratings'}
            </Button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
