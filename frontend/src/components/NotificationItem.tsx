import type { AppNotification, NotificationType } from '@piste/contracts';
import {
  AtSign,
  CalendarCheck,
  Shield,
  Swords,
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
import { useTranslation } from '../i18n/use-translation';
import { Link } from '../lib/router';
import { notificationPath } from '../lib/paths';
import { notificationTime, useNotificationsStore } from '../stores/notifications';
import { Avatar } from './Avatar';
import { EmptyState } from './EmptyState';
import { IconButton } from './IconButton';

/** Each type's icon, colour and name (its key in the `notifications` catalogue). */
const TYPE_ICONS = {
  like: { icon: Heart, colours: 'bg-rose-500 text-white', label: 'types.like' },
  comment: { icon: MessageSquare, colours: 'bg-sky-500 text-white', label: 'types.comment' },
  follow: { icon: UserPlus, colours: 'bg-emerald-500 text-white', label: 'types.follow' },
  achievement: { icon: Trophy, colours: 'bg-amber-500 text-white', label: 'types.achievement' },
  message: { icon: Mail, colours: 'bg-violet-500 text-white', label: 'types.message' },
  mention: { icon: AtSign, colours: 'bg-teal-600 text-white', label: 'types.mention' },
  club: { icon: Shield, colours: 'bg-indigo-600 text-white', label: 'types.club' },
  event: { icon: CalendarCheck, colours: 'bg-orange-600 text-white', label: 'types.event' },
  bout: { icon: Swords, colours: 'bg-cyan-700 text-white', label: 'types.bout' },
  other: { icon: Bell, colours: 'bg-slate-500 text-white', label: 'types.other' },
} as const satisfies Record<NotificationType, { icon: LucideIcon; colours: string; label: string }>;

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
function useMinuteClock(): number {
  return useSyncExternalStore(subscribeToClock, () => clockNow);
}

interface NotificationListProps {
  /** The notifications to show: all of them, or the first pages. */
  shown: AppNotification[];
  label?: string;
  /** Called when the user follows a notification to its subject (the popover closes). */
  onOpen?: () => void;
  /** Tighter spacing for the header popover. */
  compact?: boolean;
}

/** The notification centre's list, or its empty state when the user has no notifications at all. */
export function NotificationList({ shown, label, onOpen, compact = false }: NotificationListProps) {
  const hasAny = useNotificationsStore((s) => s.items.length > 0);
  const now = useMinuteClock();
  if (!hasAny) return <NotificationsEmptyState compact={compact} />;
  return (
    <ul aria-label={label} className="divide-y divide-slate-100 dark:divide-slate-800">
      {shown.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          now={now}
          onOpen={onOpen}
          compact={compact}
        />
      ))}
    </ul>
  );
}

interface NotificationItemProps {
  notification: AppNotification;
  now: number;
  /** Called when the user follows the notification to its subject (the popover closes). */
  onOpen?: () => void;
  /** Tighter spacing for the header popover. */
  compact?: boolean;
}

function NotificationItem({ notification, now, onOpen, compact = false }: NotificationItemProps) {
  const markRead = useNotificationsStore((s) => s.markRead);
  const remove = useNotificationsStore((s) => s.remove);
  const { t } = useTranslation('notifications');
  const { icon: TypeIcon, colours, label: labelKey } = TYPE_ICONS[notification.type] ?? TYPE_ICONS.other;
  const label = t(labelKey);
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
          if (notification.unread) markRead(notification.id);
          onOpen?.();
        }}
      >
        <NotificationText
          name={notification.user.name}
          message={notification.ownMessage ? t('ownMessage') : notification.message}
          compact={compact}
        />
        {notification.postContent ? (
          <p
            className="mt-1 line-clamp-2 text-sm break-words text-slate-500 italic dark:text-slate-400"
            title={notification.postContent}
          >
            {t('quote', {
              text: truncate(notification.postContent, compact ? 60 : POST_CONTENT_PREVIEW_CHARS),
            })}
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
          <RowAction
            label={t('markRead')}
            icon={Check}
            hover="hover:text-sky-700 dark:hover:text-sky-200"
            onClick={() => markRead(notification.id)}
          />
        ) : null}
        <RowAction
          label={t('delete')}
          icon={Trash2}
          hover="hover:text-red-600 dark:hover:text-red-400"
          onClick={() => remove(notification.id)}
        />
        <span className="flex size-7 items-center justify-center">
          {notification.unread ? (
            <span
              data-testid="unread-dot"
              role="img"
              aria-label={t('unread')}
              className="size-2.5 rounded-full bg-blue-600"
            />
          ) : null}
        </span>
      </div>
    </li>
  );
}

interface RowActionProps {
  label: string;
  icon: LucideIcon;
  /** The icon's colour under the pointer. */
  hover: string;
  onClick: () => void;
}

/** One of a notification's icon buttons (mark as read, delete), named by its tooltip. */
function RowAction({ label, icon, hover, onClick }: RowActionProps) {
  return (
    <IconButton
      label={label}
      icon={icon}
      iconClassName="size-4"
      onClick={onClick}
      className={`rounded-md p-1.5 text-slate-500 transition hover:bg-white focus-visible:outline-2 focus-visible:outline-slate-900 dark:text-slate-400 dark:hover:bg-slate-900 dark:focus-visible:outline-slate-300 ${hover}`}
    />
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

function NotificationsEmptyState({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('notifications');
  return (
    <EmptyState
      icon={BellOff}
      look={compact ? 'compact' : 'panel'}
      title={t('empty.title')}
      description={t('empty.text')}
    />
  );
}
