import { z } from 'zod';
import { WEAPONS } from '../constants';
import {
  ATTENDANCE_STATUSES,
  EVENT_KINDS,
  EVENT_LIMITS,
  EVENTS_PAGE_SIZE,
  isTimeZone,
} from '../fencing-events';
import { countrySchema } from './clubs';
import { clientString, pageLimitSchema, uuidSchema } from './common';

const instant = (what: string) =>
  z.iso
    .datetime({ offset: true, message: `${what} must be a date and time` })
    .transform((value) => new Date(value));

const eventFields = {
  title: clientString('Title is required')
    .trim()
    .min(3, { message: 'Title must be at least 3 characters' })
    .max(EVENT_LIMITS.title, { message: `Title can be at most ${EVENT_LIMITS.title} characters` }),
  kind: z.enum(EVENT_KINDS, { message: 'Kind is competition, training, camp or social' }),
  startsAt: instant('Start'),
  endsAt: instant('End'),
  timezone: clientString('Time zone is required')
    .max(64, { message: 'Unknown time zone' })
    .refine(isTimeZone, { message: 'Unknown time zone' }),
  venue: clientString()
    .trim()
    .max(EVENT_LIMITS.venue, { message: `Venue can be at most ${EVENT_LIMITS.venue} characters` }),
  city: clientString('City is required')
    .trim()
    .min(1, { message: 'City is required' })
    .max(EVENT_LIMITS.city, { message: `City can be at most ${EVENT_LIMITS.city} characters` }),
  country: countrySchema,
  weapons: z
    .array(z.enum(WEAPONS, { message: 'Weapons are epee, foil or sabre' }), {
      message: 'Choose the weapons',
    })
    .min(1, { message: 'Choose at least one weapon' })
    .max(WEAPONS.length)
    .transform((weapons) => [...new Set(weapons)]),
  categories: z
    .array(
      clientString()
        .trim()
        .min(1, { message: 'A category cannot be empty' })
        .max(EVENT_LIMITS.category, {
          message: `A category can be at most ${EVENT_LIMITS.category} characters`,
        }),
      { message: 'Categories are a list of names' },
    )
    .max(EVENT_LIMITS.categories, { message: `At most ${EVENT_LIMITS.categories} categories` })
    .transform((categories) => [...new Set(categories)]),
  url: clientString()
    .trim()
    .max(EVENT_LIMITS.url, { message: 'The registration link is too long' })
    .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
      message: 'The registration link must start with https:// or http://',
    })
    .transform((value) => value || null),
  description: clientString()
    .trim()
    .max(EVENT_LIMITS.description, {
      message: `Description can be at most ${EVENT_LIMITS.description} characters`,
    }),
};

const MAX_DURATION_MS = EVENT_LIMITS.days * 24 * 60 * 60 * 1000;

function checkTimes(
  event: { startsAt?: Date; endsAt?: Date },
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void },
): void {
  // Refinements run even when a field failed, on its value as sent: only two parsed dates are compared.
  if (!(event.startsAt instanceof Date) || !(event.endsAt instanceof Date)) return;
  if (event.endsAt < event.startsAt) {
    ctx.addIssue({ code: 'custom', message: 'The event must end after it starts', path: ['endsAt'] });
  } else if (event.endsAt.getTime() - event.startsAt.getTime() > MAX_DURATION_MS) {
    ctx.addIssue({
      code: 'custom',
      message: `An event can last at most ${EVENT_LIMITS.days} days`,
      path: ['endsAt'],
    });
  }
}

/** POST /api/events: anyone may announce one; a club's by its owner, admins and coaches. */
export const createEventSchema = z
  .object({
    ...eventFields,
    venue: eventFields.venue.default(''),
    categories: eventFields.categories.default([]),
    url: eventFields.url.nullish().transform((value) => value ?? null),
    description: eventFields.description.default(''),
    clubId: uuidSchema.nullish(),
  })
  .strict()
  .superRefine(checkTimes);
export type CreateEventPayload = z.input<typeof createEventSchema>;

/** PATCH /api/events/{id} (its creator, or its club's admins): what is sent changes; the times together. */
export const updateEventSchema = z
  .object({
    title: eventFields.title.optional(),
    kind: eventFields.kind.optional(),
    startsAt: eventFields.startsAt.optional(),
    endsAt: eventFields.endsAt.optional(),
    timezone: eventFields.timezone.optional(),
    venue: eventFields.venue.optional(),
    city: eventFields.city.optional(),
    country: eventFields.country.optional(),
    weapons: eventFields.weapons.optional(),
    categories: eventFields.categories.optional(),
    url: eventFields.url.nullish(),
    description: eventFields.description.optional(),
  })
  .strict()
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), {
    message: 'Nothing to change',
  })
  .refine((edit) => (edit.startsAt === undefined) === (edit.endsAt === undefined), {
    message: 'Change the start and the end together',
    path: ['endsAt'],
  })
  .superRefine(checkTimes);
export type UpdateEventPayload = z.input<typeof updateEventSchema>;

const dayOrInstant = (what: string) =>
  clientString()
    .refine((value) => !Number.isNaN(Date.parse(value)), { message: `${what} must be a date` })
    .transform((value) => new Date(value));

/** GET /api/events: upcoming first (those not over yet, by start), filtered; `after` is the last event shown. */
export const eventsQuerySchema = z
  .object({
    from: dayOrInstant('From').optional(),
    to: dayOrInstant('To').optional(),
    country: countrySchema.optional(),
    weapon: z.enum(WEAPONS, { message: 'Weapon must be epee, foil or sabre' }).optional(),
    clubId: uuidSchema.optional(),
    kind: z.enum(EVENT_KINDS, { message: 'Kind is competition, training, camp or social' }).optional(),
    limit: pageLimitSchema(EVENTS_PAGE_SIZE),
    after: uuidSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must be before to', path: ['to'] });
export type EventsQuery = z.infer<typeof eventsQuerySchema>;
/** What a list of events is narrowed to, as the client asks: `from` and `to` are instants, `country` a two-letter code. */
export type EventFilters = Omit<z.input<typeof eventsQuerySchema>, 'limit' | 'after'>;
/** PUT /api/events/{id}/attendance: going, interested, or neither. */
export const attendanceSchema = z
  .object({
    status: z.enum(ATTENDANCE_STATUSES, { message: 'Status is going, interested or null' }).nullable(),
  })
  .strict();
export type AttendancePayload = z.input<typeof attendanceSchema>;
