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
import { english } from '../validation';

const instant = (message: string) =>
  z.iso.datetime({ offset: true, message }).transform((value) => new Date(value));

const eventFields = {
  title: clientString(english('events.titleRequired'))
    .trim()
    .min(3, { message: english('events.titleTooShort') })
    .max(EVENT_LIMITS.title, { message: english('events.titleTooLong', { max: EVENT_LIMITS.title }) }),
  kind: z.enum(EVENT_KINDS, { message: english('events.kind') }),
  startsAt: instant(english('events.startInvalid')),
  endsAt: instant(english('events.endInvalid')),
  timezone: clientString(english('events.timeZoneRequired'))
    .max(64, { message: english('events.timeZone') })
    .refine(isTimeZone, { message: english('events.timeZone') }),
  venue: clientString()
    .trim()
    .max(EVENT_LIMITS.venue, { message: english('events.venueTooLong', { max: EVENT_LIMITS.venue }) }),
  city: clientString(english('places.cityRequired'))
    .trim()
    .min(1, { message: english('places.cityRequired') })
    .max(EVENT_LIMITS.city, { message: english('places.cityTooLong', { max: EVENT_LIMITS.city }) }),
  country: countrySchema,
  weapons: z
    .array(z.enum(WEAPONS, { message: english('weapons.list') }), {
      message: english('events.weapons'),
    })
    .min(1, { message: english('weapons.atLeastOne') })
    .max(WEAPONS.length)
    .transform((weapons) => [...new Set(weapons)]),
  categories: z
    .array(
      clientString()
        .trim()
        .min(1, { message: english('events.categoryEmpty') })
        .max(EVENT_LIMITS.category, {
          message: english('events.categoryTooLong', { max: EVENT_LIMITS.category }),
        }),
      { message: english('events.categories') },
    )
    .max(EVENT_LIMITS.categories, {
      message: english('events.tooManyCategories', { max: EVENT_LIMITS.categories }),
    })
    .transform((categories) => [...new Set(categories)]),
  url: clientString()
    .trim()
    .max(EVENT_LIMITS.url, { message: english('events.linkTooLong') })
    .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
      message: english('events.linkScheme'),
    })
    .transform((value) => value || null),
  description: clientString()
    .trim()
    .max(EVENT_LIMITS.description, {
      message: english('descriptionTooLong', { max: EVENT_LIMITS.description }),
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
    ctx.addIssue({ code: 'custom', message: english('events.endBeforeStart'), path: ['endsAt'] });
  } else if (event.endsAt.getTime() - event.startsAt.getTime() > MAX_DURATION_MS) {
    ctx.addIssue({
      code: 'custom',
      message: english('events.tooLong', { days: EVENT_LIMITS.days }),
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
    message: english('nothingToChange'),
  })
  .refine((edit) => (edit.startsAt === undefined) === (edit.endsAt === undefined), {
    message: english('events.timesTogether'),
    path: ['endsAt'],
  })
  .superRefine(checkTimes);
export type UpdateEventPayload = z.input<typeof updateEventSchema>;

const dayOrInstant = (message: string) =>
  clientString()
    .refine((value) => !Number.isNaN(Date.parse(value)), { message })
    .transform((value) => new Date(value));

/** GET /api/events: upcoming first (those not over yet, by start), filtered; `after` is the last event shown. */
export const eventsQuerySchema = z
  .object({
    from: dayOrInstant(english('events.fromInvalid')).optional(),
    to: dayOrInstant(english('events.toInvalid')).optional(),
    country: countrySchema.optional(),
    weapon: z.enum(WEAPONS, { message: english('weapons.filter') }).optional(),
    clubId: uuidSchema.optional(),
    kind: z.enum(EVENT_KINDS, { message: english('events.kind') }).optional(),
    limit: pageLimitSchema(EVENTS_PAGE_SIZE),
    after: uuidSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: english('events.fromAfterTo'),
    path: ['to'],
  });
export type EventsQuery = z.infer<typeof eventsQuerySchema>;
/** What a list of events is narrowed to, as the client asks: `from` and `to` are instants, `country` a two-letter code. */
export type EventFilters = Omit<z.input<typeof eventsQuerySchema>, 'limit' | 'after'>;
/** PUT /api/events/{id}/attendance: going, interested, or neither. */
export const attendanceSchema = z
  .object({
    status: z.enum(ATTENDANCE_STATUSES, { message: english('events.attendance') }).nullable(),
  })
  .strict();
export type AttendancePayload = z.input<typeof attendanceSchema>;
