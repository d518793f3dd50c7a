import { DEFAULT_WEAPON, isWeapon, type Weapon } from '@piste/contracts';

/** Each weapon's colour (Épée purple, Foil emerald, Sabre red) as literal Tailwind classes. */
export const WEAPON_TAB_CLASSES: Record<Weapon, { active: string; inactive: string }> = {
  epee: {
    active: 'border-purple-600 bg-purple-600 text-white shadow-sm',
    inactive: 'border-purple-200 bg-purple-50 text-purple-700 hover:border-purple-300 hover:bg-purple-100',
  },
  foil: {
    active: 'border-emerald-600 bg-emerald-600 text-white shadow-sm',
    inactive:
      'border-emerald-200 bg-emerald-50 text-emerald-700 hover:border-emerald-300 hover:bg-emerald-100',
  },
  sabre: {
    active: 'border-red-600 bg-red-600 text-white shadow-sm',
    inactive: 'border-red-200 bg-red-50 text-red-700 hover:border-red-300 hover:bg-red-100',
  },
};

export const WEAPON_BORDER_CLASSES: Record<Weapon, string> = {
  epee: 'border-purple-500',
  foil: 'border-emerald-500',
  sabre: 'border-red-500',
};

/** The feed weapon a path shows: '/' is the default weapon, '/foil' is foil, anything else none. */
export function weaponOfPath(pathname: string): Weapon | null {
  if (pathname === '/') return DEFAULT_WEAPON;
  const segment = pathname.replace(/^\/+|\/+$/g, '');
  return isWeapon(segment) ? segment : null;
}
