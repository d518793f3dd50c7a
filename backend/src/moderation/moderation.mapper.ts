import type { Ban, Report, ReportedContent } from '@piste/contracts';
import type { UserEntity } from '../users/user.entity';
import type { BanEntity } from '../bans/ban.entity';
import type { ModerationActionEntity, ReportedPostEntity } from './moderation.entities';

type NamedUser = Pick<UserEntity, 'id' | 'name' | 'username'>;

/** A user's display name: their name, else their username. */
function displayName(user: NamedUser | undefined): string | null {
  return user ? (user.name ?? user.username) : null;
}

/** The moderation view of a report: what was reported, as it was then, and the audit trail (oldest first). */
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
    targetType: report.targetType,
    targetId: report.targetId,
    category: report.category,
    targetUserId: report.targetUserId,
    post:
      report.targetType === 'post'
        ? {
            content: report.postContent,
            authorId: report.postAuthorId,
            authorName: report.postAuthorName,
            deleted: report.postDeleted,
          }
        : null,
    target: toReportedContent(report, usersById),
    actions: actions.map((a) => ({
      action: a.action,
      by: a.actorId ? displayName(usersById.get(a.actorId)) : null,
      at: a.createdAt.toISOString(),
    })),
  };
}

/**
 * The snapshot of what was reported. The person it is against is `targetUserId` (emptied with their account);
 * a message's receiver is its reporter, named as they are now.
 */
function toReportedContent(report: ReportedPostEntity, usersById: Map<string, NamedUser>): ReportedContent {
  const snapshot = report.targetSnapshot;
  const deleted = report.postDeleted;
  switch (report.targetType) {
    case 'post':
      return {
        type: 'post',
        // Always set for a post report (a CHECK holds it).
        postId: report.postId ?? '',
        content: report.postContent,
        authorId: report.postAuthorId,
        authorName: report.postAuthorName,
        deleted,
      };
    case 'comment':
      return {
        type: 'comment',
        commentId: report.targetId,
        postId: snapshot.postId ?? null,
        content: report.postContent,
        authorId: report.targetUserId,
        authorName: snapshot.authorName ?? null,
        deleted,
      };
    case 'message':
      return {
        type: 'message',
        messageId: report.targetId,
        content: report.postContent,
        sentAt: snapshot.sentAt ?? null,
        senderId: report.targetUserId,
        senderName: snapshot.authorName ?? null,
        receiverId: report.reporterId,
        receiverName: report.reporterId ? displayName(usersById.get(report.reporterId)) : null,
        deleted,
      };
    case 'user':
      return {
        type: 'user',
        userId: report.targetId,
        username: snapshot.username ?? null,
        name: snapshot.name ?? null,
        avatar: snapshot.avatar ?? null,
        title: snapshot.title ?? null,
        bio: report.postContent || null,
        role: snapshot.role ?? null,
        weaponSpecialty: snapshot.weaponSpecialty ?? null,
        deleted,
      };
  }
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
