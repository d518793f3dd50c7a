import type { Club, ClubRole } from '@piste/contracts';

/** A club row as the queries select it. */
export interface ClubRow {
  id: string;
  slug: string;
  name: string;
  city: string;
  country: string;
  weapons: Club['weapons'];
  description: string;
  joinPolicy: Club['joinPolicy'];
  logo: string | null;
  membersCount: number;
  createdAt: Date;
}

export const CLUB_COLUMNS = `c."id", c."slug", c."name", c."city", c."country", c."weapons", c."description",
  c."joinPolicy", c."logo", c."membersCount", c."createdAt"`;

export function toClub(row: ClubRow): Club {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    city: row.city,
    country: row.country,
    weapons: row.weapons,
    description: row.description,
    joinPolicy: row.joinPolicy,
    logo: row.logo,
    membersCount: row.membersCount,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The roles by rank: the owner first. `SQL_RANK` orders member rows the same way. */
export const ROLE_RANK: Record<ClubRole, number> = { owner: 0, admin: 1, coach: 2, member: 3 };
export const SQL_RANK = (role: string) =>
  `(CASE ${role} WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'coach' THEN 2 ELSE 3 END)`;

/** Admins and the owner run the club. */
export const runsClub = (role: ClubRole | null): boolean => role === 'owner' || role === 'admin';

/** A slug made of the name: lower case, accents and punctuation gone, words joined by dashes. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'club';
}
