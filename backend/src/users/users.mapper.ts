import {
  isLanguage,
  type Fencer,
  type Profile,
  type PublicProfile,
  type SessionUser,
  type UserSummary,
  type Weapon,
} from '@piste/contracts';
import type { UserEntity } from './user.entity';

/** What the session user is made of: the user's row, or the columns of it that SessionUsers reads. */
export type SessionUserFields = Pick<
  UserEntity,
  'id' | 'username' | 'name' | 'avatar' | 'isAdmin' | 'emailVerifiedAt' | 'role' | 'language'
>;

/**
 * The session user, built here alone (at sign-in and by SessionUsers); `bannedUntil` is the end of the user's
 * active ban, if any (BansService.activeBanEnd).
 */
export function toSessionUser(user: SessionUserFields, bannedUntil: Date | null): SessionUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    isAdmin: user.isAdmin,
    bannedUntil: bannedUntil?.toISOString() ?? null,
    emailVerified: user.emailVerifiedAt !== null,
    role: user.role,
    language: isLanguage(user.language) ? user.language : null,
  };
}

export function toUserSummary(
  user: Pick<UserEntity, 'id' | 'name' | 'username' | 'avatar' | 'title'> & { ratingLabel?: string | null },
): UserSummary {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    avatar: user.avatar,
    title: user.title,
    ...(user.ratingLabel ? { rating: user.ratingLabel } : {}),
  };
}

/** The columns of user `u` that a fencer list row shows (connections, Discover, search hits). */
export const FENCER_COLUMNS = `u."id", u."username", u."name", u."avatar", u."title", u."weaponSpecialty", u."role",
  u."ratingLabel"`;

/** A user as FENCER_COLUMNS select it (never the email). */
export interface FencerRow {
  id: string;
  username: string;
  name: string | null;
  avatar: string | null;
  title: string | null;
  weaponSpecialty: Weapon | null;
  role: string;
  /** The rating shown beside the name; absent where a query does not select it. */
  ratingLabel?: string | null;
}

export function toFencer(row: FencerRow): Fencer {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    title: row.title,
    weaponSpecialty: row.weaponSpecialty,
    role: row.role,
    // Only fencers who show a rating carry it, so other rows keep the reply they always had.
    ...(row.ratingLabel ? { rating: row.ratingLabel } : {}),
  };
}

/** A user as the public profile shows them: the public columns only, never the email. */
export interface PublicProfileRow extends FencerRow {
  bio: string | null;
  location: string | null;
  achievements: string[] | null;
  postsCount: number;
  createdAt: Date;
}

export function toPublicProfile(row: PublicProfileRow): PublicProfile {
  return {
    ...toFencer(row),
    bio: row.bio,
    location: row.location,
    achievements: row.achievements ?? [],
    postsCount: row.postsCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The full profile: the public one, plus the counts, the admin flag and `email` (only for the user themselves). */
export function toProfile(user: UserEntity, viewerId: string | null): Profile {
  return {
    ...toPublicProfile(user),
    email: viewerId === user.id ? user.email : null,
    followersCount: user.followersCount,
    followingCount: user.followingCount,
    isAdmin: user.isAdmin,
  };
}
