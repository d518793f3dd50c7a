import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  type ClubPage,
  type ClubRole,
  type ClubsPage,
  type ClubsQuery,
  type FencerClub,
  type SessionUser,
  type createClubSchema,
  type updateClubSchema,
} from '@piste/contracts';
import type { z } from 'zod';
import { blockedEitherWay } from '../blocks/block-visibility';
import { ObjectsService } from '../objects/objects.service';
import { escapeLike } from '../common/like-pattern';
import { findClub, roleIn } from './club-access';
import { CLUB_COLUMNS, runsClub, slugOf, SQL_RANK, toClub, type ClubRow } from './club-rows';
import { clubError, ClubErrorCode } from './clubs.errors';
import { userError, UserErrorCode } from '../users/users.errors';

export type CreateClub = z.output<typeof createClubSchema>;
export type UpdateClub = z.output<typeof updateClubSchema>;

/** Clubs (DESIGN.md §4d): making one, the directory, a club's page, changing and closing it. Members are in ClubMembersService. */
@Injectable()
export class ClubsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly objects: ObjectsService,
  ) {}

  /** A new club, its creator its owner, under a slug made of its name (a short suffix when taken). */
  async create(user: SessionUser, payload: CreateClub): Promise<ClubPage> {
    const base = slugOf(payload.name);
    const club = await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<ClubRow[]>(
        `INSERT INTO clubs ("slug", "name", "city", "country", "weapons", "description", "joinPolicy", "membersCount")
         SELECT CASE WHEN EXISTS (SELECT 1 FROM clubs WHERE "slug" = $1) THEN $2 ELSE $1 END,
                $3, $4, $5, $6, $7, $8, 1
         RETURNING ${CLUB_COLUMNS.replace(/c\./g, '')}`,
        [
          base,
          `${base.slice(0, 52)}-${randomBytes(4).toString('hex')}`,
          payload.name,
          payload.city,
          payload.country,
          payload.weapons,
          payload.description,
          payload.joinPolicy,
        ],
      );
      await manager.query(`INSERT INTO club_members ("clubId", "userId", "role") VALUES ($1, $2, 'owner')`, [
        row.id,
        user.id,
      ]);
      return row;
    });
    return { club: toClub(club), membersCount: club.membersCount, viewerRole: 'owner', viewerRequest: null };
  }

  /** The directory: by name (a part of it, accents aside), country and weapon, newest first. */
  async list(query: ClubsQuery): Promise<ClubsPage> {
    const params: unknown[] = [query.limit + 1];
    const where: string[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (query.q) {
      where.push(
        `fold_accents(c."name") LIKE '%' || fold_accents(${param(escapeLike(query.q))}) || '%' ESCAPE '\\'`,
      );
    }
    if (query.country) where.push(`c."country" = ${param(query.country)}`);
    if (query.weapon) where.push(`${param(query.weapon)} = ANY(c."weapons")`);
    if (query.before) {
      const [cursor] = await this.dataSource.query<unknown[]>(`SELECT 1 FROM clubs WHERE id = $1`, [
        query.before,
      ]);
      if (!cursor) throw clubError(ClubErrorCode.UnknownCursor);
      where.push(
        `(c."createdAt", c.id) < (SELECT "createdAt", id FROM clubs WHERE id = ${param(query.before)})`,
      );
    }
    const rows = await this.dataSource.query<ClubRow[]>(
      `SELECT ${CLUB_COLUMNS} FROM clubs c ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY c."createdAt" DESC, c.id DESC LIMIT $1`,
      params,
    );
    const clubs = rows.slice(0, query.limit).map(toClub);
    return { clubs, nextCursor: rows.length > query.limit ? clubs[clubs.length - 1].id : null };
  }

  async page(viewer: SessionUser, slug: string): Promise<ClubPage> {
    const club = await findClub(this.dataSource.manager, slug);
    const [standing] = await this.dataSource.query<Array<{ role: ClubRole | null; requested: boolean }>>(
      `SELECT (SELECT "role" FROM club_members WHERE "clubId" = $1 AND "userId" = $2) AS "role",
              EXISTS (SELECT 1 FROM club_requests WHERE "clubId" = $1 AND "userId" = $2) AS "requested"`,
      [club.id, viewer.id],
    );
    return {
      club: toClub(club),
      membersCount: club.membersCount,
      viewerRole: standing.role,
      viewerRequest: standing.requested ? 'pending' : null,
    };
  }

  async update(viewer: SessionUser, slug: string, edit: UpdateClub): Promise<ClubPage> {
    // A new logo is an image this admin uploaded for a club (checked before the club's row is locked).
    if (edit.logo) {
      const upload = await this.objects.assertUploadedBy(viewer.id, edit.logo, 'club');
      if (upload.kind !== 'image') throw clubError(ClubErrorCode.LogoNotUploaded);
    }
    await this.dataSource.transaction(async (manager) => {
      const club = await findClub(manager, slug, true);
      if (!runsClub(await roleIn(manager, club.id, viewer.id))) {
        throw clubError(ClubErrorCode.NotAdminToChange);
      }
      // A logo replaced or removed leaves the store once the change has committed (a job, in this transaction).
      if (edit.logo !== undefined && club.logo && club.logo !== edit.logo) {
        await this.objects.deleteLater(manager, [objectKeyOf(club.logo)]);
      }
      const columns = Object.entries(edit).filter(([, value]) => value !== undefined);
      await manager.query(
        `UPDATE clubs SET ${columns.map(([column], i) => `"${column}" = $${i + 2}`).join(', ')}, "updatedAt" = now()
          WHERE id = $1`,
        [club.id, ...columns.map(([, value]) => value)],
      );
    });
    return this.page(viewer, slug);
  }

  /** The owner closes the club: its members and requests go with it. */
  async remove(viewer: SessionUser, slug: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const club = await findClub(manager, slug, true);
      if ((await roleIn(manager, club.id, viewer.id)) !== 'owner') {
        throw clubError(ClubErrorCode.NotOwnerToDelete);
      }
      await manager.query(`DELETE FROM clubs WHERE id = $1`, [club.id]);
      if (club.logo) await this.objects.deleteLater(manager, [objectKeyOf(club.logo)]);
    });
  }

  /** The clubs a fencer belongs to, for their page (404 for an unknown fencer or across a block). */
  async clubsOf(viewer: SessionUser, username: string): Promise<FencerClub[]> {
    const [user] = await this.dataSource.query<Array<{ id: string }>>(
      `SELECT u.id FROM users u WHERE lower(u."username") = lower($1) AND NOT ${blockedEitherWay('u.id', '$2::uuid')}`,
      [username, viewer.id],
    );
    if (!user) throw userError(UserErrorCode.NotFound);
    return this.dataSource.query<FencerClub[]>(
      `SELECT c."id", c."slug", c."name", c."logo", m."role" FROM club_members m JOIN clubs c ON c.id = m."clubId"
        WHERE m."userId" = $1 ORDER BY ${SQL_RANK('m."role"')}, c."name"`,
      [user.id],
    );
  }
}

/** The storage key of an object's path ('/objects/club/…' → 'club/…'). */
function objectKeyOf(path: string): string {
  return path.replace(/^\/objects\//, '');
}
