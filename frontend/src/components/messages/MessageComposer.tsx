import { LIMITS, sendMessageSchema } from '@piste/contracts';
import { SendHorizontal } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { z } from 'zod';
import { useContractForm } from '../../lib/forms';
import { useBannedUntil } from '../../stores/ban';
import { BannedNote } from '../BannedNote';
import { IconButton } from '../IconButton';

/** The draft: the contract's message content, so an empty or whitespace-only one is never sent. */
const messageDraftSchema = z.object({ content: sendMessageSchema.shape.content });

interface MessageComposerProps {
  /** Resets the draft when another conversation opens. */
  threadKey: string;
  onSend: (content: string) => void;
  /** Called on each keystroke that changes the text, for the typing indicator. */
  onTyping: () => void;
  onStopTyping: () => void;
}

/** Tallest the input grows before it scrolls. */
const MAX_INPUT_HEIGHT_PX = 128;

/** The 1-row message input: Enter sends, Shift+Enter adds a newline; it grows with its text. */
export function MessageComposer({ threadKey, onSend, onTyping, onStopTyping }: MessageComposerProps) {
  const { t } = useTranslation('messages');
  const form = useContractForm(messageDraftSchema, { defaultValues: { content: '' } });
  /** The unsent drafts of the other conversations, by thread. */
  const drafts = useRef<Record<string, string>>({});
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const noteId = useId();
  // While banned the input is closed and says until when, before anyone types (and so sends no typing).
  const bannedUntil = useBannedUntil();
  const draft = form.watch('content');
  const canSend = draft.trim().length > 0 && !bannedUntil;
  const { error: _error, ref: registerInput, ...input } = form.field('content');

  // Each conversation keeps its own draft: the one left goes aside, the one opened comes back.
  const { reset, getValues } = form;
  useLayoutEffect(() => {
    const saved = drafts.current;
    reset({ content: saved[threadKey] ?? '' });
    inputRef.current?.focus({ preventScroll: true });
    return () => {
      saved[threadKey] = getValues('content');
    };
  }, [threadKey, reset, getValues]);

  useLayoutEffect(() => {
    const el = inputRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_INPUT_HEIGHT_PX)}px`;
  }, [draft]);

  const submit = form.onSubmit(({ content }) => {
    onSend(content);
    reset({ content: '' });
    inputRef.current?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) submit();
    }
  };

  return (
    <form
      onSubmit={(event) => {
        if (canSend) submit(event);
        else event.preventDefault();
      }}
      className="border-t border-slate-200 bg-white p-3 sm:p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      {bannedUntil ? <BannedNote until={bannedUntil} id={noteId} className="mb-2" /> : null}
      <div className="flex items-end gap-2">
        <label htmlFor={`message-input-${threadKey}`} className="sr-only">
          {t('composer.label')}
        </label>
        <textarea
          ref={(element) => {
            registerInput(element);
            inputRef.current = element;
          }}
          id={`message-input-${threadKey}`}
          data-testid="message-input"
          rows={1}
          maxLength={LIMITS.messageContent}
          disabled={!!bannedUntil}
          aria-describedby={bannedUntil ? noteId : undefined}
          {...input}
          onChange={(event) => {
            void input.onChange(event);
            if (event.target.value.trim()) onTyping();
            else onStopTyping();
          }}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            void input.onBlur(event);
            onStopTyping();
          }}
          placeholder={t('composer.placeholder')}
          className="max-h-32 min-h-10 flex-1 resize-none rounded-xl border border-slate-200 bg-slate-50 px-3.5 py-2 text-[15px] leading-snug text-slate-900 placeholder:text-slate-500 dark:placeholder:text-slate-400 focus:border-slate-400 focus:bg-white focus:ring-2 focus:ring-slate-200 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-100 dark:focus:border-slate-500 dark:focus:bg-slate-900 dark:focus:ring-slate-700"
        />
        <IconButton
          type="submit"
          label={t('composer.send')}
          title={t('composer.sendTitle')}
          icon={SendHorizontal}
          iconClassName="size-4.5"
          disabled={!canSend}
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-900 text-white shadow-sm transition hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:cursor-not-allowed disabled:opacity-40 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white dark:focus-visible:outline-slate-300"
        />
      </div>
    </form>
  );
}
