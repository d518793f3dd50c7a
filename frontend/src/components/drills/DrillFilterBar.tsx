import { WEAPONS } from '@piste/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useSearchParams } from '../../lib/router';
import { weaponLabel } from '../../lib/weapons';
import { Button } from '../Button';
import { SelectField, TextField } from '../FormField';
import { DRILL_LEVELS, drillFiltersOf, isFiltered, withParam, type TextFilter } from './drill-filters';

/** How long typing pauses before a text filter goes to the address (and the list is fetched again). */
export const FILTER_DEBOUNCE_MS = 300;

const weaponOptions = (t: TFunction<'feed'>) => [
  { value: '', label: t('drills.filters.allWeapons') },
  ...WEAPONS.map((weapon) => ({ value: weapon, label: weaponLabel(weapon) })),
];
const sortOptions = (t: TFunction<'feed'>) => [
  { value: '', label: t('drills.filters.newest') },
  { value: 'saved', label: t('drills.filters.mostSaved') },
];

/** A level's name in the language shown; the value in the address (and sent) stays the English word. */
function levelLabel(t: TFunction<'feed'>, level: string): string {
  switch (level) {
    case 'Beginner':
      return t('drills.levels.beginner');
    case 'Intermediate':
      return t('drills.levels.intermediate');
    case 'Advanced':
      return t('drills.levels.advanced');
    default:
      return level;
  }
}

/**
 * The drill library's filters. Each lives in the address, so a coach can share a filtered library: the selects
 * go there at once, the text fields once typing pauses.
 */
export function DrillFilterBar() {
  const [params, setParams] = useSearchParams();
  const filters = drillFiltersOf(params);
  const { t } = useTranslation('feed');
  const set = (name: string, value: string) => setParams(withParam(params, name, value), { replace: true });
  // A level from a shared link that the list does not offer still shows as chosen.
  const levels =
    filters.level && !DRILL_LEVELS.some((level) => level === filters.level)
      ? [...DRILL_LEVELS, filters.level]
      : DRILL_LEVELS;

  return (
    <form
      role="search"
      aria-label={t('drills.filters.label')}
      className="mb-6 grid grid-cols-1 gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-6 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="sm:col-span-6">
        <DebouncedTextField
          name="q"
          label={t('drills.filters.search')}
          type="search"
          placeholder={t('drills.filters.searchExample')}
        />
      </div>
      <div className="sm:col-span-2">
        <SelectField
          id="drills-weapon"
          label={t('drills.filters.weapon')}
          options={weaponOptions(t)}
          value={filters.weapon ?? ''}
          onChange={(event) => set('weapon', event.target.value)}
        />
      </div>
      <div className="sm:col-span-2">
        <SelectField
          id="drills-level"
          label={t('post.details.level')}
          options={[
            { value: '', label: t('drills.filters.anyLevel') },
            ...levels.map((level) => ({ value: level, label: levelLabel(t, level) })),
          ]}
          value={filters.level ?? ''}
          onChange={(event) => set('level', event.target.value)}
        />
      </div>
      <div className="sm:col-span-2">
        <SelectField
          id="drills-sort"
          label={t('drills.filters.sortBy')}
          options={sortOptions(t)}
          value={filters.sort ?? ''}
          onChange={(event) => set('sort', event.target.value)}
        />
      </div>
      <div className="sm:col-span-3">
        <DebouncedTextField
          name="focus"
          label={t('post.details.focus')}
          placeholder={t('composer.details.focusExample')}
        />
      </div>
      <div className="sm:col-span-3">
        <DebouncedTextField
          name="equipment"
          label={t('post.details.equipment')}
          placeholder={t('drills.filters.equipmentExample')}
        />
      </div>
      {isFiltered(filters) ? (
        <div className="sm:col-span-6">
          <Button variant="ghost" className="-ml-2" onClick={() => setParams({}, { replace: true })}>
            {t('drills.clearFilters')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

interface DebouncedTextFieldProps {
  name: TextFilter;
  label: string;
  placeholder: string;
  type?: 'text' | 'search';
}

/** A text filter: it shows what is typed at once and puts it in the address when typing pauses. */
function DebouncedTextField({ name, label, placeholder, type = 'text' }: DebouncedTextFieldProps) {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(name) ?? '';
  const [text, setText] = useState(inAddress);
  // The address changed from elsewhere (Back, Clear filters, a link): the field shows what it now says.
  const [seen, setSeen] = useState(inAddress);
  if (inAddress !== seen) {
    setSeen(inAddress);
    setText(inAddress);
  }

  const search = params.toString();
  useEffect(() => {
    if (text === inAddress) return;
    const timer = setTimeout(
      () =>
        setParams(withParam(new URLSearchParams(search), name, text.trim() ? text : ''), { replace: true }),
      FILTER_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, inAddress, search, name, setParams]);

  return (
    <TextField
      id={`drills-${name}`}
      name={name}
      label={label}
      type={type}
      placeholder={placeholder}
      autoComplete="off"
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
