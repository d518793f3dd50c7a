import { fencerIdentitySchema } from './common';
import { LANGUAGES } from './languages';
import { publicProfileSchema } from './profiles';
import { z } from './zod';

/** What the forms and the server accept as an email address. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The session user, as returned to the client. */
export const sessionUserSchema = z.extend(fencerIdentitySchema, {
  isAdmin: z.boolean(),
  /**
   * While the user is banned: when the ban ends (ISO time; the latest of their active bans). Until then they
   * can read but not post, comment, react, message, ask to connect, upload or edit their profile. Null otherwise.
   */
  bannedUntil: z.nullable(z.string()),
  /** Whether the user followed the link mailed to their address; the app asks them to until they have. */
  emailVerified: z.boolean(),
  /** The fencer's role: a youth fencer's posts go to their connections unless they choose otherwise (§4c). */
  role: z.optional(z.string()),
  /** The language the user chose in settings; null: their browser's (its `Accept-Language`). */
  language: z.nullable(z.enum(LANGUAGES)),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A user's full own profile (GET /api/current-user) and the public profile of others. */
export const profileSchema = z.extend(publicProfileSchema, {
  /** Only in the user's own profile; null for anyone else. */
  email: z.nullable(z.string()),
  followersCount: z.number(),
  followingCount: z.number(),
  isAdmin: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;
