import {
  MAX_RATINGS,
  RATING_SYSTEMS,
  recordSettingsSchema,
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
import { useTranslation } from '../../i18n/use-translation';
import { errorText, failureText, useContractForm } from '../../lib/forms';
import { weaponLabel } from '../../lib/weapons';
import { banNotice, useBannedUntil } from '../../stores/ban';
import { useRecordSettingsStore } from '../../stores/record-settings';
import { Button } from '../Button';
import { FieldError, SelectField, TextField } from '../FormField';
import { ServerError } from '../FormMessage';
import { SectionSkeleton, SettingsSection } from '../settings/SettingsSection';
import { RATING_SYSTEM_LABELS } from './record-format';

const VISIBILITY_LABELS = {
  everyone: 'record.settings.visibility.everyone',
  connections: 'record.settings.visibility.connections',
  private: 'record.settings.visibility.private',
} as const satisfies Record<RecordVisibility, string>;

/** What each system's rating looks like, as the box's placeholder. */
const VALUE_PLACEHOLDERS = {
  USAF: 'record.settings.placeholders.USAF',
  BF: 'record.settings.placeholders.BF',
  FIE: 'record.settings.placeholders.FIE',
  other: 'record.settings.placeholders.other',
} as const satisfies Record<RatingSystem, string>;

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
  const { t } = useTranslation(['people', 'common']);
  const weaponOptions = WEAPONS.map((option) => ({ value: option, label: weaponLabel(option) }));
  const systemOptions = RATING_SYSTEMS.map((system) => ({
    value: system,
    label: t(RATING_SYSTEM_LABELS[system]),
  }));
  const visibilityOptions = (['everyone', 'connections', 'private'] as const).map((value) => ({
    value,
    label: t(VISIBILITY_LABELS[value]),
  }));
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
      setServerError(failureText(error, t('record.settings.failed')));
    }
  });

  const ratingsError = form.formState.errors.ratings;
  const listError = errorText(ratingsError?.root) ?? errorText(ratingsError);
  const systems = form.watch('ratings').map((rating) => rating.system);
  return (
    <SettingsSection
      id="record-settings"
      title={t('record.settings.title')}
      description={t('record.settings.description')}
    >
      {status === 'loading' || status === 'idle' ? (
        <SectionSkeleton label={t('record.settings.loading')} />
      ) : status === 'error' && !stored ? (
        <div className="text-sm text-slate-600 dark:text-slate-300">
          <p>{t('record.settings.loadFailed')}</p>
          <Button variant="outline" className="mt-2" onClick={() => void load(userId)}>
            {t('common:actions.tryAgain')}
          </Button>
        </div>
      ) : (
        <form noValidate aria-label={t('record.settings.title')} onSubmit={submit} className="space-y-5">
          <ServerError message={serverError} />
          {fields.length ? (
            <ol aria-label={t('record.settings.yourRatings')} className="space-y-3">
              {fields.map((row, index) => (
                <li
                  key={row.id}
                  data-testid="rating-row"
                  className="rounded-xl border border-slate-200 p-3 dark:border-slate-700"
                >
                  <div className="mb-2 flex items-center justify-between gap-2">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold text-slate-800 dark:text-slate-100">
                      {t('record.settings.rating', { number: index + 1 })}
                      {index === 0 ? (
                        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                          {t('record.settings.shownBesideName')}
                        </span>
                      ) : null}
                    </span>
                    <Button
                      variant="ghost"
                      className="px-2 py-1"
                      aria-label={t('record.settings.removeLabel', { number: index + 1 })}
                      title={t('record.settings.remove')}
                      disabled={saving}
                      onClick={() => remove(index)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  </div>
                  <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_minmax(0,1fr)]">
                    <SelectField
                      id={`rating-${index}-weapon`}
                      label={t('record.settings.weapon')}
                      options={weaponOptions}
                      disabled={saving}
                      {...form.field(`ratings.${index}.weapon`)}
                    />
                    <SelectField
                      id={`rating-${index}-system`}
                      label={t('record.settings.system')}
                      options={systemOptions}
                      disabled={saving}
                      {...form.field(`ratings.${index}.system`)}
                    />
                    <TextField
                      id={`rating-${index}-value`}
                      label={t('record.settings.value')}
                      maxLength={20}
                      autoComplete="off"
                      placeholder={t(VALUE_PLACEHOLDERS[systems[index] ?? 'other'])}
                      disabled={saving}
                      {...form.field(`ratings.${index}.value`)}
                    />
                  </div>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('record.card.noRatings')}</p>
          )}
          <FieldError id="record-ratings-error" message={listError} />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="outline"
              disabled={saving || fields.length >= MAX_RATINGS}
              onClick={() => append(nextRating(form.getValues('ratings'), weapon))}
            >
              <Plus aria-hidden className="size-4" />
              {t('record.settings.add')}
            </Button>
            <span className="text-xs text-slate-500 dark:text-slate-400">
              {t('record.settings.count', { shown: fields.length, max: MAX_RATINGS })}
            </span>
          </div>
          <SelectField
            id="record-visibility"
            label={t('record.settings.visibility.label')}
            options={visibilityOptions}
            disabled={saving}
            {...form.field('recordVisibility')}
          />
          <div className="flex justify-end">
            <Button
              type="submit"
              disabled={saving || !!bannedUntil}
              title={bannedUntil ? banNotice(bannedUntil) : undefined}
            >
              {saving ? t('record.settings.saving') : t('record.settings.submit')}
            </Button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
