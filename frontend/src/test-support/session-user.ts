import type { SessionUser } from '@piste/contracts';

/** A signed-in fencer for tests: no avatar, no admin rights, no ban, a verified address and no language of its own unless the test says so. */
export function sessionUser(
  identity: Pick<SessionUser, 'id' | 'username' | 'name'> & Partial<SessionUser>,
): SessionUser {
  return {
    avatar: null,
    isAdmin: false,
    bannedUntil: null,
    emailVerified: true,
    language: null,
    ...identity,
  };
}
