import { Castle } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { clubPath } from '../../lib/paths';
import { useFencerClubsStore } from '../../stores/fencer-clubs';
import { CLUB_ROLE_LABELS } from '../clubs/club-format';
import { ClubLogo } from '../clubs/ClubLogo';

/** The clubs a fencer belongs to, with their role in each; nothing when they belong to none. */
export function FencerClubs({ username }: { username: string }) {
  const { t } = useTranslation(['people', 'clubs']);
  const clubs = useFencerClubsStore((s) => (s.username === username ? s.clubs : null));
  if (!clubs?.length) return null;
  return (
    <section
      aria-labelledby="fencer-clubs-title"
      data-testid="fencer-clubs"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="fencer-clubs-title"
        className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
      >
        <Castle aria-hidden className="size-4 text-slate-500 dark:text-slate-400" />
        {t('fencerClubs.title')}
      </h2>
      <ul className="mt-3 space-y-2">
        {clubs.map((club) => (
          <li key={club.slug} className="flex items-center gap-3">
            <ClubLogo logo={club.logo} size="sm" />
            <Link
              to={clubPath(club.slug)}
              className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:text-slate-100 dark:focus-visible:outline-slate-300"
            >
              {club.name}
            </Link>
            <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {t(CLUB_ROLE_LABELS[club.role])}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
