import type { SearchUser, Weapon } from '@piste/contracts';

/** A fencer as the search query selects them (never the email). */
export interface SearchUserRow {
  id: string;
  username: string;
  name: string | null;
  avatar: string | null;
  title: string | null;
  weaponSpecialty: Weapon | null;
  role: string;
}

export function toSearchUser(row: SearchUserRow): SearchUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    title: row.title,
    weaponSpecialty: row.weaponSpecialty,
    role: row.role,
  };
}
