import type { ClubRole } from '@piste/contracts';

/** Countries with many fencing clubs, offered first in the country fields (any other code can be typed). */
export const FENCING_COUNTRIES = [
  'FR',
  'IT',
  'US',
  'GB',
  'DE',
  'HU',
  'ES',
  'PL',
  'UA',
  'CA',
  'JP',
  'KR',
  'CN',
  'CH',
  'BE',
  'NL',
  'AT',
  'SE',
  'EG',
  'BR',
] as const;

let regionNames: Intl.DisplayNames | null | undefined;

/** A two-letter code's country name in English ('FR' → 'France'); the code itself when unknown. */
export function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A club's place: 'Lyon, France'. */
export const clubPlace = (club: { city: string; country: string }) =>
  `${club.city}, ${countryName(club.country)}`;

export const membersText = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

export const CLUB_ROLE_LABELS: Record<ClubRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  coach: 'Coach',
  member: 'Member',
};
