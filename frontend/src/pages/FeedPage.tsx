import { DEFAULT_WEAPON, isWeapon, WEAPON_LABELS } from '@piste/contracts';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { WEAPON_BORDER_CLASSES } from '../lib/weapons';
import { watchFeed } from '../realtime/socket';
import { NotFoundPage } from './NotFoundPage';

/** / and /:weapon — the feed of one weapon's community. */
export function FeedPage() {
  const { weapon: weaponParam } = useParams();
  const weapon = weaponParam === undefined ? DEFAULT_WEAPON : isWeapon(weaponParam) ? weaponParam : null;

  useEffect(() => {
    if (!weapon) return;
    watchFeed(weapon);
    return () => watchFeed(null);
  }, [weapon]);

  if (!weapon) return <NotFoundPage />;

  return (
    <section data-weapon={weapon} className="mx-auto max-w-2xl">
      <div className={`rounded-2xl border-t-4 bg-white p-6 shadow-sm ${WEAPON_BORDER_CLASSES[weapon]}`}>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{WEAPON_LABELS[weapon]}</h1>
        <p className="mt-1 text-slate-600">The {WEAPON_LABELS[weapon]} community feed.</p>
      </div>
    </section>
  );
}
