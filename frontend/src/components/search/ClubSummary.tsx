import type { Club } from '@piste/contracts';
import { clubPlace } from '../clubs/club-format';
import { ClubLogo } from '../clubs/ClubLogo';
import { HighlightText } from './highlight';

/** A club as one search result: its logo, its name (the matched part marked) and where it is. */
export function ClubSummary({ club, query }: { club: Club; query: string }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <ClubLogo logo={club.logo} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-slate-900 dark:text-slate-100">
          <HighlightText text={club.name} query={query} />
        </span>
        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{clubPlace(club)}</span>
      </span>
    </span>
  );
}
