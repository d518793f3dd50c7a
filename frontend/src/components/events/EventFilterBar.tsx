import { EVENT_KINDS, WEAPONS } from '@piste/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useSearchParams } from '../../lib/router';
import { weaponLabel } from '../../lib/weapons';
import { Button } from '../Button';
import { countryName, FENCING_COUNTRIES } from '../clubs/club-format';
import { controlClassName, Field, SelectField, TextField } from '../FormField';
import { EVENT_KIND_LABELS } from './event-format';
import { eventFiltersOf, isFiltered, withParam } from './event-filters';

/** How long typing pauses before the country goes to the address (and the list is fetched again). */
export const EVENT_FILTER_DEBOUNCE_MS = 300;

/**
 * The events page's filters. Each lives in the address, so a filtered list can be shared: the dates and selects
 * go there at once, the country once it has two letters and typing pauses.
 */
export function EventFilterBar() {
  const [params, setParams] = useSearchParams();
  const set = (name: string, value: string) => setParams(withParam(params, name, value), { replace: true });
  const from = params.get('from') ?? '';
  const { t } = useTranslation(['events']);
  const weaponOptions = [
    { value: '', label: t('filters.allWeapons') },
    ...WEAPONS.map((weapon) => ({ value: weapon, label: weaponLabel(weapon) })),
  ];
  const kindOptions = [
    { value: '', label: t('filters.allKinds') },
    ...EVENT_KINDS.map((kind) => ({ value: kind, label: t(EVENT_KIND_LABELS[kind]) })),
  ];

  return (
    <form
      role="search"
      aria-label={t('filters.label')}
      className="mb-5 grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-5 dark:border-slate-800 dark:bg-slate-900"
      onSubmit={(event) => event.preventDefault()}
    >
      <TextField
        id="events-from"
        label={t('filters.from')}
        type="date"
        value={from}
        onChange={(event) => set('from', event.target.value)}
      />
      <TextField
        id="events-to"
        label={t('filters.to')}
        type="date"
        min={from || undefined}
        value={params.get('to') ?? ''}
        onChange={(event) => set('to', event.target.value)}
      />
      <CountryFilter />
      <SelectField
        id="events-weapon"
        label={t('filters.weapon')}
        options={weaponOptions}
        value={params.get('weapon') ?? ''}
        onChange={(event) => set('weapon', event.target.value)}
      />
      <div className="col-span-2 sm:col-span-1">
        <SelectField
          id="events-kind"
          label={t('filters.kind')}
          options={kindOptions}
          value={params.get('kind') ?? ''}
          onChange={(event) => set('kind', event.target.value)}
        />
      </div>
      {isFiltered(eventFiltersOf(params)) ? (
        <div className="col-span-2 sm:col-span-5">
          <Button variant="ghost" className="-ml-2" onClick={() => setParams({}, { replace: true })}>
            {t('filters.clear')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** The country: what is typed shows at once; a two-letter code (or nothing) goes to the address when typing pauses. */
function CountryFilter() {
  const [params, setParams] = useSearchParams();
  const { t } = useTranslation('events');
  const inAddress = params.get('country') ?? '';
  const [text, setText] = useState(inAddress);
  // The address changed from elsewhere (Back, Clear filters, a link): the field shows what it now says.
  const [seen, setSeen] = useState(inAddress);
  if (inAddress !== seen) {
    setSeen(inAddress);
    setText(inAddress);
  }

  const search = params.toString();
  const code = text.trim().toUpperCase();
  // Half a code would ask the server for nothing: it waits for the second letter.
  const wanted = /^[A-Z]{2}$/.test(code) ? code : code ? null : '';
  useEffect(() => {
    if (wanted === null || wanted === inAddress) return;
    const timer = setTimeout(
      () => setParams(withParam(new URLSearchParams(search), 'country', wanted), { replace: true }),
      EVENT_FILTER_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [wanted, inAddress, search, setParams]);

  return (
    <Field id="events-country" label={t('filters.country')}>
      <input
        id="events-country"
        value={text}
        maxLength={2}
        list="events-countries"
        placeholder={t('filters.countryPlaceholder')}
        autoComplete="off"
        className={`${controlClassName(false)} uppercase placeholder:normal-case`}
        onChange={(event) => setText(event.target.value)}
      />
      <datalist id="events-countries">
        {FENCING_COUNTRIES.map((country) => (
          <option key={country} value={country}>
            {countryName(country)}
          </option>
        ))}
      </datalist>
    </Field>
  );
}
