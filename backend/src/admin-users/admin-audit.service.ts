import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuditAction, AuditEntry, AuditPage, AuditQuery } from '@piste/contracts';
import { toAuditEntry, type AuditEntryRow } from './admin-users.mapper';
import { adminError, AdminErrorCode } from './admin-users.errors';

/** One admin action as the audit keeps it. */
export interface AuditRecord {
  action: AuditAction;
  actorId: string;
  targetUserId: string;
  reason: string;
  detail?: string | null;
}

/** An entry with its actor and target as they are now (null once their account is gone). */
const ENTRY_SELECT = `
  SELECT a."id", a."action", a."createdAt", a."reportId", a."reason", a."detail",
         actor."id" AS "actorId", actor."username" AS "actorUsername", actor."name" AS "actorName",
         target."id" AS "targetId", target."username" AS "targetUsername", target."name" AS "targetName"
    FROM moderation_actions a
    LEFT JOIN users actor ON actor."id" = a."actorId"
    LEFT JOIN users target ON target."id" = a."targetUserId"`;

/**
 * The audit (DESIGN.md §4e): the `moderation_actions` table, where the moderation of reports and posts
 * (ModerationService) and every account action below are written in the transaction that makes the change, and
 * read newest first.
 */
@Injectable()
export class AdminAuditService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Writes an entry through `manager`, the transaction of the change it records. */
  async record(manager: EntityManager, entry: AuditRecord): Promise<void> {
    await manager.query(
      `INSERT INTO moderation_actions ("action", "actorId", "targetUserId", "reason", "detail")
       VALUES ($1, $2, $3, $4, $5)`,
      [entry.action, entry.actorId, entry.targetUserId, entry.reason, entry.detail ?? null],
    );
  }

  /**
   * GET /api/admin/audit: a page of every entry, or of those about or by one account, newest first; through
   * `manager` inside a transaction.
   */
  async page(query: AuditQuery, manager: EntityManager = this.dataSource.manager): Promise<AuditPage> {
    const params: unknown[] = [query.limit + 1];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where: string[] = [];
    if (query.userId) {
      const user = param(query.userId);
      where.push(`(a."targetUserId" = ${user} OR a."actorId" = ${user})`);
    }
    if (query.before) {
      const [cursor] = await manager.query<unknown[]>(`SELECT 1 FROM moderation_actions WHERE "id" = $1`, [
        query.before,
      ]);
      if (!cursor) throw adminError(AdminErrorCode.UnknownAuditCursor);
      where.push(
        `(a."createdAt", a."id") < (SELECT "createdAt", "id" FROM moderation_actions WHERE "id" = ${param(query.before)})`,
      );
    }
    const rows = await manager.query<AuditEntryRow[]>(
      `${ENTRY_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY a."createdAt" DESC, a."id" DESC LIMIT $1`,
      params,
    );
    const entries = rows.slice(0, query.limit).map(toAuditEntry);
    return { entries, nextCursor: rows.length > query.limit ? entries[entries.length - 1].id : null };
  }

  /** The latest entries about or by one account, for its page. */
  async latestFor(userId: string, limit: number, manager?: EntityManager): Promise<AuditEntry[]> {
    return (await this.page({ userId, limit }, manager)).entries;
  }
}
