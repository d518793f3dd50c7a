import { z } from 'zod';
import {
  CLUB_JOIN_POLICIES,
  CLUB_LIMITS,
  CLUB_MEMBERS_PAGE_SIZE,
  CLUB_ROLES,
  CLUBS_PAGE_SIZE,
} from '../clubs';
import { WEAPONS } from '../constants';
import { clientString, pageLimitSchema, uuidSchema } from './common';

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
/** GET /api/clubs/{slug}/members: owner first, then admins, coaches and members, each by when they joined. */
export const clubMembersQuerySchema = z.object({
  role: z.enum(CLUB_ROLES, { message: 'Role must be member, coach, admin or owner' }).optional(),
  limit: pageLimitSchema(CLUB_MEMBERS_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type ClubMembersQuery = z.infer<typeof clubMembersQuerySchema>;
/** PATCH /api/clubs/{slug}/members/{userId}: admins set member or coach; the owner grants admin or hands over. */
export const setClubRoleSchema = z
  .object({ role: z.enum(CLUB_ROLES, { message: 'Role must be member, coach, admin or owner' }) })
  .strict();
