import { isWeapon, WEAPONS, type Weapon } from '@piste/contracts';
import { Castle, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from '../../lib/router';
import { Button, buttonClassName } from '../../components/Button';
import { ClubCard } from '../../components/clubs/ClubCard';
import { countryName, FENCING_COUNTRIES } from '../../components/clubs/club-format';
import { EmptyState } from '../../components/EmptyState';
import { controlClassName } from '../../components/FormField';
import { HeadedPage } from '../../components/PageHeader';
import { PagedItems } from '../../components/PagedItems';
import { SkeletonBars } from '../../components/Skeleton';
import { NEW_CLUB_PATH } from '../../lib/paths';
import { weaponLabel } from '../../lib/weapons';
import { useClubsStore } from '../../stores/clubs';

/** How long typing pauses before the list follows it. */
export const CLUB_FILTER_DEBOUNCE_MS = 300;

const labelClasses = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';

/** /clubs?q=&country=&weapon= — the club directory: by name, country and weapon, newest first. */
export function ClubsPage() {
  const { t } = useTranslation(['clubs', 'common']);
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
      {t('create.title')}
    </Link>
  );

  return (
    <HeadedPage
      width="medium"
      title={t('directory.title')}
      subtitle={t('directory.subtitle')}
      actions={createLink}
    >
      <div
        role="search"
        aria-label={t('directory.filter')}
        className="mb-5 grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_9rem_9rem] dark:border-slate-800 dark:bg-slate-900"
      >
        <div>
          <label htmlFor="clubs-q" className={labelClasses}>
            {t('form.name')}
          </label>
          <input
            id="clubs-q"
            type="search"
            value={q}
            maxLength={100}
            placeholder={t('directory.searchPlaceholder')}
            onChange={(event) => setQ(event.target.value)}
            className={controlClassName(false)}
          />
        </div>
        <div>
          <label htmlFor="clubs-country" className={labelClasses}>
            {t('directory.country')}
          </label>
          <input
            id="clubs-country"
            value={country}
            maxLength={2}
            list="clubs-countries"
            placeholder={t('form.countryPlaceholder')}
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
            {t('directory.weapon')}
          </label>
          <select
            id="clubs-weapon"
            value={weapon}
            onChange={(event) => setWeapon(event.target.value as Weapon | '')}
            className={controlClassName(false)}
          >
            <option value="">{t('directory.allWeapons')}</option>
            {WEAPONS.map((w) => (
              <option key={w} value={w}>
                {weaponLabel(w)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {status === 'loading' ? (
        <div aria-busy="true" aria-label={t('directory.loading')} className="space-y-3">
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
          title={t('directory.failed')}
          description={t('common:pageNotReady.checkConnection')}
          action={
            <Button variant="outline" onClick={() => void reload()}>
              {t('common:actions.tryAgain')}
            </Button>
          }
        />
      ) : clubs.length === 0 ? (
        <div data-testid="clubs-empty">
          {filtered ? (
            <EmptyState
              icon={Castle}
              title={t('directory.noMatch.title')}
              description={t('directory.noMatch.description')}
            />
          ) : (
            <EmptyState
              icon={Castle}
              title={t('directory.empty.title')}
              description={t('directory.empty.description')}
              action={createLink}
            />
          )}
        </div>
      ) : (
        <PagedItems
          label={t('directory.title')}
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
