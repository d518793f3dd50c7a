import { WEAPON_LABELS, WEAPONS, type SessionUser, type Weapon } from '@piste/contracts';
import { MessageCircle, ShieldCheck, SquarePen, Swords, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { WEAPON_TAB_CLASSES, weaponOfPath } from '../lib/weapons';
import { Avatar } from './Avatar';
import { NotificationBell } from './NotificationBell';
import { usePendingReportCount } from '../stores/moderation';
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

export function Header({ user, connectionRequestBadge = null }: HeaderProps) {
  const activeWeapon = weaponOfPath(useLocation().pathname);
  const pendingReports = usePendingReportCount(user.isAdmin);
  const unreadMessages = useUnreadMessageTotal();
  const liveRequestBadge = useConnectionRequestBadge(user.id);
  const requestBadge = connectionRequestBadge ?? liveRequestBadge;

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-3 sm:gap-6 sm:px-6">
        <Link
          to="/"
          aria-label="Piste home"
          className="flex shrink-0 items-center gap-2 rounded-lg text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-slate-900 text-white">
            <Swords aria-hidden className="size-4.5" />
          </span>
          <span className="text-xl font-bold tracking-tight">Piste</span>
        </Link>

        <WeaponTabs activeWeapon={activeWeapon} className="hidden md:flex" />

        <nav aria-label="Account" className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <NotificationBell />
          <IconLink to="/post" label="Create post" icon={SquarePen} />
          {user.isAdmin ? (
            <IconLink
              to="/moderation"
              label="Moderation"
              icon={ShieldCheck}
              badge={countBadge(pendingReports, 'bg-red-600')}
            />
          ) : null}
          <IconLink
            to="/connections"
            label="Connections"
            icon={Users}
            badge={
              requestBadge
                ? countBadge(
                    requestBadge.count,
                    requestBadge.variant === 'incoming' ? 'bg-red-600' : 'bg-emerald-600',
                  )
                : null
            }
          />
          <IconLink
            to="/messages"
            label="Messages"
            icon={MessageCircle}
            badge={countBadge(unreadMessages, 'bg-red-600')}
          />
          <Link
            to="/profile"
            aria-label="Your profile"
            title="Profile"
            className="ml-1 rounded-full ring-offset-2 transition hover:ring-2 hover:ring-slate-300 focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:outline-none"
          >
            <Avatar avatar={user.avatar} name={user.name} size="sm" />
          </Link>
        </nav>
      </div>

      <div className="border-t border-slate-100 px-3 py-2 md:hidden">
        <WeaponTabs activeWeapon={activeWeapon} className="flex" stretch />
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
  return (
    <nav aria-label="Weapons" className={`${className} items-center gap-2`}>
      {WEAPONS.map((weapon) => {
        const isActive = weapon === activeWeapon;
        const colours = WEAPON_TAB_CLASSES[weapon];
        return (
          <Link
            key={weapon}
            to={`/${weapon}`}
            aria-current={isActive ? 'page' : undefined}
            className={`rounded-full border px-4 py-1.5 text-center text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 ${
              stretch ? 'flex-1' : ''
            } ${isActive ? colours.active : colours.inactive}`}
          >
            {WEAPON_LABELS[weapon]}
          </Link>
        );
      })}
    </nav>
  );
}

function countBadge(count: number, colour: string): ReactNode {
  if (count <= 0) return null;
  return (
    <span
      data-testid="badge"
      className={`absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full px-1 text-[10px] leading-none font-bold text-white ring-2 ring-white ${colour}`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

function IconLink({
  to,
  label,
  icon: Icon,
  badge,
}: {
  to: string;
  label: string;
  icon: LucideIcon;
  badge?: ReactNode;
}) {
  const { pathname } = useLocation();
  const isActive = pathname === to;
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      aria-current={isActive ? 'page' : undefined}
      className={`relative flex size-9 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 sm:size-10 ${
        isActive ? 'bg-slate-100 text-slate-900' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
      }`}
    >
      <Icon aria-hidden className="size-5" />
      {badge}
    </Link>
  );
}
