import type { Weapon } from '@piste/contracts';

/** 'Épée fencer', 'Foil fencer', 'Sabre fencer': how a fencer is described by their weapon. */
export const WEAPON_FENCER = {
  epee: 'common:weaponFencer.epee',
  foil: 'common:weaponFencer.foil',
  sabre: 'common:weaponFencer.sabre',
} as const satisfies Record<Weapon, string>;
