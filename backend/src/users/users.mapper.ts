import type { Profile, SessionUser, UserSummary } from '@piste/contracts';
import type { UserEntity } from './user.entity';

/** The session user; `bannedUntil` is the end of the user's active ban, if any (BansService.activeBanEnd). */
export function toSessionUser(user: UserEntity, bannedUntil: Date | null): SessionUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    isAdmin: user.isAdmin,
    bannedUntil: bannedUntil?.toISOString() ?? null,
  };
}

export function toUserSummary(
  user: Pick<UserEntity, 'id' | 'name' | 'username' | 'avatar' | 'title'>,
): UserSummary {
  return { id: user.id, name: user.name, username: user.username, avatar: user.avatar, title: user.title };
}

/** The full profile; `email` only for the user themselves. */
export function toProfile(user: UserEntity, viewerId: string | null): Profile {
  return {
    id: user.id,
    username: user.username,
    email: viewerId === user.id ? user.email : null,
    name: user.name,
    avatar: user.avatar,
    bio: user.bio,
    title: user.title,
    location: user.location,
    weaponSpecialty: user.weaponSpecialty,
    role: user.role,
    achievements: user.achievements ?? [],
    followersCount: user.followersCount,
    followingCount: user.followingCount,
    postsCount: user.postsCount,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
  };
}
