import {
  attendanceReplySchema,
  calendarFeedSchema,
  eventPageSchema,
  eventsPageSchema,
  type AttendanceReply,
  type AttendanceStatus,
  type CalendarFeed,
  type CreateEventPayload,
  type EventFilters,
  type EventPage,
  type EventsPage,
  type UpdateEventPayload,
} from '@piste/contracts';
import { api } from './client';

/** The event calls of DESIGN.md §4d: the list, an event's page, going or interested, and the calendar feed. */

const eventApiPath = (id: string) => `/api/events/${encodeURIComponent(id)}`;

/** GET /api/events: those not over yet (by `from`), soonest first, a page at a time. */
export function fetchEvents(filters: EventFilters, after?: string): Promise<EventsPage> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, after })) if (value) search.set(key, value);
  const query = search.toString();
  return api.get(query ? `/api/events?${query}` : '/api/events', eventsPageSchema);
}

/** POST /api/events: a club's only by its owner, admins and coaches. */
export function createEvent(payload: CreateEventPayload): Promise<EventPage> {
  return api.post('/api/events', payload, eventPageSchema);
}

export function fetchEvent(id: string): Promise<EventPage> {
  return api.get(eventApiPath(id), eventPageSchema);
}

/** PATCH /api/events/{id} (its creator, or its club's admins): the start and the end go together. */
export function updateEvent(id: string, edit: UpdateEventPayload): Promise<EventPage> {
  return api.patch(eventApiPath(id), edit, eventPageSchema);
}

/** DELETE /api/events/{id}: the event is cancelled, and gone. */
export async function deleteEvent(id: string): Promise<void> {
  await api.delete(eventApiPath(id));
}

/** PUT /api/events/{id}/attendance: going, interested, or neither (null). */
export function setAttendance(id: string, status: AttendanceStatus | null): Promise<AttendanceReply> {
  return api.put(`${eventApiPath(id)}/attendance`, { status }, attendanceReplySchema);
}

/** GET /api/account/calendar: whether the personal calendar feed is on (its link is never shown again). */
export function fetchCalendarFeed(): Promise<CalendarFeed> {
  return api.get('/api/account/calendar', calendarFeedSchema);
}

/** POST /api/account/calendar: a new secret link, shown in this reply only; the previous one stops working. */
export function renewCalendarFeed(): Promise<CalendarFeed> {
  return api.post('/api/account/calendar', undefined, calendarFeedSchema);
}

/** DELETE /api/account/calendar: the feed is off and its link stops working. */
export async function turnOffCalendarFeed(): Promise<void> {
  await api.delete('/api/account/calendar');
}
