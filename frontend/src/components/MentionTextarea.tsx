import type { UserSuggestion } from '@piste/contracts';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
  type SyntheticEvent,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useUserSuggestionsStore } from '../stores/user-suggestions';
import { FencerSuggestions } from './FencerSuggestions';

/** How long typing pauses before fencers are looked up. */
export const SUGGEST_DELAY_MS = 150;

/**
 * The `@name` being typed just before the caret, as the contracts' mention rule reads one (`@` not after a
 * letter, digit, `_`, `@` or `.`, so an email address is none): where its `@` is and what follows it.
 */
const MENTION_AT_CARET = /(^|[^\p{L}\p{N}_@.])@([A-Za-z0-9_.-]{1,40})$/u;

interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  /** What follows the `@`, up to the caret. */
  text: string;
}

export function mentionQueryAt(value: string, caret: number): MentionQuery | null {
  const match = MENTION_AT_CARET.exec(value.slice(0, caret));
  if (!match) return null;
  return { start: match.index + match[1].length, text: match[2] };
}

interface MentionTextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
  /** Classes of the wrapper the suggestions are placed against (the text area fills it). */
  wrapperClassName?: string;
}

/**
 * A text area that suggests fencers while an `@name` is typed (DESIGN.md §4c): a listbox under it, connections
 * first as the server orders them, picked with the arrow keys and Enter or Tab (Escape closes it) or the mouse;
 * the pick replaces the `@name` with `@username ` at the caret. As a combobox, the text area keeps the focus and
 * points at the highlighted fencer with aria-activedescendant. Otherwise a plain text area: controlled or
 * registered with a form alike (the pick is typed in as an input event).
 */
export function MentionTextarea({
  ref,
  wrapperClassName = '',
  onKeyDown,
  onBlur,
  onSelect,
  onChange,
  ...props
}: MentionTextareaProps) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  const { t } = useTranslation('feed');
  const suggest = useUserSuggestionsStore((s) => s.suggest);
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [suggestions, setSuggestions] = useState<UserSuggestion[]>([]);
  const [active, setActive] = useState(0);
  /** The `@` whose suggestions Escape closed: they stay closed until another mention is typed. */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const setRefs = useCallback(
    (element: HTMLTextAreaElement | null) => {
      own.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );

  const queryText = query && query.start !== dismissedAt ? query.text : null;

  // Looked up once typing pauses; a reply for what is no longer typed is dropped.
  useEffect(() => {
    if (queryText === null) {
      setSuggestions([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void suggest(queryText).then((found) => {
        if (!current) return;
        setSuggestions(found);
        setActive(0);
      });
    }, SUGGEST_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [queryText, suggest]);

  const open = queryText !== null && suggestions.length > 0;

  /** Reads the `@name` before the caret again (typing, moving the caret, clicking). */
  function follow(textarea: HTMLTextAreaElement) {
    const found =
      textarea.selectionStart === textarea.selectionEnd
        ? mentionQueryAt(textarea.value, textarea.selectionStart)
        : null;
    setQuery(found);
    if (found?.start !== dismissedAt) setDismissedAt(null);
  }

  function pick(suggestion: UserSuggestion) {
    const textarea = own.current;
    if (!textarea || !query) return;
    const before = textarea.value.slice(0, query.start);
    const after = textarea.value.slice(query.start + 1 + query.text.length).replace(/^\s/, '');
    const inserted = `@${suggestion.username} `;
    // As typed: the form or the state owning the value hears an input event.
    // Through the prototype's setter: React tracks the element's own, and would take the change for its own.
    Reflect.set(HTMLTextAreaElement.prototype, 'value', before + inserted + after, textarea);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
    const caret = before.length + inserted.length;
    textarea.setSelectionRange(caret, caret);
    textarea.focus();
    setQuery(null);
    setSuggestions([]);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open && !event.nativeEvent.isComposing) {
      const last = suggestions.length - 1;
      switch (event.key) {
        case 'ArrowDown':
          event.preventDefault();
          setActive((index) => (index >= last ? 0 : index + 1));
          return;
        case 'ArrowUp':
          event.preventDefault();
          setActive((index) => (index <= 0 ? last : index - 1));
          return;
        case 'Enter':
        case 'Tab':
          if (event.shiftKey) break;
          event.preventDefault();
          pick(suggestions[Math.min(active, last)]);
          return;
        case 'Escape':
          // Closes the suggestions only, not what the text area sits in (a dialog, an edit).
          event.preventDefault();
          event.stopPropagation();
          setDismissedAt(query?.start ?? null);
          return;
      }
    }
    onKeyDown?.(event);
  }

  return (
    <div className={`relative ${wrapperClassName}`}>
      <textarea
        {...props}
        ref={setRefs}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-activedescendant={open ? optionId(Math.min(active, suggestions.length - 1)) : undefined}
        onChange={(event) => {
          onChange?.(event);
          follow(event.currentTarget);
        }}
        onSelect={(event: SyntheticEvent<HTMLTextAreaElement>) => {
          onSelect?.(event);
          follow(event.currentTarget);
        }}
        onKeyDown={handleKeyDown}
        onBlur={(event: FocusEvent<HTMLTextAreaElement>) => {
          onBlur?.(event);
          setQuery(null);
        }}
      />
      {open ? (
        <FencerSuggestions
          id={listboxId}
          label={t('mentions.label')}
          testId="mention-suggestions"
          suggestions={suggestions}
          active={active}
          optionId={optionId}
          onActivate={setActive}
          onPick={pick}
        />
      ) : null}
      <span role="status" aria-live="polite" className="sr-only">
        {open ? `${suggestions.length} ${suggestions.length === 1 ? 'fencer' : 'fencers'} to mention` : ''}
      </span>
    </div>
  );
}
