import { WEAPONS, type SessionUser, type Weapon } from '@piste/contracts';
import {
  Bookmark,
  CalendarDays,
  Castle,
  Dumbbell,
  MessageCircle,
  Search,
  Settings,
  ShieldCheck,
  SquarePen,
  Swords,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../i18n/use-translation';
import { Link, useLocation } from '../lib/router';
import { CLUBS_PATH, DRILLS_PATH, EVENTS_PATH, SAVED_PATH, SETTINGS_PATH } from '../lib/paths';
import { WEAPON_TAB_CLASSES, weaponLabel, weaponOfPath } from '../lib/weapons';
import { Avatar } from './Avatar';
import { NotificationBell } from './NotificationBell';
import { ThemeToggle } from './ThemeToggle';
import { usePendingReportCount } from '../stores/pending-reports';
import { useUnreadMessageTotal } from '../stores/messages';
import { useConnectionRequestBadge } from '../stores/connections';

/** Pending connection requests: red with the incoming count, or green with the sent count when none are incoming. */
export interface ConnectionRequestBadge {
  count: number;
  variant: 'incoming' | 'sent';
}

interface HeaderProps {
  user: SessionUser;
  connectionRequestBadge?: ConnectionRequestBadge | null;
}

/** A header link's badge: its number (none is shown at 0), what it counts, and its colour. */
interface LinkBadge {
  count: number;
  /** What it counts, for the accessible name: 'Messages, 3 unread'. */
  counted: 'pendingReports' | 'sentRequests' | 'incomingRequests' | 'unreadMessages';
  colour: string;
}

/** The badges of the header's links: pending reports (admins), connection requests and unread messages. */
function useLinkBadges(user: SessionUser, connectionRequestBadge: ConnectionRequestBadge | null) {
  const pendingReports = usePendingReportCount(user.isAdmin);
  const unreadMessages = useUnreadMessageTotal();
  const liveRequestBadge = useConnectionRequestBadge(user.id);
  const requests = connectionRequestBadge ?? liveRequestBadge;
  const sent = requests?.variant === 'sent';
  return {
    moderation: {
      count: pendingReports,
      counted: 'pendingReports',
      colour: 'bg-red-600',
    },
    connections: {
      count: requests?.count ?? 0,
      counted: sent ? 'sentRequests' : 'incomingRequests',
      colour: sent ? 'bg-emerald-700' : 'bg-red-600',
    },
    messages: { count: unreadMessages, counted: 'unreadMessages', colour: 'bg-red-600' },
  } satisfies Record<string, LinkBadge>;
}

export function Header({ user, connectionRequestBadge = null }: HeaderProps) {
  const activeWeapon = weaponOfPath(useLocation().pathname);
  const badges = useLinkBadges(user, connectionRequestBadge);
  const { t } = useTranslation();

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80 dark:border-slate-800 dark:bg-slate-900/90 dark:supports-[backdrop-filter]:bg-slate-900/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-3 sm:gap-6 sm:px-6">
        <Link
          to="/"
          aria-label={t('header.home')}
          className="flex shrink-0 items-center gap-2 rounded-lg text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:text-slate-100 dark:focus-visible:outline-slate-300"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900">
            <Swords aria-hidden className="size-4.5" />
          </span>
          <span className="text-xl font-bold tracking-tight">Piste</span>
        </Link>

        <WeaponTabs activeWeapon={activeWeapon} className="hidden md:flex" />

        <nav aria-label={t('header.accountNav')} className="ml-auto flex items-center gap-0.5 sm:gap-1">
          {/* The search box sits in the feed's side column, which only wide screens show. */}
          <IconLink to="/search" label={t('nav.search')} icon={Search} className="hidden md:flex lg:hidden" />
          <NotificationBell />
          <IconLink to="/post" label={t('nav.createPost')} icon={SquarePen} />
          {user.isAdmin ? (
            <IconLink
              to="/moderation"
              label={t('nav.moderation')}
              icon={ShieldCheck}
              badge={badges.moderation}
            />
          ) : null}
          <IconLink to="/connections" label={t('nav.connections')} icon={Users} badge={badges.connections} />
          <IconLink to="/messages" label={t('nav.messages')} icon={MessageCircle} badge={badges.messages} />
          {/* Only wide rows have room (where search leaves the row); elsewhere the profile page links to them. */}
          <IconLink to={CLUBS_PATH} label={t('nav.clubs')} icon={Castle} className="hidden lg:flex" />
          <IconLink to={EVENTS_PATH} label={t('nav.events')} icon={CalendarDays} className="hidden lg:flex" />
          <IconLink to={DRILLS_PATH} label={t('nav.drills')} icon={Dumbbell} className="hidden lg:flex" />
          <IconLink to={SAVED_PATH} label={t('nav.saved')} icon={Bookmark} className="hidden lg:flex" />
          {/* A phone's header row is full: there, Settings is a link on the profile page. */}
          <IconLink to={SETTINGS_PATH} label={t('nav.settings')} icon={Settings} className="hidden md:flex" />
          <ThemeToggle className="hidden md:flex" />
          <Link
            to="/profile"
            aria-label={t('header.yourProfile')}
            title={t('header.profile')}
            className="ml-1 rounded-full ring-offset-2 transition hover:ring-2 hover:ring-slate-300 focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:outline-none dark:ring-offset-slate-900 dark:hover:ring-slate-600 dark:focus-visible:ring-slate-300"
          >
            <Avatar avatar={user.avatar} name={user.name} size="sm" />
          </Link>
        </nav>
      </div>

      {/* On a phone the header row is full, so search and the theme toggle sit beside the weapon tabs. */}
      <div className="flex items-center gap-2 border-t border-slate-100 px-3 py-2 md:hidden dark:border-slate-800">
        <WeaponTabs activeWeapon={activeWeapon} className="flex min-w-0 flex-1" stretch />
        <IconLink to="/search" label={t('nav.search')} icon={Search} />
        <ThemeToggle />
      </div>
    </header>
  );
}

function WeaponTabs({
  activeWeapon,
  className,
  stretch = false,
}: {
  activeWeapon: Weapon | null;
  className: string;
  stretch?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('header.weapons')} className={`${className} items-center gap-2`}>
      {WEAPONS.map((weapon) => {
        const isActive = weapon === activeWeapon;
        const colours = WEAPON_TAB_CLASSES[weapon];
        return (
          <Link
            key={weapon}
            to={`/${weapon}`}
            aria-current={isActive ? 'page' : undefined}
            className={`rounded-full border px-4 py-1.5 text-center text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300 ${
              stretch ? 'flex-1' : ''
            } ${isActive ? colours.active : colours.inactive}`}
          >
            {weaponLabel(weapon)}
          </Link>
        );
      })}
    </nav>
  );
}

/** What a header badge shows: the count, or 99+. */
function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** A link's accessible name with its badge: 'Messages, 3 unread'. */
function badgeLabel(t: TFunction, { counted, count }: LinkBadge, label: string, shown: string): string {
  switch (counted) {
    case 'pendingReports':
      return t('header.badges.pendingReports', { label, shown, count });
    case 'sentRequests':
      return t('header.badges.sentRequests', { label, shown, count });
    case 'incomingRequests':
      return t('header.badges.incomingRequests', { label, shown, count });
    case 'unreadMessages':
      return t('header.badges.unreadMessages', { label, shown, count });
  }
}

function IconLink({
  to,
  label,
  icon: Icon,
  badge,
  className = 'flex',
}: {
  to: string;
  label: string;
  icon: LucideIcon;
  badge?: LinkBadge;
  /** Its display (e.g. hidden on some widths); flex by default. */
  className?: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isActive = pathname === to;
  const shown = badge && badge.count > 0 ? badgeText(badge.count) : null;
  return (
    <Link
      to={to}
      aria-label={shown && badge ? badgeLabel(t, badge, label, shown) : label}
      title={label}
      aria-current={isActive ? 'page' : undefined}
      className={`relative size-9 shrink-0 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 sm:size-10 dark:focus-visible:outline-slate-300 ${
        isActive
          ? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
      } ${className}`}
    >
      <Icon aria-hidden className="size-5" />
      {shown ? (
        <span
          data-testid="badge"
          className={`absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full px-1 text-[10px] leading-none font-bold text-white ring-2 ring-white dark:ring-slate-900 ${badge?.colour}`}
        >
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
