import { DEFAULT_WEAPON, isWeapon, type Weapon } from '@piste/contracts';
import i18next from 'i18next';

/**
 * Each weapon's colour (Épée purple, Foil emerald, Sabre red) as literal Tailwind classes, in both themes. Text
 * keeps 4.5:1 against its fill and the borders and dots 3:1 against the page (WCAG AA): hence the darker emerald
 * behind the active Foil tab's white text.
 */
export const WEAPON_TAB_CLASSES: Record<Weapon, { active: string; inactive: string }> = {
  epee: {
    active: 'border-purple-600 bg-purple-600 text-white shadow-sm',
    inactive:
      'border-purple-200 bg-purple-50 text-purple-700 hover:border-purple-300 hover:bg-purple-100 dark:border-purple-800 dark:bg-purple-950/40 dark:text-purple-200 dark:hover:border-purple-700 dark:hover:bg-purple-900/50',
  },
  foil: {
    active: 'border-emerald-700 bg-emerald-700 text-white shadow-sm',
    inactive:
      'border-emerald-200 bg-emerald-50 text-emerald-700 hover:border-emerald-300 hover:bg-emerald-100 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200 dark:hover:border-emerald-700 dark:hover:bg-emerald-900/50',
  },
  sabre: {
    active: 'border-red-600 bg-red-600 text-white shadow-sm',
    inactive:
      'border-red-200 bg-red-50 text-red-700 hover:border-red-300 hover:bg-red-100 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200 dark:hover:border-red-700 dark:hover:bg-red-900/50',
  },
};

/** A card's top border in the weapon's colour. */
export const WEAPON_TOP_BORDER_CLASSES: Record<Weapon, string> = {
  epee: 'border-t-purple-500 dark:border-t-purple-400',
  foil: 'border-t-emerald-600 dark:border-t-emerald-500',
  sabre: 'border-t-red-500 dark:border-t-red-400',
};

/** A small dot in the weapon's colour, beside its name. */
export const WEAPON_DOT_CLASSES: Record<Weapon, string> = {
  epee: 'bg-purple-500 dark:bg-purple-400',
  foil: 'bg-emerald-600 dark:bg-emerald-500',
  sabre: 'bg-red-500 dark:bg-red-400',
};

/** The feed weapon a path shows: '/' is the default weapon, '/foil' is foil, anything else none. */
export function weaponOfPath(pathname: string): Weapon | null {
  if (pathname === '/') return DEFAULT_WEAPON;
  const segment = pathname.replace(/^\/+|\/+$/g, '');
  return isWeapon(segment) ? segment : null;
}

const WEAPON_NAMES = {
  epee: 'weapons.epee',
  foil: 'weapons.foil',
  sabre: 'weapons.sabre',
} as const satisfies Record<Weapon, string>;

/** A weapon's name in the language shown: 'Épée', 'Foil', 'Sabre' (French: 'Épée', 'Fleuret', 'Sabre'). */
export function weaponLabel(weapon: Weapon): string {
  return i18next.t(WEAPON_NAMES[weapon]);
}

const WEAPON_FENCERS = {
  epee: 'weaponFencer.epee',
  foil: 'weaponFencer.foil',
  sabre: 'weaponFencer.sabre',
} as const satisfies Record<Weapon, string>;

/** A fencer of a weapon, as a byline without a title says it: 'Épée fencer'. */
export function weaponFencer(weapon: Weapon): string {
  return i18next.t(WEAPON_FENCERS[weapon]);
}
