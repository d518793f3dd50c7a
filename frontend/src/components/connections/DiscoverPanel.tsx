import { WEAPONS, type ConnectionUser } from '@piste/contracts';
import { Clock, LoaderCircle, Search, SearchX, UserPlus, UserRoundSearch } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { weaponLabel } from '../../lib/weapons';
import { banNotice, useBannedUntil } from '../../stores/ban';
import type { DiscoverWeapon, LoadStatus } from '../../stores/connections';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { PersonCard } from './PersonCard';
import { AcceptRequestButton, PersonListSkeleton } from './PersonList';

interface DiscoverPanelProps {
  query: string;
  weapon: DiscoverWeapon;
  results: ConnectionUser[];
  status: LoadStatus;
  /** True once results for the current text are shown (not while typing ahead of them). */
  hasSearched: boolean;
  busy: Record<string, true>;
  onQueryChange: (query: string) => void;
  onWeaponChange: (weapon: DiscoverWeapon) => void;
  onConnect: (user: ConnectionUser) => void;
  onAccept: (user: ConnectionUser) => void;
}

/** Discover: search fencers by name or username, optionally by weapon, and connect. */
export function DiscoverPanel({
  query,
  weapon,
  results,
  status,
  hasSearched,
  busy,
  onQueryChange,
  onWeaponChange,
  onConnect,
  onAccept,
}: DiscoverPanelProps) {
  const { t } = useTranslation('people');
  const hasText = query.trim().length > 0;
  const weaponFilters: { value: DiscoverWeapon; label: string }[] = [
    ...WEAPONS.map((option) => ({ value: option, label: weaponLabel(option) })),
    { value: 'all', label: t('record.log.allWeapons') },
  ];
  return (
    <div>
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <label htmlFor="discover-search" className="sr-only">
          {t('discover.searchLabel')}
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400 dark:text-slate-500"
          />
          <input
            id="discover-search"
            type="search"
            value={query}
            autoComplete="off"
            maxLength={100}
            placeholder={t('discover.placeholder')}
            onChange={(event) => onQueryChange(event.target.value)}
            className="block w-full rounded-xl border border-slate-300 bg-slate-50 py-2.5 pr-10 pl-9 text-sm text-slate-900 transition placeholder:text-slate-500 dark:placeholder:text-slate-400 focus:border-slate-900 focus:bg-white focus:ring-2 focus:ring-slate-900/15 focus:outline-none dark:border-slate-700 dark:bg-slate-800/50 dark:text-slate-100 dark:focus:border-slate-300 dark:focus:bg-slate-900 dark:focus:ring-slate-300/15"
          />
          {status === 'loading' ? (
            <LoaderCircle
              aria-label={t('discover.searching')}
              className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-slate-400 dark:text-slate-500"
            />
          ) : null}
        </div>
        <div role="radiogroup" aria-label={t('discover.weapon')} className="mt-3 flex flex-wrap gap-2">
          {weaponFilters.map((filter) => {
            const active = filter.value === weapon;
            return (
              <button
                key={filter.value}
                type="button"
                role="radio"
                aria-checked={active}
                onClick={() => onWeaponChange(filter.value)}
                className={`rounded-full border px-3 py-1 text-xs font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300 ${
                  active
                    ? 'border-slate-900 bg-slate-900 text-white dark:border-slate-300 dark:bg-slate-100 dark:text-slate-900'
                    : 'border-slate-200 bg-white text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300 dark:hover:border-slate-600 dark:hover:text-white'
                }`}
              >
                {filter.label}
              </button>
            );
          })}
        </div>
      </div>

      <div className="mt-4" aria-live="polite">
        {!hasText ? (
          <EmptyState
            icon={UserRoundSearch}
            title={t('discover.start.title')}
            description={t('discover.start.description')}
          />
        ) : !hasSearched ? (
          <PersonListSkeleton rows={2} />
        ) : results.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title={t('discover.none.title')}
            description={
              weapon === 'all'
                ? t('discover.none.description')
                : t('discover.none.descriptionWeapon', { weapon: weaponLabel(weapon) })
            }
          />
        ) : (
          <ul className="space-y-3" aria-label={t('discover.results')}>
            {results.map((user) => (
              <PersonCard
                key={user.id}
                person={user}
                actions={
                  <ResultAction
                    user={user}
                    busy={!!busy[user.id] || (!!user.requestId && !!busy[user.requestId])}
                    onConnect={onConnect}
                    onAccept={onAccept}
                  />
                }
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ResultAction({
  user,
  busy,
  onConnect,
  onAccept,
}: {
  user: ConnectionUser;
  busy: boolean;
  onConnect: (user: ConnectionUser) => void;
  onAccept: (user: ConnectionUser) => void;
}) {
  const { t } = useTranslation('people');
  const name = user.name ?? user.username;
  // A banned user may accept requests they received, not send new ones.
  const bannedUntil = useBannedUntil();
  if (user.requestStatus === 'sent') {
    return (
      <span className="inline-flex w-full items-center justify-center gap-1.5 rounded-lg bg-slate-100 px-4 py-2 text-sm font-semibold text-slate-500 sm:w-auto dark:bg-slate-800 dark:text-slate-400">
        <Clock aria-hidden className="size-4" />
        {t('discover.requestSent')}
      </span>
    );
  }
  if (user.requestStatus === 'received') {
    return (
      <AcceptRequestButton
        name={name}
        onClick={() => onAccept(user)}
        disabled={busy}
        className="w-full sm:w-auto"
      />
    );
  }
  return (
    <Button
      onClick={() => onConnect(user)}
      disabled={busy || !!bannedUntil}
      title={bannedUntil ? banNotice(bannedUntil) : undefined}
      aria-label={t('discover.connectLabel', { name })}
      className="w-full sm:w-auto"
    >
      <UserPlus aria-hidden className="size-4" />
      {t('connectionAction.connect')}
    </Button>
  );
}
