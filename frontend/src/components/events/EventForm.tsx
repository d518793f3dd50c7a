import {
  createEventSchema,
  EVENT_KINDS,
  EVENT_LIMITS,
  type CreateEventPayload,
  type EventKind,
  type FencerClub,
  type FencingEvent,
  type Weapon,
} from '@piste/contracts';
import { useEffect, useMemo, type InputHTMLAttributes } from 'react';
import { get } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { z } from 'zod';
import { errorText, useContractForm, type FieldBinding } from '../../lib/forms';
import { instantToZonedTime, timeZoneChoices, zonedTimeToInstant } from '../../lib/zoned-time';
import { Button } from '../Button';
import { countryName, FENCING_COUNTRIES } from '../clubs/club-format';
import { WeaponsField } from '../clubs/ClubFormFields';
import { controlClassName, FieldError, SelectField, TextField } from '../FormField';
import { ServerError } from '../FormMessage';
import { EVENT_KIND_LABELS } from './event-format';

/** What the form holds: times as the event's clocks show them, categories as one line. */
export interface EventFormValues {
  title: string;
  kind: EventKind;
  /** A `datetime-local` value in `timezone`, e.g. '2027-03-28T09:00'. */
  startsAt: string;
  endsAt: string;
  timezone: string;
  venue: string;
  city: string;
  country: string;
  weapons: Weapon[];
  /** Comma-separated: 'U17, Veterans'. */
  categories: string;
  url: string;
  description: string;
  /** '' for no club. */
  clubId: string;
}

/** An empty form, in the browser's time zone. */
export const newEventValues = (timezone: string): EventFormValues => ({
  title: '',
  kind: 'competition',
  startsAt: '',
  endsAt: '',
  timezone,
  venue: '',
  city: '',
  country: '',
  weapons: [],
  categories: '',
  url: '',
  description: '',
  clubId: '',
});

/** An event as the form shows it to be edited: its times on its own clocks. */
export const eventValues = (event: FencingEvent): EventFormValues => ({
  title: event.title,
  kind: event.kind,
  startsAt: instantToZonedTime(event.startsAt, event.timezone),
  endsAt: instantToZonedTime(event.endsAt, event.timezone),
  timezone: event.timezone,
  venue: event.venue,
  city: event.city,
  country: event.country,
  weapons: event.weapons,
  categories: event.categories.join(', '),
  url: event.url ?? '',
  description: event.description,
  // An event keeps its club: the edit does not send one.
  clubId: '',
});

/** 'U17, Veterans,, Team' → ['U17', 'Veterans', 'Team']. */
export const categoriesOf = (line: string): string[] =>
  line
    .split(',')
    .map((category) => category.trim())
    .filter(Boolean);

/**
 * The form's values turned into the contract's body, then checked by the contract the server checks it with:
 * a wall time becomes the instant it is in the chosen zone (one that is not a time stays as typed, for the
 * contract to say so).
 */
export const eventFormSchema = z
  .object({
    title: z.string(),
    kind: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    timezone: z.string(),
    venue: z.string(),
    city: z.string(),
    country: z.string(),
    // Checkboxes sharing a name: a list of the checked values (false for none).
    weapons: z.unknown(),
    categories: z.string(),
    url: z.string(),
    description: z.string(),
    clubId: z.string(),
  })
  .transform((form): CreateEventPayload => ({
    ...form,
    kind: form.kind as EventKind,
    weapons: form.weapons as Weapon[],
    startsAt: zonedTimeToInstant(form.startsAt, form.timezone)?.toISOString() ?? form.startsAt,
    endsAt: zonedTimeToInstant(form.endsAt, form.timezone)?.toISOString() ?? form.endsAt,
    categories: categoriesOf(form.categories),
    clubId: form.clubId || null,
  }))
  .pipe(createEventSchema);

interface EventFormProps {
  /** The form's accessible name: 'Create an event', 'Edit event'. */
  label: string;
  defaults: EventFormValues;
  /** The clubs whose events the user may add; null hides the choice (an event keeps its club). */
  clubs: FencerClub[] | null;
  /** The club to choose once it is among `clubs` (a club's "Add an event" link). */
  preselectClubId?: string | null;
  submitLabel: string;
  savingLabel: string;
  saving: boolean;
  serverError: string | null;
  onSubmit: (payload: CreateEventPayload) => void;
  onCancel: () => void;
}

const ZONE_LABEL = (zone: string) => zone.replace(/_/g, ' ');

const labelClasses = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';
const hintClasses = 'mt-1.5 text-xs text-slate-500 dark:text-slate-400';

/** An event's title, kind, times and zone, place, weapons, categories, registration link, description and club. */
export function EventForm({
  label,
  defaults,
  clubs,
  preselectClubId,
  submitLabel,
  savingLabel,
  saving,
  serverError,
  onSubmit,
  onCancel,
}: EventFormProps) {
  const { t } = useTranslation(['events', 'clubs', 'common']);
  const kindOptions = EVENT_KINDS.map((kind) => ({ value: kind, label: t(EVENT_KIND_LABELS[kind]) }));
  const form = useContractForm(eventFormSchema, { defaultValues: defaults });
  const zones = useMemo(() => timeZoneChoices(defaults.timezone), [defaults.timezone]);
  const { setValue, getValues } = form;

  // A club's link names it before the user's clubs have loaded: chosen once it is among them.
  useEffect(() => {
    if (preselectClubId && !getValues('clubId') && clubs?.some((club) => club.id === preselectClubId)) {
      setValue('clubId', preselectClubId);
    }
  }, [clubs, preselectClubId, getValues, setValue]);

  const submit = form.onSubmit((event) =>
    onSubmit({ ...event, startsAt: event.startsAt.toISOString(), endsAt: event.endsAt.toISOString() }),
  );

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={submit}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <ServerError message={serverError} />
      <TextField
        id="event-title"
        label={t('form.title')}
        maxLength={EVENT_LIMITS.title}
        placeholder={t('form.titlePlaceholder')}
        disabled={saving}
        {...form.field('title')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id="event-kind"
          label={t('form.kind')}
          options={kindOptions}
          disabled={saving}
          {...form.field('kind')}
        />
        <SelectField
          id="event-timezone"
          label={t('form.timezone')}
          options={zones.map((zone) => ({ value: zone, label: ZONE_LABEL(zone) }))}
          disabled={saving}
          {...form.field('timezone')}
        />
        <HintedInput
          id="event-starts"
          label={t('form.starts')}
          hint={t('form.startsHint')}
          type="datetime-local"
          disabled={saving}
          binding={form.field('startsAt')}
        />
        <HintedInput
          id="event-ends"
          label={t('form.ends')}
          hint={t('form.endsHint', { days: EVENT_LIMITS.days })}
          type="datetime-local"
          disabled={saving}
          binding={form.field('endsAt')}
        />
      </div>
      <TextField
        id="event-venue"
        label={t('form.venue')}
        maxLength={EVENT_LIMITS.venue}
        placeholder={t('form.venuePlaceholder')}
        disabled={saving}
        {...form.field('venue')}
      />
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <TextField
          id="event-city"
          label={t('clubs:form.city')}
          maxLength={EVENT_LIMITS.city}
          disabled={saving}
          {...form.field('city')}
        />
        <TextField
          id="event-country"
          label={t('clubs:form.country')}
          maxLength={2}
          list="event-countries"
          autoComplete="off"
          placeholder={t('clubs:form.countryPlaceholder')}
          disabled={saving}
          {...form.field('country')}
        />
        <datalist id="event-countries">
          {FENCING_COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </datalist>
      </div>
      <WeaponsField idPrefix="event" binding={form.field('weapons')} />
      <HintedInput
        id="event-categories"
        label={t('form.categories')}
        hint={t('form.categoriesHint', { max: EVENT_LIMITS.categories })}
        placeholder={t('form.categoriesPlaceholder')}
        autoComplete="off"
        disabled={saving}
        binding={{
          ...form.field('categories'),
          error: firstMessage(get(form.formState.errors, 'categories')),
        }}
      />
      <TextField
        id="event-url"
        label={t('form.url')}
        type="url"
        inputMode="url"
        maxLength={EVENT_LIMITS.url}
        placeholder="https://"
        disabled={saving}
        {...form.field('url')}
      />
      <DescriptionInput binding={form.field('description')} disabled={saving} />
      {clubs && clubs.length > 0 ? (
        <SelectField
          id="event-club"
          label={t('form.club')}
          options={[
            { value: '', label: t('form.noClub') },
            ...clubs.map((club) => ({ value: club.id, label: club.name })),
          ]}
          disabled={saving}
          {...form.field('clubId')}
        />
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" disabled={saving} onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? savingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The first text of a field's errors: its own, or its first item's (a category that is too long). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = errorText(error);
  if (own !== undefined) return own;
  for (const item of Object.values(error)) {
    const message = firstMessage(item);
    if (message) return message;
  }
  return undefined;
}

interface HintedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  hint: string;
  binding: FieldBinding;
}

/** A labelled input with a line of help under it, and its error under that. */
function HintedInput({
  id,
  label,
  hint,
  binding: { error, ...registration },
  ...inputProps
}: HintedInputProps) {
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        className={controlClassName(!!error)}
        {...inputProps}
        {...registration}
      />
      <p id={`${id}-hint`} className={hintClasses}>
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function DescriptionInput({
  binding: { error, ...registration },
  disabled,
}: {
  binding: FieldBinding;
  disabled: boolean;
}) {
  const { t } = useTranslation('events');
  return (
    <div>
      <label htmlFor="event-description" className={labelClasses}>
        {t('form.description')}
      </label>
      <textarea
        id="event-description"
        rows={5}
        disabled={disabled}
        maxLength={EVENT_LIMITS.description}
        placeholder={t('form.descriptionPlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'event-description-error' : undefined}
        className={controlClassName(!!error)}
        {...registration}
      />
      <FieldError id="event-description-error" message={error} />
    </div>
  );
}
