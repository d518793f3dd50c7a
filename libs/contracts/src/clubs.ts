import { WEAPONS } from './constants';
import { fencerSchema } from './common';
import { z } from './zod';

/** Clubs (DESIGN.md §4d): where fencers train together, with owner, admins, coaches and members. */

export const CLUB_ROLES = ['member', 'coach', 'admin', 'owner'] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];
export const CLUB_JOIN_POLICIES = ['open', 'request'] as const;
export type ClubJoinPolicy = (typeof CLUB_JOIN_POLICIES)[number];

export const CLUB_LIMITS = { name: 100, city: 120, description: 2000 } as const;

export const clubSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  weapons: z.array(z.enum(WEAPONS)),
  description: z.string(),
  joinPolicy: z.enum(CLUB_JOIN_POLICIES),
  logo: z.nullable(z.string()),
  membersCount: z.number(),
  createdAt: z.string(),
});
export type Club = z.infer<typeof clubSchema>;

/** GET /api/clubs/{slug}: the club and where the viewer stands in it. */
export const clubPageSchema = z.object({
  club: clubSchema,
  membersCount: z.number(),
  viewerRole: z.nullable(z.enum(CLUB_ROLES)),
  /** The viewer asked to join and waits for an admin. */
  viewerRequest: z.nullable(z.enum(['pending'])),
});
export type ClubPage = z.infer<typeof clubPageSchema>;

export const CLUBS_PAGE_SIZE = 20;
export const clubsPageSchema = z.object({ clubs: z.array(clubSchema), nextCursor: z.nullable(z.string()) });
export type ClubsPage = z.infer<typeof clubsPageSchema>;

export const clubMemberSchema = z.object({
  user: fencerSchema,
  role: z.enum(CLUB_ROLES),
  joinedAt: z.string(),
});
export type ClubMember = z.infer<typeof clubMemberSchema>;
export const CLUB_MEMBERS_PAGE_SIZE = 50;
export const clubMembersPageSchema = z.object({
  members: z.array(clubMemberSchema),
  nextCursor: z.nullable(z.string()),
});
export type ClubMembersPage = z.infer<typeof clubMembersPageSchema>;

/** GET /api/clubs/{slug}/requests (admins): who waits, oldest first. */
export const clubRequestSchema = z.object({ user: fencerSchema, requestedAt: z.string() });
export type ClubRequest = z.infer<typeof clubRequestSchema>;
export const clubRequestsSchema = z.array(clubRequestSchema);

/** A fencer's clubs, on their page. */
export const fencerClubSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  logo: z.nullable(z.string()),
  role: z.enum(CLUB_ROLES),
});
export type FencerClub = z.infer<typeof fencerClubSchema>;

/** `club:request`, to the club's admins: someone asks to join. */
export const clubRequestEventSchema = z.object({
  clubId: z.string(),
  slug: z.string(),
  request: clubRequestSchema,
});
/** `club:member`, to the member: they joined, were accepted, changed role or left (role null). */
export const clubMemberEventSchema = z.object({
  clubId: z.string(),
  slug: z.string(),
  userId: z.string(),
  role: z.nullable(z.enum(CLUB_ROLES)),
});
