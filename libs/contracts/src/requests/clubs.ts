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
import { english } from '../validation';

export const countrySchema = clientString(english('places.countryRequired'))
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { message: english('places.country') });

export const weaponsSchema = z
  .array(z.enum(WEAPONS, { message: english('weapons.list') }), {
    message: english('clubs.weapons'),
  })
  .min(1, { message: english('weapons.atLeastOne') })
  .max(WEAPONS.length)
  .transform((weapons) => [...new Set(weapons)]);

const clubFields = {
  name: clientString(english('clubs.nameRequired'))
    .trim()
    .min(2, { message: english('clubs.nameTooShort') })
    .max(CLUB_LIMITS.name, { message: english('clubs.nameTooLong', { max: CLUB_LIMITS.name }) }),
  city: clientString(english('places.cityRequired'))
    .trim()
    .min(1, { message: english('places.cityRequired') })
    .max(CLUB_LIMITS.city, { message: english('places.cityTooLong', { max: CLUB_LIMITS.city }) }),
  country: countrySchema,
  weapons: weaponsSchema,
  description: clientString()
    .trim()
    .max(CLUB_LIMITS.description, {
      message: english('descriptionTooLong', { max: CLUB_LIMITS.description }),
    }),
  joinPolicy: z.enum(CLUB_JOIN_POLICIES, { message: english('clubs.joinPolicy') }),
};

/** A club's slug in a path; one that cannot be a slug is answered as a club that does not exist. */
export const clubSlugSchema = z
  .string()
  .max(100, { message: english('clubs.notFound') })
  .regex(/^[A-Za-z0-9-]+$/, { message: english('clubs.notFound') });

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
      .max(300, { message: english('clubs.logo') })
      .regex(/^\/objects\/club\/[A-Za-z0-9_.-]+$/, { message: english('clubs.logo') })
      .nullable()
      .optional(),
  })
  .strict()
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), {
    message: english('nothingToChange'),
  });
export type UpdateClubPayload = z.input<typeof updateClubSchema>;

/** GET /api/clubs: the directory, by name (accents aside), country and weapon; newest first. */
export const clubsQuerySchema = z.object({
  q: clientString()
    .trim()
    .max(CLUB_LIMITS.name, { message: english('search.tooLong', { max: CLUB_LIMITS.name }) })
    .optional()
    .transform((q) => q || undefined),
  country: countrySchema.optional(),
  weapon: z.enum(WEAPONS, { message: english('weapons.filter') }).optional(),
  limit: pageLimitSchema(CLUBS_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type ClubsQuery = z.infer<typeof clubsQuerySchema>;
/** GET /api/clubs/{slug}/members: owner first, then admins, coaches and members, each by when they joined. */
export const clubMembersQuerySchema = z.object({
  role: z.enum(CLUB_ROLES, { message: english('clubs.role') }).optional(),
  limit: pageLimitSchema(CLUB_MEMBERS_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type ClubMembersQuery = z.infer<typeof clubMembersQuerySchema>;
/** PATCH /api/clubs/{slug}/members/{userId}: admins set member or coach; the owner grants admin or hands over. */
export const setClubRoleSchema = z
  .object({ role: z.enum(CLUB_ROLES, { message: english('clubs.role') }) })
  .strict();
