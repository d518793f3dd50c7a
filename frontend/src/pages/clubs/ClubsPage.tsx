import { isWeapon, WEAPON_LABELS, WEAPONS, type Weapon } from '@piste/contracts';
import { Castle, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClassName } from '../../components/Button';
import { ClubCard } from '../../components/clubs/ClubCard';
import { countryName, FENCING_COUNTRIES } from '../../components/clubs/club-format';
import { EmptyState } from '../../components/EmptyState';
import { controlClassName } from '../../components/FormField';
import { HeadedPage } from '../../components/PageHeader';
import { PagedItems } from '../../components/PagedItems';
import { SkeletonBars } from '../../components/Skeleton';
import { NEW_CLUB_PATH } from '../../lib/paths';
import { useClubsStore } from '../../stores/clubs';

/** How long typing pauses before the list follows it. */
export const CLUB_FILTER_DEBOUNCE_MS = 300;

const labelClasses = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';

/** /clubs?q=&country=&weapon= — the club directory: by name, country and weapon, newest first. */
export function ClubsPage() {
  // The filters stay in the address, so a filtered directory can be shared and comes back with Back.
  const [params, setParams] = useSearchParams();
  // Its identity follows the address it writes: read through a ref, so writing it does not filter again.
  const writeParams = useRef(setParams);
  writeParams.current = setParams;
  const [q, setQ] = useState(() => params.get('q') ?? '');
  const [country, setCountry] = useState(() => params.get('country') ?? '');
  const [weapon, setWeapon] = useState<Weapon | ''>(() => {
    const chosen = params.get('weapon');
    return isWeapon(chosen) ? chosen : '';
  });
  const { items: clubs, status, nextCursor, loadingMore, loadMore, reload } = useClubsStore();
  const open = useClubsStore((s) => s.open);

  // A two-letter code only: half a code would ask the server for nothing.
  const countryCode = /^[a-z]{2}$/i.test(country.trim()) ? country.trim().toUpperCase() : undefined;
  useEffect(() => {
    const timer = setTimeout(() => {
      void open({ q, country: countryCode, weapon: weapon || undefined });
      const shown = Object.entries({ q: q.trim(), country: countryCode, weapon }).filter(
        ([, value]) => value,
      );
      writeParams.current(new URLSearchParams(shown as [string, string][]), { replace: true });
    }, CLUB_FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [open, q, countryCode, weapon]);

  const filtered = !!(q.trim() || countryCode || weapon);
  const createLink = (
    <Link to={NEW_CLUB_PATH} className={buttonClassName('primary')}>
      <Plus aria-hidden className="size-4" />
      Create a club
    </Link>
  );

  return (
    <HeadedPage
      width="medium"
      title="Clubs"
      subtitle="Find where fencers train, and join your club"
      actions={createLink}
    >
      <div
        role="search"
        aria-label="Filter clubs"
        className="mb-5 grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_9rem_9rem] dark:border-slate-800 dark:bg-slate-900"
      >
        <div>
          <label htmlFor="clubs-q" className={labelClasses}>
            Club name
          </label>
          <input
            id="clubs-q"
            type="search"
            value={q}
            maxLength={100}
            placeholder="Search clubs by name..."
            onChange={(event) => setQ(event.target.value)}
            className={controlClassName(false)}
          />
        </div>
        <div>
          <label htmlFor="clubs-country" className={labelClasses}>
            Country
          </label>
          <input
            id="clubs-country"
            value={country}
            maxLength={2}
            list="clubs-countries"
            placeholder="e.g. FR"
            autoComplete="off"
            onChange={(event) => setCountry(event.target.value)}
            className={`${controlClassName(false)} uppercase placeholder:normal-case`}
          />
          <datalist id="clubs-countries">
            {FENCING_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </datalist>
        </div>
        <div>
          <label htmlFor="clubs-weapon" className={labelClasses}>
            Weapon
          </label>
          <select
            id="clubs-weapon"
            value={weapon}
            onChange={(event) => setWeapon(event.target.value as Weapon | '')}
            className={controlClassName(false)}
          >
            <option value="">All weapons</option>
            {WEAPONS.map((w) => (
              <option key={w} value={w}>
                {WEAPON_LABELS[w]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {status === 'loading' ? (
        <div aria-busy="true" aria-label="Loading clubs" className="space-y-3">
          {[0, 1, 2].map((index) => (
            <SkeletonBars
              key={index}
              bars={[['h-5 w-48', 'strong'], 'h-4 w-64', 'h-5 w-32']}
              className="space-y-2 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            />
          ))}
        </div>
      ) : status === 'error' ? (
        <EmptyState
          icon={Castle}
          title="Failed to fetch clubs"
          description="Check your connection and try again."
          action={
            <Button variant="outline" onClick={() => void reload()}>
              Try again
            </Button>
          }
        />
      ) : clubs.length === 0 ? (
        <div data-testid="clubs-empty">
          {filtered ? (
            <EmptyState
              icon={Castle}
              title="No clubs match"
              description="Try another name, another country or all weapons."
            />
          ) : (
            <EmptyState
              icon={Castle}
              title="No clubs yet"
              description="Create the first one for your club."
              action={createLink}
            />
          )}
        </div>
      ) : (
        <PagedItems
          label="Clubs"
          items={clubs}
          render={(club) => <ClubCard club={club} />}
          hasMore={nextCursor !== null}
          loadingMore={loadingMore}
          onLoadMore={() => void loadMore()}
        />
      )}
    </HeadedPage>
  );
}
