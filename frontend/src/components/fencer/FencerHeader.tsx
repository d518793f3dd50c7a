import type { PublicProfile, Weapon } from '@piste/contracts';
import { CalendarDays, MapPin, PenLine } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { intlLocale } from '../../i18n/languages';
import { weaponLabel } from '../../lib/weapons';
import { Avatar } from '../Avatar';
import { displayTitle } from '../connections/PersonCard';
import { RatingBadge } from '../record/RatingBadge';
import { RoleBadge } from '../RoleBadge';

/** The cover band in the weapon's colour (Épée purple, Foil emerald, Sabre red). */
const COVER_CLASSES: Record<Weapon | 'none', string> = {
  epee: 'from-purple-600 to-indigo-500',
  foil: 'from-emerald-600 to-teal-500',
  sabre: 'from-red-600 to-orange-500',
  none: 'from-slate-700 to-slate-500',
};

const WEAPON_CHIP_CLASSES: Record<Weapon, string> = {
  epee: 'bg-purple-50 text-purple-700 ring-purple-200 dark:bg-purple-950 dark:text-purple-200 dark:ring-purple-800',
  foil: 'bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  sabre: 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
};

const FACT_CLASSES =
  'inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300';

interface FencerHeaderProps {
  profile: PublicProfile;
  /** The connection action (or Edit profile on your own page). */
  action: ReactNode;
}

/** Who the fencer is: avatar, name, handle, title, weapon, role, location, bio. */
export function FencerHeader({ profile, action }: FencerHeaderProps) {
  const { t } = useTranslation('people');
  const name = profile.name?.trim() || profile.username;
  const title = displayTitle(profile);
  const weapon = profile.weaponSpecialty;
  return (
    <section
      aria-labelledby="fencer-name"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div aria-hidden className={`h-24 bg-gradient-to-r sm:h-32 ${COVER_CLASSES[weapon ?? 'none']}`} />
      <div className="px-5 pb-6 sm:px-8">
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex min-w-0 flex-col items-center gap-3 sm:flex-row sm:items-end sm:gap-5">
            <Avatar
              avatar={profile.avatar}
              name={name}
              size="lg"
              className="-mt-10 border-4 border-white shadow-md sm:size-24 sm:text-3xl dark:border-slate-900"
            />
            <div className="min-w-0 text-center sm:pb-1 sm:text-left">
              <h1
                id="fencer-name"
                className="text-2xl font-bold tracking-tight break-words text-slate-900 dark:text-white"
              >
                {name}
                <RatingBadge rating={profile.rating} className="ml-2 align-middle" />
              </h1>
              <p className="text-sm break-all text-slate-500 dark:text-slate-400">@{profile.username}</p>
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap items-center justify-center gap-2 sm:pb-1">{action}</div>
        </div>

        {title ? (
          <p
            data-testid="fencer-title"
            className="mt-4 text-center font-medium break-words text-slate-800 sm:text-left dark:text-slate-100"
          >
            {title}
          </p>
        ) : null}

        <ul
          aria-label={t('fencerHeader.about')}
          className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start"
        >
          <li>
            <RoleBadge role={profile.role} />
          </li>
          {weapon ? (
            <li>
              <span
                className={`inline-flex rounded-full px-2 py-0.5 text-[11px] leading-4 font-semibold ring-1 ring-inset ${WEAPON_CHIP_CLASSES[weapon]}`}
              >
                {weaponLabel(weapon)}
              </span>
            </li>
          ) : null}
          {profile.location ? (
            <li className={FACT_CLASSES}>
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="sr-only">{t('fencerHeader.location')} </span>
              <span className="break-words">{profile.location}</span>
            </li>
          ) : null}
          <li className={FACT_CLASSES}>
            <CalendarDays aria-hidden className="size-3.5 shrink-0" />
            {t('fencerHeader.memberSince', {
              date: new Date(profile.createdAt).toLocaleDateString(intlLocale(), {
                month: 'long',
                year: 'numeric',
              }),
            })}
          </li>
          <li className={FACT_CLASSES}>
            <PenLine aria-hidden className="size-3.5 shrink-0" />
            {t('fencerHeader.posts', { count: profile.postsCount })}
          </li>
        </ul>

        {profile.bio ? (
          <p className="mt-4 text-center text-[15px] leading-relaxed whitespace-pre-line break-words text-slate-700 sm:text-left dark:text-slate-300">
            {profile.bio}
          </p>
        ) : null}
      </div>
    </section>
  );
}
