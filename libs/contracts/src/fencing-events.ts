import { z } from 'zod';
import { WEAPONS } from './constants';
import { clientString, fencerSchema, pageLimitSchema, userSummarySchema, uuidSchema } from './common';
import { countrySchema } from './clubs';
import { postClubSchema } from './posts';

/**
 * Events (DESIGN.md §4d): competitions, trainings, camps and socials, optionally by a club, with who is going or
 * interested. Times travel as ISO instants; `timezone` is where the event happens, so a page can show its local
 * time and a calendar can place it.
 */

export const EVENT_KINDS = ['competition', 'training', 'camp', 'social'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const ATTENDANCE_STATUSES = ['going', 'interested'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const EVENT_LIMITS = {
  title: 150,
  venue: 200,
  city: 120,
  url: 500,
  description: 2000,
  categories: 10,
  category: 40,
  /** An event lasts at most this many days (a camp). */
  days: 31,
} as const;

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

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

export const fencingEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(EVENT_KINDS),
  startsAt: z.string(),
  endsAt: z.string(),
  timezone: z.string(),
  venue: z.string(),
  city: z.string(),
  country: z.string(),
  weapons: z.array(z.enum(WEAPONS)),
  categories: z.array(z.string()),
  url: z.string().nullable(),
  description: z.string(),
  club: postClubSchema.nullable(),
  creator: userSummarySchema.nullable(),
  goingCount: z.number(),
  interestedCount: z.number(),
  createdAt: z.string(),
});
export type FencingEvent = z.infer<typeof fencingEventSchema>;

/** Someone going to or interested in an event, as its page lists them: connections first. */
export const attendeeSchema = z.object({
  user: fencerSchema,
  status: z.enum(ATTENDANCE_STATUSES),
  /** Whether the viewer and this fencer are connected (the page offers Connect otherwise). */
  connected: z.boolean(),
});
export type Attendee = z.infer<typeof attendeeSchema>;
/** How many attendees an event's page lists. */
export const EVENT_ATTENDEES_SHOWN = 100;

/** GET /api/events/{id}. */
export const eventPageSchema = z.object({
  event: fencingEventSchema,
  goingCount: z.number(),
  interestedCount: z.number(),
  viewerStatus: z.enum(ATTENDANCE_STATUSES).nullable(),
  attendees: z.array(attendeeSchema),
  /** The viewer may edit or cancel it (its creator, or an admin of its club). */
  canEdit: z.boolean(),
});
export type EventPage = z.infer<typeof eventPageSchema>;

const dayOrInstant = (what: string) =>
  clientString()
    .refine((value) => !Number.isNaN(Date.parse(value)), { message: `${what} must be a date` })
    .transform((value) => new Date(value));

export const EVENTS_PAGE_SIZE = 20;
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
export const eventsPageSchema = z.object({
  events: z.array(fencingEventSchema),
  nextCursor: z.string().nullable(),
});
export type EventsPage = z.infer<typeof eventsPageSchema>;

/** PUT /api/events/{id}/attendance: going, interested, or neither. */
export const attendanceSchema = z
  .object({
    status: z.enum(ATTENDANCE_STATUSES, { message: 'Status is going, interested or null' }).nullable(),
  })
  .strict();
export type AttendancePayload = z.input<typeof attendanceSchema>;

/** `event:attendance`, to `event:{id}`: the counts after a change. */
export const eventAttendanceEventSchema = z.object({
  eventId: z.string(),
  goingCount: z.number(),
  interestedCount: z.number(),
});
export type EventAttendance = z.infer<typeof eventAttendanceEventSchema>;

/** The reply to PUT …/attendance: the new counts and the viewer's own status. */
export const attendanceReplySchema = eventAttendanceEventSchema.extend({
  viewerStatus: z.enum(ATTENDANCE_STATUSES).nullable(),
});
export type AttendanceReply = z.infer<typeof attendanceReplySchema>;

/**
 * GET /api/account/calendar: whether the personal calendar feed is on. POST makes a new link (the old one stops
 * working) and shows it this once; DELETE turns the feed off.
 */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  /** The feed's address: only in the reply that made it. */
  url: z.string().optional(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
