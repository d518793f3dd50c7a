import { WEAPONS } from './constants';
import { fencerSchema, userSummarySchema } from './common';
import { postClubSchema } from './posts';
import { z } from './zod';

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
  url: z.nullable(z.string()),
  description: z.string(),
  club: z.nullable(postClubSchema),
  creator: z.nullable(userSummarySchema),
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
  viewerStatus: z.nullable(z.enum(ATTENDANCE_STATUSES)),
  attendees: z.array(attendeeSchema),
  /** The viewer may edit or cancel it (its creator, or an admin of its club). */
  canEdit: z.boolean(),
});
export type EventPage = z.infer<typeof eventPageSchema>;

export const EVENTS_PAGE_SIZE = 20;
export const eventsPageSchema = z.object({
  events: z.array(fencingEventSchema),
  nextCursor: z.nullable(z.string()),
});
export type EventsPage = z.infer<typeof eventsPageSchema>;

/** `event:attendance`, to `event:{id}`: the counts after a change. */
export const eventAttendanceEventSchema = z.object({
  eventId: z.string(),
  goingCount: z.number(),
  interestedCount: z.number(),
});
export type EventAttendance = z.infer<typeof eventAttendanceEventSchema>;

/** The reply to PUT …/attendance: the new counts and the viewer's own status. */
export const attendanceReplySchema = z.extend(eventAttendanceEventSchema, {
  viewerStatus: z.nullable(z.enum(ATTENDANCE_STATUSES)),
});
export type AttendanceReply = z.infer<typeof attendanceReplySchema>;

/**
 * GET /api/account/calendar: whether the personal calendar feed is on. POST makes a new link (the old one stops
 * working) and shows it this once; DELETE turns the feed off.
 */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  createdAt: z.nullable(z.string()),
  /** The feed's address: only in the reply that made it. */
  url: z.optional(z.string()),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
