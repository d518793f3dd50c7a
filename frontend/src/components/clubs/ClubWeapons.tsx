import type { Weapon } from '@piste/contracts';
import { useTranslation } from '../../i18n/use-translation';
import { WEAPON_DOT_CLASSES, weaponLabel } from '../../lib/weapons';

/** The weapons a club fences, each with its colour's dot. */
export function ClubWeapons({ weapons }: { weapons: readonly Weapon[] }) {
  const { t } = useTranslation('clubs');
  return (
    <ul aria-label={t('form.weapons')} className="flex flex-wrap gap-1.5">
      {weapons.map((weapon) => (
        <li
          key={weapon}
          className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:border-slate-700 dark:text-slate-300"
        >
          <span aria-hidden className={`size-2 rounded-full ${WEAPON_DOT_CLASSES[weapon]}`} />
          {weaponLabel(weapon)}
        </li>
      ))}
    </ul>
  );
}
