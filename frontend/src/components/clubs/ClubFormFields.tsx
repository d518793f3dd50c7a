import { CLUB_JOIN_POLICIES, WEAPONS, type ClubJoinPolicy } from '@piste/contracts';
import { useTranslation } from '../../i18n/use-translation';
import type { FieldBinding } from '../../lib/forms';
import { weaponLabel } from '../../lib/weapons';
import { FieldError, TextField } from '../FormField';
import { countryName, FENCING_COUNTRIES } from './club-format';

const legendClasses = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';
const optionClasses =
  'flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-slate-900 has-[:checked]:bg-slate-50 dark:border-slate-700 dark:has-[:checked]:border-slate-300 dark:has-[:checked]:bg-slate-800';
const checkClasses = 'mt-0.5 size-4 shrink-0 accent-slate-900 dark:accent-slate-200';

/** Strips the error off a field's binding: what an input takes. */
function inputProps({ error: _error, ...registration }: FieldBinding) {
  return registration;
}

/** A club's name and where it is: city, and country as two letters with the fencing nations suggested. */
export function ClubPlaceFields({
  idPrefix,
  field,
  disabled,
}: {
  idPrefix: string;
  field: (name: 'name' | 'city' | 'country') => FieldBinding;
  disabled: boolean;
}) {
  const { t } = useTranslation('clubs');
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label={t('form.name')}
        maxLength={100}
        disabled={disabled}
        {...field('name')}
      />
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <TextField
          id={`${idPrefix}-city`}
          label={t('form.city')}
          maxLength={120}
          disabled={disabled}
          {...field('city')}
        />
        <TextField
          id={`${idPrefix}-country`}
          label={t('form.country')}
          maxLength={2}
          list={`${idPrefix}-countries`}
          autoComplete="off"
          placeholder={t('form.countryPlaceholder')}
          disabled={disabled}
          {...field('country')}
        />
        <datalist id={`${idPrefix}-countries`}>
          {FENCING_COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </datalist>
      </div>
    </>
  );
}

/** The weapons a club fences, as checkboxes (one of them at least). */
export function WeaponsField({ idPrefix, binding }: { idPrefix: string; binding: FieldBinding }) {
  const { t } = useTranslation('clubs');
  const errorId = `${idPrefix}-weapons-error`;
  return (
    <fieldset aria-describedby={binding.error ? errorId : undefined}>
      <legend className={legendClasses}>{t('form.weapons')}</legend>
      <div className="flex flex-wrap gap-2">
        {WEAPONS.map((weapon) => (
          <label key={weapon} className={optionClasses}>
            <input
              type="checkbox"
              value={weapon}
              className={checkClasses}
              aria-invalid={binding.error ? true : undefined}
              {...inputProps(binding)}
            />
            {weaponLabel(weapon)}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={binding.error} />
    </fieldset>
  );
}

const POLICY_TEXT = {
  open: { label: 'form.policies.open.label', hint: 'form.policies.open.hint' },
  request: { label: 'form.policies.request.label', hint: 'form.policies.request.hint' },
} as const satisfies Record<ClubJoinPolicy, { label: string; hint: string }>;

/** How fencers join: at once, or by asking. */
export function JoinPolicyField({ idPrefix, binding }: { idPrefix: string; binding: FieldBinding }) {
  const { t } = useTranslation('clubs');
  return (
    <fieldset>
      <legend className={legendClasses}>{t('form.joining')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {CLUB_JOIN_POLICIES.map((policy) => (
          <label key={policy} htmlFor={`${idPrefix}-join-${policy}`} className={optionClasses}>
            <input
              id={`${idPrefix}-join-${policy}`}
              type="radio"
              value={policy}
              className={checkClasses}
              {...inputProps(binding)}
            />
            <span>
              <span className="block font-semibold text-slate-900 dark:text-slate-100">
                {t(POLICY_TEXT[policy].label)}
              </span>
              <span className="block text-slate-600 dark:text-slate-300">{t(POLICY_TEXT[policy].hint)}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${idPrefix}-join-error`} message={binding.error} />
    </fieldset>
  );
}

/** A club's description: a text area with its label and error. */
export function DescriptionField({
  id,
  binding,
  disabled,
}: {
  id: string;
  binding: FieldBinding;
  disabled?: boolean;
}) {
  const { t } = useTranslation('clubs');
  return (
    <div>
      <label htmlFor={id} className={legendClasses}>
        {t('form.description')}
      </label>
      <textarea
        id={id}
        rows={4}
        disabled={disabled}
        placeholder={t('form.descriptionPlaceholder')}
        aria-invalid={binding.error ? true : undefined}
        aria-describedby={binding.error ? `${id}-error` : undefined}
        className={`block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-500 focus:ring-2 focus:outline-none dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 ${
          binding.error
            ? 'border-red-400 focus:border-red-500 focus:ring-red-500/20'
            : 'border-slate-300 focus:border-slate-900 focus:ring-slate-900/15 dark:border-slate-700 dark:focus:border-slate-300 dark:focus:ring-slate-300/15'
        }`}
        {...inputProps(binding)}
      />
      <FieldError id={`${id}-error`} message={binding.error} />
    </div>
  );
}
