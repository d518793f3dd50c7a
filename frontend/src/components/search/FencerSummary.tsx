import type { SearchUser } from '@piste/contracts';
import i18next from 'i18next';
import { WEAPON_FENCER } from '../fencer/weapon-fencer';
import { Avatar } from '../Avatar';
import { RatingBadge } from '../record/RatingBadge';
import { HighlightText } from './highlight';

/** What is said under a fencer's name: their title, else their weapon. */
export function fencerByline(user: SearchUser): string {
  if (user.title) return user.title;
  return user.weaponSpecialty ? i18next.t(WEAPON_FENCER[user.weaponSpecialty]) : i18next.t('search.fencer');
}

/** A fencer as one search result: avatar, name and username (the matched part marked), title or weapon. */
export function FencerSummary({ user, query }: { user: SearchUser; query: string }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <Avatar avatar={user.avatar} name={user.name ?? user.username} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-slate-900 dark:text-slate-100">
          <HighlightText text={user.name ?? user.username} query={query} />
          <RatingBadge rating={user.rating} className="ml-1.5" />
        </span>
        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
          @<HighlightText text={user.username} query={query} /> · {fencerByline(user)}
        </span>
      </span>
    </span>
  );
}
