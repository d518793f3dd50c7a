import type { Weapon } from '@piste/contracts';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { weaponLabel } from '../../lib/weapons';
import { Avatar } from '../Avatar';
import { AvatarLink, ProfileLink } from '../fencer/ProfileLink';
import { WEAPON_FENCER } from '../fencer/weapon-fencer';
import { RatingBadge } from '../record/RatingBadge';

const WEAPON_CHIP_CLASSES: Record<Weapon, string> = {
  epee: 'bg-purple-50 text-purple-700 ring-purple-200 dark:bg-purple-950 dark:text-purple-200 dark:ring-purple-800',
  foil: 'bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  sabre: 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
};

export interface PersonSummary {
  id: string;
  name: string | null;
  username?: string;
  avatar: string | null;
  title?: string | null;
  weaponSpecialty?: Weapon | null;
  /** The rating beside the name (B24, #12), when the fencer shows it. */
  rating?: string;
}

/** The spec's title rule: the title, else '{weapon} fencer'; null when neither is known. */
export function displayTitle(person: Pick<PersonSummary, 'title' | 'weaponSpecialty'>): string | null {
  const title = person.title?.trim();
  if (title) return title;
  return person.weaponSpecialty ? i18next.t(WEAPON_FENCER[person.weaponSpecialty]) : null;
}

interface PersonCardProps {
  person: PersonSummary;
  /** A short note under the name, e.g. 'Sent 2 days ago'. */
  note?: ReactNode;
  /** A tag beside the name, e.g. 'Blocked'. */
  tag?: ReactNode;
  actions?: ReactNode;
  /** Name and avatar open the fencer's page; off for people you blocked, whose page you cannot see. */
  linked?: boolean;
}

/** One fencer in a list: avatar, name, handle, title and weapon, with actions on the right. */
export function PersonCard({ person, note, tag, actions, linked = true }: PersonCardProps) {
  const { t } = useTranslation();
  const name = person.name?.trim() || person.username || t('unknownFencer');
  const title = displayTitle(person);
  return (
    <li
      data-testid="person-card"
      data-user-id={person.id}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-slate-300 sm:flex-row sm:items-center sm:gap-4 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-600"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3 sm:gap-4">
        {linked ? (
          <AvatarLink
            user={{ ...person, name: person.name ?? person.username }}
            label={name}
            avatarClassName="sm:size-12"
          />
        ) : (
          <Avatar avatar={person.avatar} name={person.name ?? person.username} className="sm:size-12" />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            {linked ? (
              <ProfileLink
                user={person}
                className="truncate font-semibold text-slate-900 dark:text-slate-100"
              >
                {name}
              </ProfileLink>
            ) : (
              <p className="truncate font-semibold text-slate-900 dark:text-slate-100">{name}</p>
            )}
            <RatingBadge rating={person.rating} />
            {tag}
          </div>
          <p className="truncate text-sm text-slate-500 dark:text-slate-400">
            {person.username ? <span>@{person.username}</span> : null}
            {person.username && title ? <span aria-hidden> · </span> : null}
            {title ? <span>{title}</span> : null}
          </p>
          {note ? <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{note}</p> : null}
        </div>
        {person.weaponSpecialty ? (
          <span
            className={`hidden shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset sm:inline-flex ${WEAPON_CHIP_CLASSES[person.weaponSpecialty]}`}
          >
            {weaponLabel(person.weaponSpecialty)}
          </span>
        ) : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2 sm:justify-end">{actions}</div> : null}
    </li>
  );
}

/** A small pill beside a name. */
export function Tag({ children, tone = 'slate' }: { children: ReactNode; tone?: 'slate' | 'amber' | 'red' }) {
  const tones = {
    slate: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
    amber:
      'bg-amber-50 text-amber-700 ring-1 ring-inset ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
    red: 'bg-red-50 text-red-700 ring-1 ring-inset ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
  };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}
