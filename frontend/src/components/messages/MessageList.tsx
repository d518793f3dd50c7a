import { Flag, Loader2, MessageCircle, RotateCcw, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { intlLocale } from '../../i18n/languages';
import type { ChatMessage } from '../../stores/messages';
import { timeAgo, useNow } from '../../lib/relative-time';
import { useReportDialogStore } from '../../stores/report-dialog';
import { DropdownMenu } from '../DropdownMenu';
import { IconButton } from '../IconButton';

interface MessageListProps {
  /** Identifies the conversation: a new one starts at the bottom. */
  threadKey: string;
  userId: string;
  messages: ChatMessage[];
  loading: boolean;
  failed: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** The other side is typing: shown at the bottom of the list. */
  typingName: string | null;
  /** The other side's name, for announcing their new messages to screen readers. */
  partnerName: string;
}

/** Pixels from the top at which older messages are fetched, and from the bottom that count as "at the bottom". */
const LOAD_OLDER_THRESHOLD = 120;
const BOTTOM_THRESHOLD = 80;

interface ScrollSnapshot {
  threadKey: string;
  firstId: string | undefined;
  lastId: string | undefined;
  scrollHeight: number;
  scrollTop: number;
  atBottom: boolean;
}

/**
 * The conversation's messages, oldest at the top. It opens at the newest, follows new messages while the reader
 * is at the bottom, keeps its position when older messages load above (on scrolling up), and shows 'Seen'
 * under the last own message once the other side has read it.
 */
export function MessageList(props: MessageListProps) {
  const { threadKey, userId, messages, loading, failed, hasOlder, loadingOlder, onLoadOlder, typingName } =
    props;
  const { t } = useTranslation('messages');
  const containerRef = useRef<HTMLDivElement>(null);
  const snapshot = useRef<ScrollSnapshot | null>(null);
  const now = useNow();
  const openReport = useReportDialogStore((s) => s.open);

  const firstId = messages[0]?.id;
  const last = messages[messages.length - 1];
  const announcement = useIncomingAnnouncement(threadKey, userId, props.partnerName, loading ? null : last);

  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const previous = snapshot.current;
    if (!previous || previous.threadKey !== threadKey || previous.lastId === undefined) {
      el.scrollTop = el.scrollHeight;
    } else if (firstId !== previous.firstId && last?.id === previous.lastId) {
      // Older messages came in above: stay on the message the reader was looking at.
      el.scrollTop = previous.scrollTop + (el.scrollHeight - previous.scrollHeight);
    } else if (previous.atBottom || (last?.id !== previous.lastId && last?.senderId === userId)) {
      el.scrollTop = el.scrollHeight;
    }
    snapshot.current = {
      threadKey,
      firstId,
      lastId: last?.id,
      scrollHeight: el.scrollHeight,
      scrollTop: el.scrollTop,
      atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_THRESHOLD,
    };
  }, [threadKey, firstId, last?.id, last?.senderId, userId, messages, typingName]);

  const onScroll = () => {
    const el = containerRef.current;
    if (!el || !snapshot.current) return;
    snapshot.current.scrollTop = el.scrollTop;
    snapshot.current.scrollHeight = el.scrollHeight;
    snapshot.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_THRESHOLD;
    if (el.scrollTop < LOAD_OLDER_THRESHOLD && hasOlder && !loadingOlder) onLoadOlder();
  };

  const lastOwnSent = [...messages].reverse().find((m) => m.senderId === userId && m.delivery === 'sent');

  return (
    <div
      ref={containerRef}
      onScroll={onScroll}
      data-testid="message-list"
      className="min-h-0 flex-1 overflow-y-auto bg-slate-50/60 px-4 py-4 sm:px-6 dark:bg-slate-800/50"
    >
      {messages.length === 0 ? (
        loading ? (
          <p className="flex h-full items-center justify-center gap-2 text-sm text-slate-500 dark:text-slate-400">
            <Loader2 aria-hidden className="size-4 animate-spin" /> {t('list.loading')}
          </p>
        ) : failed ? (
          <p className="flex h-full items-center justify-center text-sm text-slate-500 dark:text-slate-400">
            {t('list.failed')}
          </p>
        ) : (
          <div className="flex h-full flex-col items-center justify-center text-center">
            <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-white text-slate-500 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-400 dark:ring-slate-700">
              <MessageCircle aria-hidden className="size-6" />
            </span>
            <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{t('list.empty')}</p>
          </div>
        )
      ) : (
        <>
          {hasOlder || loadingOlder ? (
            <div className="flex justify-center pb-3">
              {loadingOlder ? (
                <Loader2
                  aria-label={t('list.loadingOlder')}
                  className="size-4 animate-spin text-slate-400 dark:text-slate-500"
                />
              ) : (
                <button
                  type="button"
                  onClick={onLoadOlder}
                  className="rounded-full px-3 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
                >
                  {t('list.loadOlder')}
                </button>
              )}
            </div>
          ) : null}
          <ol aria-label={t('list.label')} className="flex flex-col gap-1">
            {messages.map((message, index) => {
              const own = message.senderId === userId;
              const next = messages[index + 1];
              const endsGroup = !next || next.senderId !== message.senderId;
              return (
                <li
                  key={message.clientId ?? message.id}
                  data-testid="message"
                  data-own={own ? 'true' : 'false'}
                  className={`flex flex-col ${own ? 'items-end' : 'items-start'} ${endsGroup ? 'mb-2' : ''}`}
                >
                  <div className={`group flex w-full items-center gap-1 ${own ? 'justify-end' : ''}`}>
                    <p
                      title={new Date(message.createdAt).toLocaleString(intlLocale())}
                      className={`max-w-[80%] rounded-2xl px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap shadow-sm sm:max-w-[70%] ${
                        !own
                          ? 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700'
                          : message.delivery === 'failed'
                            ? 'rounded-br-md bg-red-50 text-red-900 ring-1 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800'
                            : `rounded-br-md bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900 ${message.delivery === 'sending' ? 'opacity-70' : ''}`
                      }`}
                    >
                      {message.content}
                    </p>
                    {!own && message.delivery === 'sent' ? (
                      <div className="shrink-0 sm:opacity-0 sm:group-hover:opacity-100 sm:focus-within:opacity-100">
                        <DropdownMenu
                          compact
                          label={t('list.menu.label')}
                          menuWidth="w-44"
                          items={[
                            {
                              icon: Flag,
                              label: t('list.menu.report'),
                              onSelect: () =>
                                openReport({ type: 'message', id: message.id, name: props.partnerName }),
                            },
                          ]}
                        />
                      </div>
                    ) : null}
                  </div>
                  {message.delivery === 'sending' ? (
                    <span className="mt-1 text-[11px] text-slate-500 dark:text-slate-400">
                      {t('list.sending')}
                    </span>
                  ) : message.delivery === 'failed' ? (
                    <span className="mt-1 flex items-center gap-2 text-[11px] text-red-600 dark:text-red-400">
                      {t('list.notSent')}
                      <button
                        type="button"
                        onClick={() => message.clientId && props.onRetry(message.clientId)}
                        className="inline-flex items-center gap-1 font-semibold underline-offset-2 hover:underline"
                      >
                        <RotateCcw aria-hidden className="size-3" /> {t('list.retry')}
                      </button>
                      <IconButton
                        label={t('list.discard')}
                        title={t('list.discardTitle')}
                        icon={X}
                        iconClassName="size-3"
                        onClick={() => message.clientId && props.onDiscard(message.clientId)}
                        className="inline-flex items-center rounded p-0.5 text-red-500 hover:bg-red-100 dark:text-red-400 dark:hover:bg-red-900/50"
                      />
                    </span>
                  ) : endsGroup || message === lastOwnSent ? (
                    <span className="mt-1 text-[11px] text-slate-500 dark:text-slate-400">
                      <time dateTime={message.createdAt}>{timeAgo(message.createdAt, 'compact', now)}</time>
                      {message === lastOwnSent && message.isRead ? (
                        <span data-testid="seen" className="font-medium text-slate-500 dark:text-slate-400">
                          {' · '}
                          {t('list.seen')}
                        </span>
                      ) : null}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </>
      )}
      {/* Present from the start, so screen readers announce each new incoming message put in it. */}
      <p role="status" aria-live="polite" data-testid="message-announcement" className="sr-only">
        {announcement}
      </p>
      {typingName ? (
        <p
          data-testid="typing-indicator"
          aria-live="polite"
          className="mt-1 flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400"
        >
          <span className="flex gap-0.5" aria-hidden>
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.3s] dark:bg-slate-500" />
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.15s] dark:bg-slate-500" />
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 dark:bg-slate-500" />
          </span>
          {t('list.typing', { name: typingName })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The text that announces the latest message from the other side, once one arrives while the conversation is
 * open; empty before that (the messages already there when it opens are not read out).
 */
function useIncomingAnnouncement(
  threadKey: string,
  userId: string,
  partnerName: string,
  /** The newest message; null while the conversation is still loading. */
  last: ChatMessage | undefined | null,
): string {
  const { t } = useTranslation('messages');
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<{ threadKey: string; lastId: string | undefined } | null>(null);
  const lastId = last?.id;
  useEffect(() => {
    if (last === null) return;
    const previous = seen.current;
    seen.current = { threadKey, lastId };
    if (previous?.threadKey !== threadKey) {
      setAnnouncement('');
      return;
    }
    if (last && lastId !== previous.lastId && last.senderId !== userId) {
      setAnnouncement(t('list.announcement', { name: partnerName, content: last.content }));
    }
  }, [threadKey, lastId, last, userId, partnerName, t]);
  return announcement;
}
