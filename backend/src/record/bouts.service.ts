import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type Bout,
  type BoutsPage,
  type BoutsQuery,
  type BoutTotals,
  type FencerRecord,
  type HeadToHead,
  type Rating,
  type RecordVisibility,
  type SessionUser,
  type createBoutSchema,
} from '@piste/contracts';
import type { z } from 'zod';
import { blockedEitherWay } from '../blocks/block-visibility';
import { nameOf } from '../notification-texts/notification-texts';
import { NotificationsService } from '../notifications/notifications.service';
import { toFencer, type FencerRow } from '../users/users.mapper';
import { recordVisibleTo } from './record-visibility';
import { recordError, RecordErrorCode } from './record.errors';
import { userError, UserErrorCode } from '../users/users.errors';

export type CreateBout = z.output<typeof createBoutSchema>;

/** A fencer whose record is asked for, and whether the viewer may see it. */
interface RecordOwner {
  id: string;
  username: string;
  visible: boolean;
  recordVisibility: RecordVisibility;
  ratings: Rating[];
}

/** A bout row with the other fencer's columns (prefixed `o_`), as seen from one fencer's side (`$2`). */
interface BoutRow {
  id: string;
  authorId: string;
  weapon: Bout['weapon'];
  scoreFor: number;
  scoreAgainst: number;
  won: boolean;
  kind: Bout['kind'];
  date: string;
  eventId: string | null;
  notes: string | null;
  status: Bout['status'];
  opponentName: string | null;
  createdAt: Date;
  other: FencerRow | null;
}

const HEAD_TO_HEAD_SHOWN = 20;

/** A bout from fencer `side`'s point of view: their touches first, their win or loss. */
const BOUT_FROM_SIDE = (side: string) => `
  b."id", b."authorId", b."weapon", b."kind", b."date"::text AS "date", b."eventId", b."notes", b."status",
  b."opponentName", b."createdAt",
  CASE WHEN b."authorId" = ${side} THEN b."scoreFor" ELSE b."scoreAgainst" END AS "scoreFor",
  CASE WHEN b."authorId" = ${side} THEN b."scoreAgainst" ELSE b."scoreFor" END AS "scoreAgainst",
  (b."authorId" = ${side}) = b."won" AS "won",
  CASE WHEN u."id" IS NULL THEN NULL ELSE json_build_object(
    'id', u."id", 'username', u."username", 'name', u."name", 'avatar', u."avatar", 'title', u."title",
    'weaponSpecialty', u."weaponSpecialty", 'role', u."role", 'ratingLabel', u."ratingLabel") END AS "other"`;

/** The other fencer of a bout, from `side`'s point of view. */
const OTHER_FENCER = (side: string) =>
  `LEFT JOIN users u ON u."id" = CASE WHEN b."authorId" = ${side} THEN b."opponentId" ELSE b."authorId" END`;

/** Totals per weapon of `side`'s bouts matching `where`, from their side. */
const TOTALS = (side: string, where: string) => `
  SELECT b."weapon", count(*)::int AS "bouts",
         count(*) FILTER (WHERE (b."authorId" = ${side}) = b."won")::int AS "wins",
         coalesce(sum(CASE WHEN b."authorId" = ${side} THEN b."scoreFor" ELSE b."scoreAgainst" END), 0)::int AS "touchesFor",
         coalesce(sum(CASE WHEN b."authorId" = ${side} THEN b."scoreAgainst" ELSE b."scoreFor" END), 0)::int AS "touchesAgainst"
    FROM bouts b WHERE ${where}
   GROUP BY b."weapon" ORDER BY b."weapon"`;

/** Bouts that count in `side`'s totals: confirmed ones, and those they logged against a name. */
const COUNTED = (side: string) =>
  `((b."authorId" = ${side} AND b."status" IN ('confirmed', 'recorded')) OR (b."opponentId" = ${side} AND b."status" = 'confirmed'))`;

/**
 * The bout log (DESIGN.md §4d): a fencer logs a bout from their side; one against a Piste fencer waits for that
 * fencer to confirm or dispute it, and only confirmed bouts count. Each fencer's page reads the same rows from
 * their own side, so A's view of B always mirrors B's view of A.
 */
@Injectable()
export class BoutsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
  ) {}

  async create(viewer: SessionUser, payload: CreateBout): Promise<Bout> {
    const today = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    if (payload.date > today) throw recordError(RecordErrorCode.BoutInFuture);
    if (payload.date < '1900-01-01') throw recordError(RecordErrorCode.BadDate);
    if (payload.opponentId === viewer.id) throw recordError(RecordErrorCode.BoutAgainstSelf);
    const { bout, told } = await this.dataSource.transaction(async (manager) => {
      let opponent: { id: string; username: string } | null = null;
      if (payload.opponentId) {
        [opponent] = await manager.query<Array<{ id: string; username: string }>>(
          `SELECT u."id", u."username" FROM users u
            WHERE u."id" = $1 AND u."deletionRequestedAt" IS NULL AND NOT ${blockedEitherWay('u."id"', '$2::uuid')}`,
          [payload.opponentId, viewer.id],
        );
        if (!opponent) throw userError(UserErrorCode.NotFound);
      }
      if (payload.eventId) {
        const [event] = await manager.query<unknown[]>(`SELECT 1 FROM events WHERE "id" = $1`, [
          payload.eventId,
        ]);
        if (!event) throw recordError(RecordErrorCode.UnknownEvent);
      }
      const [{ id }] = await manager.query<Array<{ id: string }>>(
        `INSERT INTO bouts ("authorId", "opponentId", "opponentName", "weapon", "scoreFor", "scoreAgainst", "won",
                            "kind", "date", "eventId", "notes", "status")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING "id"`,
        [
          viewer.id,
          opponent?.id ?? null,
          opponent ? null : payload.opponentName,
          payload.weapon,
          payload.scoreFor,
          payload.scoreAgainst,
          payload.won,
          payload.kind,
          payload.date,
          payload.eventId ?? null,
          payload.notes,
          opponent ? 'unconfirmed' : 'recorded',
        ],
      );
      const told = opponent
        ? await this.notifications.record(manager, {
            recipientId: opponent.id,
            type: 'bout',
            actor: viewer,
            text: {
              kind: 'bout_logged',
              actor: nameOf(viewer),
              yours: payload.scoreAgainst,
              theirs: payload.scoreFor,
            },
            path: `/u/${opponent.username}#bouts`,
          })
        : null;
      const [bout] = await this.bouts(
        manager,
        viewer.id,
        viewer.id,
        { where: `b."id" = $3`, params: [id] },
        1,
      );
      return { bout, told: opponent ? { recipientId: opponent.id, notification: told } : null };
    });
    if (told) this.notifications.deliver(told.recipientId, told.notification);
    return bout;
  }

  /** The other fencer confirms or disputes a bout logged against them; the one who logged it is told. */
  async answer(viewer: SessionUser, boutId: string, confirm: boolean): Promise<Bout> {
    const { bout, told } = await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<
        Array<{ authorId: string; opponentId: string | null; status: Bout['status'] }>
      >(`SELECT "authorId", "opponentId", "status" FROM bouts WHERE "id" = $1 FOR UPDATE`, [boutId]);
      if (!row || (row.authorId !== viewer.id && row.opponentId !== viewer.id)) {
        throw recordError(RecordErrorCode.BoutNotFound);
      }
      if (row.opponentId !== viewer.id) {
        throw recordError(RecordErrorCode.NotOpponent);
      }
      if (row.status !== 'unconfirmed') throw recordError(RecordErrorCode.AlreadyAnswered);
      await manager.query(`UPDATE bouts SET "status" = $2, "answeredAt" = now() WHERE "id" = $1`, [
        boutId,
        confirm ? 'confirmed' : 'disputed',
      ]);
      const [author] = await manager.query<Array<{ username: string }>>(
        `SELECT "username" FROM users WHERE "id" = $1`,
        [row.authorId],
      );
      const notification = await this.notifications.record(manager, {
        recipientId: row.authorId,
        type: 'bout',
        actor: viewer,
        text: { kind: confirm ? 'bout_confirmed' : 'bout_disputed', actor: nameOf(viewer) },
        path: `/u/${author.username}#bouts`,
      });
      const [bout] = await this.bouts(
        manager,
        viewer.id,
        viewer.id,
        { where: `b."id" = $3`, params: [boutId] },
        1,
      );
      return { bout, told: { recipientId: row.authorId, notification } };
    });
    this.notifications.deliver(told.recipientId, told.notification);
    return bout;
  }

  /** Whoever logged a bout may take it back. */
  async remove(viewer: SessionUser, boutId: string): Promise<void> {
    const [row] = await this.dataSource.query<Array<{ authorId: string; opponentId: string | null }>>(
      `SELECT "authorId", "opponentId" FROM bouts WHERE "id" = $1`,
      [boutId],
    );
    if (!row || (row.authorId !== viewer.id && row.opponentId !== viewer.id)) {
      throw recordError(RecordErrorCode.BoutNotFound);
    }
    if (row.authorId !== viewer.id) throw recordError(RecordErrorCode.NotLogger);
    await this.dataSource.query(`DELETE FROM bouts WHERE "id" = $1`, [boutId]);
  }

  /** The record card: whether the viewer may see it, the fencer's ratings and their totals per weapon. */
  async record(viewer: SessionUser, username: string): Promise<FencerRecord> {
    const owner = await this.owner(viewer, username);
    const sharedWith = owner.recordVisibility;
    if (!owner.visible) return { visible: false, sharedWith, ratings: [], totals: [] };
    const totals = await this.totals(owner.id, COUNTED('$1'));
    return { visible: true, sharedWith, ratings: owner.ratings, totals };
  }

  /**
   * A fencer's bouts, newest first, from their side: those waiting for an answer or disputed only to the two
   * fencers in them; none with a fencer on the other side of a block from the viewer.
   */
  async list(viewer: SessionUser, username: string, query: BoutsQuery): Promise<BoutsPage> {
    const owner = await this.visibleOwner(viewer, username);
    const params: unknown[] = [];
    const where = [
      `(b."authorId" = $2 OR b."opponentId" = $2)`,
      `(b."status" IN ('confirmed', 'recorded') OR b."authorId" = $1 OR b."opponentId" = $1)`,
    ];
    if (query.weapon) {
      params.push(query.weapon);
      where.push(`b."weapon" = $${params.length + 2}`);
    }
    if (query.before) {
      const [known] = await this.dataSource.query<unknown[]>(
        `SELECT 1 FROM bouts WHERE "id" = $1 AND ("authorId" = $2 OR "opponentId" = $2)`,
        [query.before, owner.id],
      );
      if (!known) throw recordError(RecordErrorCode.UnknownCursor);
      params.push(query.before);
      where.push(
        `(b."date", b."createdAt", b."id") < (SELECT "date", "createdAt", "id" FROM bouts WHERE "id" = $${params.length + 2})`,
      );
    }
    const bouts = await this.bouts(
      this.dataSource.manager,
      viewer.id,
      owner.id,
      { where: where.join(' AND '), params },
      query.limit + 1,
    );
    const shown = bouts.slice(0, query.limit);
    return { bouts: shown, nextCursor: bouts.length > query.limit ? shown[shown.length - 1].id : null };
  }

  /** The viewer against this fencer, confirmed bouts only, from the viewer's side. */
  async headToHead(viewer: SessionUser, username: string): Promise<HeadToHead> {
    const owner = await this.visibleOwner(viewer, username);
    if (owner.id === viewer.id) throw recordError(RecordErrorCode.HeadToHeadSelf);
    // `side` is the viewer, `other` the fencer whose page it is.
    const between = (side: string, other: string) =>
      `b."status" = 'confirmed' AND ((b."authorId" = ${side} AND b."opponentId" = ${other})` +
      ` OR (b."authorId" = ${other} AND b."opponentId" = ${side}))`;
    const [totals, bouts] = await Promise.all([
      this.totals(viewer.id, between('$1', '$2'), [owner.id]),
      this.bouts(
        this.dataSource.manager,
        viewer.id,
        viewer.id,
        { where: between('$2', '$3'), params: [owner.id] },
        HEAD_TO_HEAD_SHOWN,
      ),
    ]);
    return { totals, bouts };
  }

  /** The fencer with this username; 404 when unknown or across a block. */
  private async owner(viewer: SessionUser, username: string): Promise<RecordOwner> {
    const [owner] = await this.dataSource.query<RecordOwner[]>(
      `SELECT u."id", u."username", u."recordVisibility", u."ratings", ${recordVisibleTo('u', '$1')} AS "visible"
         FROM users u
        WHERE lower(u."username") = lower($2) AND NOT ${blockedEitherWay('u."id"', '$1::uuid')}`,
      [viewer.id, username],
    );
    if (!owner) throw userError(UserErrorCode.NotFound);
    return owner;
  }

  /** owner, refused when the viewer may not see the fencer's record. */
  private async visibleOwner(viewer: SessionUser, username: string): Promise<RecordOwner> {
    const owner = await this.owner(viewer, username);
    if (!owner.visible) {
      throw recordError(
        owner.recordVisibility === 'connections' ? RecordErrorCode.ConnectionsOnly : RecordErrorCode.Private,
      );
    }
    return owner;
  }

  private async totals(side: string, where: string, extra: unknown[] = []): Promise<BoutTotals[]> {
    const rows = await this.dataSource.query<Array<Omit<BoutTotals, 'losses' | 'indicator'>>>(
      TOTALS('$1', where),
      [side, ...extra],
    );
    return rows.map((row) => ({
      ...row,
      losses: row.bouts - row.wins,
      indicator: row.touchesFor - row.touchesAgainst,
    }));
  }

  /**
   * Bouts matching `filter.where` (over `b`; `$1` is the viewer, `$2` the fencer whose side they are read from,
   * `$3`… `filter.params`), newest first, never with a fencer across a block from the viewer.
   */
  private async bouts(
    manager: EntityManager,
    viewerId: string,
    side: string,
    filter: { where: string; params: unknown[] },
    limit: number,
  ): Promise<Bout[]> {
    const rows = await manager.query<BoutRow[]>(
      `SELECT ${BOUT_FROM_SIDE('$2')} FROM bouts b ${OTHER_FENCER('$2')}
        WHERE ${filter.where} AND (u."id" IS NULL OR NOT ${blockedEitherWay('u."id"', '$1::uuid')})
        ORDER BY b."date" DESC, b."createdAt" DESC, b."id" DESC LIMIT ${Number(limit)}`,
      [viewerId, side, ...filter.params],
    );
    return rows.map((row) => ({
      id: row.id,
      weapon: row.weapon,
      opponent: row.other ? toFencer(row.other) : null,
      opponentName: row.opponentName,
      scoreFor: row.scoreFor,
      scoreAgainst: row.scoreAgainst,
      won: row.won,
      kind: row.kind,
      date: row.date,
      eventId: row.eventId,
      notes: row.notes,
      status: row.status,
      loggedBy: row.authorId === side ? 'self' : 'opponent',
      createdAt: new Date(row.createdAt).toISOString(),
    }));
  }
}
