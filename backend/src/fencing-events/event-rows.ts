import type { FencingEvent, PostClub } from '@piste/contracts';

/** An event row as the queries select it, with its club and creator beside it. */
export interface EventRow {
  id: string;
  creatorId: string | null;
  clubId: string | null;
  title: string;
  kind: FencingEvent['kind'];
  startsAt: Date;
  endsAt: Date;
  timezone: string;
  venue: string;
  city: string;
  country: string;
  weapons: FencingEvent['weapons'];
  categories: string[];
  url: string | null;
  description: string;
  goingCount: number;
  interestedCount: number;
  sequence: number;
  createdAt: Date;
  updatedAt: Date;
  clubSlug: string | null;
  clubName: string | null;
  creatorUsername: string | null;
  creatorName: string | null;
  creatorAvatar: string | null;
}

/** The event's columns (alias `e`) with its club (`cl`) and creator (`cr`), for `FROM EVENT_FROM`. */
export const EVENT_COLUMNS = `e."id", e."creatorId", e."clubId", e."title", e."kind", e."startsAt", e."endsAt",
  e."timezone", e."venue", e."city", e."country", e."weapons", e."categories", e."url", e."description",
  e."goingCount", e."interestedCount", e."sequence", e."createdAt", e."updatedAt",
  cl."slug" AS "clubSlug", cl."name" AS "clubName",
  cr."username" AS "creatorUsername", cr."name" AS "creatorName", cr."avatar" AS "creatorAvatar"`;

export const EVENT_FROM = `events e
  LEFT JOIN clubs cl ON cl."id" = e."clubId"
  LEFT JOIN users cr ON cr."id" = e."creatorId"`;

export function toFencingEvent(row: EventRow): FencingEvent {
  const club: PostClub | null =
    row.clubId && row.clubSlug && row.clubName
      ? { id: row.clubId, slug: row.clubSlug, name: row.clubName }
      : null;
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    timezone: row.timezone,
    venue: row.venue,
    city: row.city,
    country: row.country.trim(),
    weapons: row.weapons,
    categories: row.categories,
    url: row.url,
    description: row.description,
    club,
    creator: row.creatorId
      ? {
          id: row.creatorId,
          username: row.creatorUsername ?? undefined,
          name: row.creatorName,
          avatar: row.creatorAvatar,
        }
      : null,
    goingCount: row.goingCount,
    interestedCount: row.interestedCount,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
