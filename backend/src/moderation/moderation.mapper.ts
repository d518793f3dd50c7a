import type { Ban, Report } from '@piste/contracts';
import type { UserEntity } from '../users/user.entity';
import type { BanEntity } from '../bans/ban.entity';
import type { ModerationActionEntity, ReportedPostEntity } from './moderation.entities';

type NamedUser = Pick<UserEntity, 'id' | 'name' | 'username'>;

/** A user's display name: their name, else their username. */
function displayName(user: NamedUser | undefined): string | null {
  return user ? (user.name ?? user.username) : null;
}

/** The moderation view of a report: the post snapshot and the audit trail (oldest action first). */
export function toReportView(
  report: ReportedPostEntity,
  actions: ModerationActionEntity[],
  usersById: Map<string, NamedUser>,
): Report {
  const reviewer = report.reviewedBy ? usersById.get(report.reviewedBy) : undefined;
  return {
    id: report.id,
    postId: report.postId,
    reason: report.reason,
    description: report.description,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    reporterId: report.reporterId,
    reviewedBy: report.reviewedBy ? { id: report.reviewedBy, name: displayName(reviewer) } : null,
    post: {
      content: report.postContent,
      authorId: report.postAuthorId,
      authorName: report.postAuthorName,
      deleted: report.postDeleted,
    },
    actions: actions.map((a) => ({
      action: a.action,
      by: a.actorId ? displayName(usersById.get(a.actorId)) : null,
      at: a.createdAt.toISOString(),
    })),
  };
}

export function toBanView(ban: BanEntity): Ban {
  return {
    id: ban.id,
    userId: ban.userId,
    bannedBy: ban.bannedBy,
    reason: ban.reason,
    bannedUntil: ban.bannedUntil.toISOString(),
    createdAt: ban.createdAt.toISOString(),
  };
}
