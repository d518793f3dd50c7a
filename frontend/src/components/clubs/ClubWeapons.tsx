import { WEAPON_LABELS, type Weapon } from '@piste/contracts';
import { WEAPON_DOT_CLASSES } from '../../lib/weapons';

/** The weapons a club fences, each with its colour's dot. */
export function ClubWeapons({ weapons }: { weapons: readonly Weapon[] }) {
  return (
    <ul aria-label="Weapons" className="flex flex-wrap gap-1.5">
      {weapons.map((weapon) => (
        <li
          key={weapon}
          className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:border-slate-700 dark:text-slate-300"
        >
          <span aria-hidden className={`size-2 rounded-full ${WEAPON_DOT_CLASSES[weapon]}`} />
          {WEAPON_LABELS[weapon]}
        </li>
      ))}
    </ul>
  );
}
