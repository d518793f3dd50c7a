import type { AppNotification, NotificationType } from '@piste/contracts';
import {
  Bell,
  BellOff,
  Check,
  Heart,
  Mail,
  MessageSquare,
  Trash2,
  Trophy,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { notificationPath } from '../lib/paths';
import { notify } from '../lib/toast';
import { notificationTime, useNotificationsStore } from '../stores/notifications';
import { Avatar } from './Avatar';
import { EmptyState } from './EmptyState';

const TYPE_ICONS: Record<NotificationType, { icon: LucideIcon; colours: string; label: string }> = {
  like: { icon: Heart, colours: 'bg-rose-500 text-white', label: 'Like' },
  comment: { icon: MessageSquare, colours: 'bg-sky-500 text-white', label: 'Comment' },
  follow: { icon: UserPlus, colours: 'bg-emerald-500 text-white', label: 'Connection' },
  achievement: { icon: Trophy, colours: 'bg-amber-500 text-white', label: 'Achievement' },
  message: { icon: Mail, colours: 'bg-violet-500 text-white', label: 'Message' },
  other: { icon: Bell, colours: 'bg-slate-500 text-white', label: 'Notification' },
};

const POST_CONTENT_PREVIEW_CHARS = 120;

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** One clock for every relative time on screen, so the popover and the page always agree. */
let clockNow = Date.now();
let clockTimer: ReturnType<typeof setInterval> | null = null;
const clockListeners = new Set<() => void>();

function subscribeToClock(listener: () => void): () => void {
  clockListeners.add(listener);
  if (clockTimer === null) {
    clockNow = Date.now();
    clockTimer = setInterval(() => {
      clockNow = Date.now();
      clockListeners.forEach((notifyListener) => notifyListener());
    }, 60_000);
  }
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0 && clockTimer !== null) {
      clearInterval(clockTimer);
      clockTimer = null;
    }
  };
}

/** The current time, refreshed every minute so relative times ('5 minutes ago') stay true. */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribeToClock, () => clockNow);
}

/** The centre's actions with the spec's toasts, shared by the popover and the page. */
export function useNotificationActions() {
  const markRead = useNotificationsStore((s) => s.markRead);
  const markAll = useNotificationsStore((s) => s.markAllRead);
  const removeOne = useNotificationsStore((s) => s.remove);
  return {
    markRead,
    markAllRead: () => {
      markAll();
      notify.success('All notifications marked as read');
    },
    remove: (id: number) => {
      removeOne(id);
      notify.success('Notification deleted', 'The notification has been removed');
    },
  };
}

interface NotificationItemProps {
  notification: AppNotification;
  now: number;
  onMarkRead: (id: number) => void;
  onDelete: (id: number) => void;
  /** Called when the user follows the notification to its subject (the popover closes). */
  onOpen?: () => void;
  /** Tighter spacing for the header popover. */
  compact?: boolean;
}

export function NotificationItem({
  notification,
  now,
  onMarkRead,
  onDelete,
  onOpen,
  compact = false,
}: NotificationItemProps) {
  const { icon: TypeIcon, colours, label } = TYPE_ICONS[notification.type] ?? TYPE_ICONS.other;
  return (
    <li
      data-testid="notification"
      data-unread={notification.unread ? 'true' : 'false'}
      className={`group relative flex gap-3 transition-colors ${compact ? 'px-4 py-3' : 'px-4 py-4 sm:px-5'} ${
        notification.unread
          ? 'bg-sky-50/70 hover:bg-sky-50 dark:bg-sky-950/70 dark:hover:bg-sky-900/40'
          : 'bg-white hover:bg-slate-50 dark:bg-slate-900 dark:hover:bg-slate-800'
      }`}
    >
      <div className="relative shrink-0 self-start">
        <Avatar
          avatar={notification.user.avatar}
          name={notification.user.name}
          size={compact ? 'sm' : 'md'}
        />
        <span
          title={label}
          className={`absolute -right-1 -bottom-1 flex items-center justify-center rounded-full ring-2 ring-white dark:ring-slate-900 ${colours} ${
            compact ? 'size-4' : 'size-5'
          }`}
        >
          <TypeIcon aria-hidden className={compact ? 'size-2.5' : 'size-3'} />
          <span className="sr-only">{label}</span>
        </span>
      </div>

      <SubjectLink
        notification={notification}
        onOpen={() => {
          if (notification.unread) onMarkRead(notification.id);
          onOpen?.();
        }}
      >
        <NotificationText name={notification.user.name} message={notification.message} compact={compact} />
        {notification.postContent ? (
          <p
            className="mt-1 line-clamp-2 text-sm break-words text-slate-500 italic dark:text-slate-400"
            title={notification.postContent}
          >
            “{truncate(notification.postContent, compact ? 60 : POST_CONTENT_PREVIEW_CHARS)}”
          </p>
        ) : null}
        <p
          className={`mt-1 text-xs font-medium ${notification.unread ? 'text-sky-700 dark:text-sky-200' : 'text-slate-500 dark:text-slate-400'}`}
        >
          <time dateTime={notification.createdAt}>{notificationTime(notification, now)}</time>
        </p>
      </SubjectLink>

      <div className="flex shrink-0 items-start gap-0.5">
        {notification.unread ? (
          <button
            type="button"
            title="Mark as read"
            aria-label="Mark as read"
            onClick={() => onMarkRead(notification.id)}
            className="rounded-md p-1.5 text-slate-500 transition hover:bg-white hover:text-sky-700 focus-visible:outline-2 focus-visible:outline-slate-900 dark:text-slate-400 dark:hover:bg-slate-900 dark:hover:text-sky-200 dark:focus-visible:outline-slate-300"
          >
            <Check aria-hidden className="size-4" />
          </button>
        ) : null}
        <button
          type="button"
          title="Delete notification"
          aria-label="Delete notification"
          onClick={() => onDelete(notification.id)}
          className="rounded-md p-1.5 text-slate-500 transition hover:bg-white hover:text-red-600 focus-visible:outline-2 focus-visible:outline-slate-900 dark:text-slate-400 dark:hover:bg-slate-900 dark:hover:text-red-400 dark:focus-visible:outline-slate-300"
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
        <span className="flex size-7 items-center justify-center">
          {notification.unread ? (
            <span
              data-testid="unread-dot"
              role="img"
              aria-label="Unread"
              className="size-2.5 rounded-full bg-blue-600"
            />
          ) : null}
        </span>
      </div>
    </li>
  );
}

/** The notification's text, as a link to its subject when it has one; following it marks it read. */
function SubjectLink({
  notification,
  onOpen,
  children,
}: {
  notification: AppNotification;
  onOpen: () => void;
  children: ReactNode;
}) {
  const path = notificationPath(notification);
  if (!path) return <div className="min-w-0 flex-1">{children}</div>;
  return (
    <Link
      to={path}
      onClick={onOpen}
      data-testid="notification-link"
      className="block min-w-0 flex-1 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300"
    >
      {children}
    </Link>
  );
}

/**
 * "who did what". The server's messages already start with the actor's name ('Ana liked your post'):
 * that name is set in bold. Others, such as 'You sent a message', get the name on a line of its own.
 */
function NotificationText({
  name,
  message,
  compact,
}: {
  name: string | null;
  message: string;
  compact: boolean;
}) {
  const size = compact ? 'text-sm' : 'text-[15px]';
  if (name && message.startsWith(name)) {
    return (
      <p className={`${size} text-slate-700 dark:text-slate-300`}>
        <span className="font-semibold text-slate-900 dark:text-slate-100">{name}</span>
        {message.slice(name.length)}
      </p>
    );
  }
  return (
    <>
      {name ? <p className={`${size} font-semibold text-slate-900 dark:text-slate-100`}>{name}</p> : null}
      <p className={`${size} text-slate-700 dark:text-slate-300`}>{message}</p>
    </>
  );
}

export function NotificationsEmptyState({ compact = false }: { compact?: boolean }) {
  return (
    <EmptyState
      icon={BellOff}
      look={compact ? 'compact' : 'panel'}
      title="No notifications yet"
      description="You'll see updates here when people interact with your posts"
    />
  );
}
