import type { Fencer, UserSuggestion } from '@piste/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { FieldBinding } from '../../lib/forms';
import { useUserSuggestionsStore } from '../../stores/user-suggestions';
import { Avatar } from '../Avatar';
import { FencerSuggestions } from '../FencerSuggestions';
import { Button } from '../Button';
import { controlClassName, FieldError } from '../FormField';
import { SUGGEST_DELAY_MS } from '../MentionTextarea';
import { fencerNameOf } from './record-format';
import { RatingBadge } from './RatingBadge';

interface OpponentFieldProps {
  id: string;
  /** The fencer on Piste the bout was against; null while the opponent is a typed name. */
  picked: Fencer | null;
  onPick: (fencer: Fencer | null) => void;
  /** The typed name's registration and error. */
  nameBinding: FieldBinding;
  /** Why no opponent is accepted (neither a fencer nor a name). */
  error?: string;
  disabled?: boolean;
}

/**
 * The bout's opponent: a fencer on Piste picked from the suggestions (connections first, as the server orders
 * them), who then confirms the bout; or, typed and left as it is, the name of someone who is not on Piste. The
 * text box is a combobox: the arrow keys and Enter pick, Escape closes the list (not the dialog around it).
 */
export function OpponentField({ id, picked, onPick, nameBinding, error, disabled }: OpponentFieldProps) {
  const { t } = useTranslation('people');
  const { error: nameError, ...registration } = nameBinding;
  const suggest = useUserSuggestionsStore((s) => s.suggest);
  const input = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [suggestions, setSuggestions] = useState<UserSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  /** After Change, the text box takes the focus as soon as it is back. */
  const focusInput = useRef(false);
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const hintId = `${id}-hint`;
  const shownError = error ?? nameError;

  // Looked up once typing pauses (an empty box suggests connections); a reply for older text is dropped.
  const query = focused && !picked ? text.trim() : null;
  useEffect(() => {
    if (query === null) return;
    let current = true;
    const timer = setTimeout(() => {
      void suggest(query).then((found) => {
        if (!current) return;
        setSuggestions(found);
        // Nothing is highlighted until the arrow keys say so: Enter alone keeps the typed name.
        setActive(-1);
      });
    }, SUGGEST_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, suggest]);

  useEffect(() => {
    if (!picked && focusInput.current) {
      focusInput.current = false;
      input.current?.focus();
    }
  }, [picked]);

  const open = query !== null && !dismissed && suggestions.length > 0;

  function pick(fencer: Fencer) {
    setSuggestions([]);
    setText('');
    onPick(fencer);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open || event.nativeEvent.isComposing) return;
    const last = suggestions.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((index) => (index >= last ? 0 : index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => (index <= 0 ? last : Math.min(index, last) - 1));
        break;
      case 'Enter':
        if (active < 0) break;
        event.preventDefault();
        pick(suggestions[Math.min(active, last)]);
        break;
      case 'Escape':
        // Closes the suggestions only, not the dialog the field sits in.
        event.preventDefault();
        event.stopPropagation();
        setDismissed(true);
        break;
    }
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {t('record.opponent.label')}
      </label>
      {picked ? (
        <div
          data-testid="picked-opponent"
          className="flex items-center gap-2.5 rounded-lg border border-slate-300 px-3 py-2 dark:border-slate-700"
        >
          <Avatar avatar={picked.avatar} name={fencerNameOf(picked)} size="sm" />
          <span className="min-w-0 flex-1 text-sm">
            <span className="flex min-w-0 items-center gap-1.5">
              <span className="truncate font-semibold text-slate-900 dark:text-slate-100">
                {fencerNameOf(picked)}
              </span>
              <RatingBadge rating={picked.rating} />
            </span>
            <span className="block truncate text-slate-500 dark:text-slate-400">@{picked.username}</span>
          </span>
          {/* The id stays on the box's one control, so the label still names something. */}
          <Button
            id={id}
            variant="ghost"
            className="shrink-0 px-2.5 py-1"
            aria-label={t('record.opponent.changeLabel', { name: fencerNameOf(picked) })}
            disabled={disabled}
            onClick={() => {
              focusInput.current = true;
              onPick(null);
            }}
          >
            {t('record.opponent.change')}
          </Button>
        </div>
      ) : (
        <div className="relative">
          <input
            {...registration}
            ref={(element) => {
              input.current = element;
              registration.ref(element);
            }}
            id={id}
            type="text"
            autoComplete="off"
            maxLength={100}
            disabled={disabled}
            placeholder={t('record.opponent.placeholder')}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open ? listboxId : undefined}
            aria-activedescendant={
              open && active >= 0 ? optionId(Math.min(active, suggestions.length - 1)) : undefined
            }
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${id}-error ${hintId}` : hintId}
            className={controlClassName(!!shownError)}
            onChange={(event) => {
              void registration.onChange(event);
              setText(event.target.value);
              setDismissed(false);
            }}
            onFocus={() => setFocused(true)}
            onBlur={(event) => {
              void registration.onBlur(event);
              setFocused(false);
            }}
            onKeyDown={handleKeyDown}
          />
          {open ? (
            <FencerSuggestions
              id={listboxId}
              label={t('record.opponent.suggestions')}
              testId="opponent-suggestions"
              suggestions={suggestions}
              active={active}
              optionId={optionId}
              onActivate={setActive}
              onPick={pick}
              className="max-h-56"
            />
          ) : null}
        </div>
      )}
      <FieldError id={`${id}-error`} message={shownError} />
      <p id={hintId} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
        {picked ? t('record.opponent.pickedHint', { name: fencerNameOf(picked) }) : t('record.opponent.hint')}
      </p>
      <span role="status" aria-live="polite" className="sr-only">
        {open ? t('record.opponent.found', { count: suggestions.length }) : ''}
      </span>
    </div>
  );
}
