import type { UserSuggestion } from '@piste/contracts';
import { useTranslation } from '../i18n/use-translation';
import { Avatar } from './Avatar';
import { RatingBadge } from './record/RatingBadge';

interface FencerSuggestionsProps {
  id: string;
  /** The listbox's name, e.g. 'Fencers to mention'. */
  label: string;
  testId: string;
  suggestions: UserSuggestion[];
  /** The option the arrow keys reached. */
  active: number;
  /** Each option's element id, for the text box's aria-activedescendant. */
  optionId: (index: number) => string;
  onActivate: (index: number) => void;
  onPick: (suggestion: UserSuggestion) => void;
  className?: string;
}

/**
 * Fencers suggested as the user types (a mention, a bout's opponent): the listbox of a combobox whose text box
 * keeps the focus, each with their avatar, name, username, rating, and whether they are a connection.
 */
export function FencerSuggestions({
  id,
  label,
  testId,
  suggestions,
  active,
  optionId,
  onActivate,
  onPick,
  className = 'max-h-64',
}: FencerSuggestionsProps) {
  const { t } = useTranslation();
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      data-testid={testId}
      className={`absolute top-full right-0 left-0 z-30 mt-1 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900 ${className}`}
    >
      {suggestions.map((suggestion, index) => (
        <li
          key={suggestion.id}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          // The text box keeps the focus: a press on an option must not blur it first.
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => onActivate(index)}
          onClick={() => onPick(suggestion)}
          className={`flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm ${
            index === active
              ? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white'
              : 'text-slate-700 dark:text-slate-300'
          }`}
        >
          <Avatar avatar={suggestion.avatar} name={suggestion.name ?? suggestion.username} size="sm" />
          <span className="min-w-0 flex-1 truncate">
            <span className="font-semibold">{suggestion.name?.trim() || suggestion.username}</span>{' '}
            <span className="text-slate-500 dark:text-slate-400">@{suggestion.username}</span>
          </span>
          <RatingBadge rating={suggestion.rating} />
          {suggestion.connected ? (
            <span className="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-[11px] font-semibold text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
              {t('fencerSuggestions.connection')}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
