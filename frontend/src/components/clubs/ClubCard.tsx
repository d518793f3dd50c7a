import type { Club } from '@piste/contracts';
import { MapPin, Users } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { clubPath } from '../../lib/paths';
import { clubPlace } from './club-format';
import { ClubLogo } from './ClubLogo';
import { ClubWeapons } from './ClubWeapons';

/** A club in the directory: its name (the link to its page), where it is, its weapons and how many fence there. */
export function ClubCard({ club }: { club: Club }) {
  const { t } = useTranslation('clubs');
  return (
    <article
      data-testid="club-card"
      className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-slate-300 sm:p-5 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700"
    >
      <div className="flex items-start gap-3">
        <ClubLogo logo={club.logo} />
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">
            <Link
              to={clubPath(club.slug)}
              className="break-words after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-slate-900 dark:focus-visible:after:outline-slate-300"
            >
              {club.name}
            </Link>
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden className="size-4 shrink-0" />
              {clubPlace(club)}
            </span>
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden className="size-4 shrink-0" />
              {t('members', { count: club.membersCount })}
            </span>
          </div>
        </div>
      </div>
      <div className="mt-3">
        <ClubWeapons weapons={club.weapons} />
      </div>
    </article>
  );
}
