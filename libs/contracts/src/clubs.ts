import { z } from 'zod';
import { WEAPONS } from './constants';
import { clientString, fencerSchema, pageLimitSchema, uuidSchema } from './common';

/** Clubs (DESIGN.md §4d): where fencers train together, with owner, admins, coaches and members. */

export const CLUB_ROLES = ['member', 'coach', 'admin', 'owner'] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];
export const CLUB_JOIN_POLICIES = ['open', 'request'] as const;
export type ClubJoinPolicy = (typeof CLUB_JOIN_POLICIES)[number];

export const CLUB_LIMITS = { name: 100, city: 120, description: 2000 } as const;

export const countrySchema = clientString('Choose a country')
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { message: 'Country must be a two-letter code such as FR or US' });

export const weaponsSchema = z
  .array(z.enum(WEAPONS, { message: 'Weapons are epee, foil or sabre' }), {
    message: 'Choose the weapons the club fences',
  })
  .min(1, { message: 'Choose at least one weapon' })
  .max(WEAPONS.length)
  .transform((weapons) => [...new Set(weapons)]);

const clubFields = {
  name: clientString('Club name is required')
    .trim()
    .min(2, { message: 'Club name must be at least 2 characters' })
    .max(CLUB_LIMITS.name, { message: `Club name can be at most ${CLUB_LIMITS.name} characters` }),
  city: clientString('City is required')
    .trim()
    .min(1, { message: 'City is required' })
    .max(CLUB_LIMITS.city, { message: `City can be at most ${CLUB_LIMITS.city} characters` }),
  country: countrySchema,
  weapons: weaponsSchema,
  description: clientString()
    .trim()
    .max(CLUB_LIMITS.description, {
      message: `Description can be at most ${CLUB_LIMITS.description} characters`,
    }),
  joinPolicy: z.enum(CLUB_JOIN_POLICIES, { message: 'Joining is open or by request' }),
};

/** A club's slug in a path; one that cannot be a slug is answered as a club that does not exist. */
export const clubSlugSchema = z
  .string()
  .max(100, { message: 'Club not found' })
  .regex(/^[A-Za-z0-9-]+$/, { message: 'Club not found' });

/** POST /api/clubs: the creator becomes its owner. */
export const createClubSchema = z
  .object({
    ...clubFields,
    description: clubFields.description.default(''),
    joinPolicy: clubFields.joinPolicy.default('open'),
  })
  .strict();
export type CreateClubPayload = z.input<typeof createClubSchema>;

/** PATCH /api/clubs/{slug} (admins): what is sent changes. */
export const updateClubSchema = z
  .object({
    name: clubFields.name.optional(),
    city: clubFields.city.optional(),
    country: clubFields.country.optional(),
    weapons: clubFields.weapons.optional(),
    description: clubFields.description.optional(),
    joinPolicy: clubFields.joinPolicy.optional(),
    /** An image the admin uploaded for a club (purpose `club`), or null for none. */
    logo: clientString()
      .max(300, { message: 'The logo must be an uploaded image' })
      .regex(/^\/objects\/club\/[A-Za-z0-9_.-]+$/, { message: 'The logo must be an uploaded image' })
      .nullable()
      .optional(),
  })
  .strict()
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateClubPayload = z.input<typeof updateClubSchema>;

export const clubSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  weapons: z.array(z.enum(WEAPONS)),
  description: z.string(),
  joinPolicy: z.enum(CLUB_JOIN_POLICIES),
  logo: z.string().nullable(),
  membersCount: z.number(),
  createdAt: z.string(),
});
export type Club = z.infer<typeof clubSchema>;

/** GET /api/clubs/{slug}: the club and where the viewer stands in it. */
export const clubPageSchema = z.object({
  club: clubSchema,
  membersCount: z.number(),
  viewerRole: z.enum(CLUB_ROLES).nullable(),
  /** The viewer asked to join and waits for an admin. */
  viewerRequest: z.enum(['pending']).nullable(),
});
export type ClubPage = z.infer<typeof clubPageSchema>;

export const CLUBS_PAGE_SIZE = 20;
/** GET /api/clubs: the directory, by name (accents aside), country and weapon; newest first. */
export const clubsQuerySchema = z.object({
  q: clientString()
    .trim()
    .max(CLUB_LIMITS.name, { message: `Search text can be at most ${CLUB_LIMITS.name} characters` })
    .optional()
    .transform((q) => q || undefined),
  country: countrySchema.optional(),
  weapon: z.enum(WEAPONS, { message: 'Weapon must be epee, foil or sabre' }).optional(),
  limit: pageLimitSchema(CLUBS_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type ClubsQuery = z.infer<typeof clubsQuerySchema>;
export const clubsPageSchema = z.object({ clubs: z.array(clubSchema), nextCursor: z.string().nullable() });
export type ClubsPage = z.infer<typeof clubsPageSchema>;

export const clubMemberSchema = z.object({
  user: fencerSchema,
  role: z.enum(CLUB_ROLES),
  joinedAt: z.string(),
});
export type ClubMember = z.infer<typeof clubMemberSchema>;
export const CLUB_MEMBERS_PAGE_SIZE = 50;
/** GET /api/clubs/{slug}/members: owner first, then admins, coaches and members, each by when they joined. */
export const clubMembersQuerySchema = z.object({
  role: z.enum(CLUB_ROLES, { message: 'Role must be member, coach, admin or owner' }).optional(),
  limit: pageLimitSchema(CLUB_MEMBERS_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type ClubMembersQuery = z.infer<typeof clubMembersQuerySchema>;
export const clubMembersPageSchema = z.object({
  members: z.array(clubMemberSchema),
  nextCursor: z.string().nullable(),
});
export type ClubMembersPage = z.infer<typeof clubMembersPageSchema>;

/** GET /api/clubs/{slug}/requests (admins): who waits, oldest first. */
export const clubRequestSchema = z.object({ user: fencerSchema, requestedAt: z.string() });
export type ClubRequest = z.infer<typeof clubRequestSchema>;
export const clubRequestsSchema = z.array(clubRequestSchema);

/** PATCH /api/clubs/{slug}/members/{userId}: admins set member or coach; the owner grants admin or hands over. */
export const setClubRoleSchema = z
  .object({ role: z.enum(CLUB_ROLES, { message: 'Role must be member, coach, admin or owner' }) })
  .strict();

/** A fencer's clubs, on their page. */
export const fencerClubSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
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
  role: z.enum(CLUB_ROLES).nullable(),
});
