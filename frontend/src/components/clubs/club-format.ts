import type { ClubRole } from '@piste/contracts';
import { intlLocale } from '../../i18n/languages';

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

/** The country names of each language shown so far; null where the browser has none. */
const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A two-letter code's country name in the language shown ('FR' → 'France'); the code itself when unknown. */
export function countryName(code: string): string {
  const locale = intlLocale();
  if (!regionNames.has(locale)) {
    try {
      regionNames.set(locale, new Intl.DisplayNames([locale], { type: 'region' }));
    } catch {
      regionNames.set(locale, null);
    }
  }
  try {
    return regionNames.get(locale)?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A club's place: 'Lyon, France'. */
export const clubPlace = (club: { city: string; country: string }) =>
  `${club.city}, ${countryName(club.country)}`;

/** The keys of the club roles' names: Owner, Admin, Coach, Member. */
export const CLUB_ROLE_LABELS = {
  owner: 'clubs:roles.owner',
  admin: 'clubs:roles.admin',
  coach: 'clubs:roles.coach',
  member: 'clubs:roles.member',
} as const satisfies Record<ClubRole, string>;
