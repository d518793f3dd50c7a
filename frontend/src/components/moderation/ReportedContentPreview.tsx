import { WEAPON_LABELS, type Report, type ReportedContent } from '@piste/contracts';
import { ExternalLink, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/moderation-format';
import { postPath, profilePath } from '../../lib/paths';
import { Avatar } from '../Avatar';
import { AvatarLink, ProfileLink } from '../fencer/ProfileLink';
import { RoleBadge } from '../RoleBadge';

type Of<T extends ReportedContent['type']> = Extract<ReportedContent, { type: T }>;

interface PreviewProps {
  report: Report;
  /** Two lines of text at most (the resolved list). */
  compact?: boolean;
}

/**
 * What was reported, shown in place as it was when reported (readable after it is gone): a post or a comment
 * with its author, a direct message with its sender and receiver, or a fencer's profile summary.
 */
export function ReportedContentPreview({ report, compact = false }: PreviewProps) {
  const { target } = report;
  switch (target.type) {
    case 'post':
      return <PostPreview target={target} compact={compact} />;
    case 'comment':
      return <CommentPreview target={target} compact={compact} />;
    case 'message':
      return <MessagePreview target={target} compact={compact} />;
    case 'user':
      return <FencerPreview target={target} compact={compact} />;
  }
}

function PostPreview({ target, compact }: { target: Of<'post'>; compact: boolean }) {
  return (
    <Snapshot
      kind="post"
      caption={<Person id={target.authorId} name={target.authorName} fallback="Unknown author" />}
      deleted={target.deleted ? 'Post deleted' : null}
      footer={target.deleted ? null : <ViewLink to={postPath(target.postId)}>View post</ViewLink>}
    >
      <Text content={target.content} compact={compact} />
    </Snapshot>
  );
}

function CommentPreview({ target, compact }: { target: Of<'comment'>; compact: boolean }) {
  return (
    <Snapshot
      kind="comment"
      caption={
        <>
          <Person id={target.authorId} name={target.authorName} fallback="Deleted account" />
          <span className="text-xs text-slate-500 dark:text-slate-400">commented</span>
        </>
      }
      deleted={target.deleted ? 'Comment deleted' : null}
      footer={
        target.deleted || !target.postId ? null : (
          <ViewLink to={postPath(target.postId)}>View the post it is on</ViewLink>
        )
      }
    >
      <Text content={target.content} compact={compact} />
    </Snapshot>
  );
}

function MessagePreview({ target, compact }: { target: Of<'message'>; compact: boolean }) {
  return (
    <Snapshot
      kind="message"
      caption={
        <>
          <Person id={target.senderId} name={target.senderName} fallback="Deleted account" />
          <span className="text-xs text-slate-500 dark:text-slate-400">
            to{' '}
            {target.receiverId ? (
              <ProfileLink
                user={{ id: target.receiverId }}
                className="font-medium text-slate-700 dark:text-slate-300"
              >
                {target.receiverName ?? 'Unknown fencer'}
              </ProfileLink>
            ) : (
              'a deleted account'
            )}
            {target.sentAt ? ` · ${formatDateTime(target.sentAt)}` : ''}
          </span>
        </>
      }
      deleted={target.deleted ? 'Message deleted' : null}
      footer={
        <p className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
          <Lock aria-hidden className="size-3.5 shrink-0" />A direct message: only this report shows it to
          moderators.
        </p>
      }
    >
      <Text content={target.content} compact={compact} />
    </Snapshot>
  );
}

function FencerPreview({ target, compact }: { target: Of<'user'>; compact: boolean }) {
  const name = target.name ?? target.username ?? 'Deleted account';
  // Their title as their page shows it (else '{weapon} fencer'), and their weapon unless the title names it.
  const weapon = target.weaponSpecialty ? WEAPON_LABELS[target.weaponSpecialty] : null;
  const title = target.title?.trim() || (weapon ? `${weapon} fencer` : null);
  const facts = [title, weapon && !title?.includes(weapon) ? weapon : null].filter(
    (fact): fact is string => !!fact,
  );
  const profile = target.userId ? { id: target.userId, username: target.username } : null;
  return (
    <Snapshot
      kind="fencer"
      caption={
        <div className="flex min-w-0 items-center gap-3">
          {profile ? (
            <AvatarLink user={{ ...profile, name, avatar: target.avatar }} label={name} />
          ) : (
            <Avatar avatar={target.avatar} name={target.name} />
          )}
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              {profile ? (
                <ProfileLink
                  user={profile}
                  className="font-semibold break-words text-slate-900 dark:text-slate-100"
                >
                  {name}
                </ProfileLink>
              ) : (
                <span className="font-semibold text-slate-900 dark:text-slate-100">{name}</span>
              )}
              {target.role ? <RoleBadge role={target.role} /> : null}
            </p>
            <p className="text-xs break-words text-slate-500 dark:text-slate-400">
              <span className="break-all">{target.username ? `@${target.username}` : 'No username'}</span>
              {facts.length ? ` · ${facts.join(' · ')}` : ''}
            </p>
          </div>
        </div>
      }
      deleted={target.deleted ? 'Account deleted' : null}
      footer={
        profile && !target.deleted ? <ViewLink to={profilePath(profile)}>View their page</ViewLink> : null
      }
    >
      {target.bio ? <Text content={target.bio} compact={compact} /> : null}
    </Snapshot>
  );
}

interface SnapshotProps {
  kind: 'post' | 'comment' | 'message' | 'fencer';
  caption: ReactNode;
  /** The badge saying the content is gone, if it is. */
  deleted: string | null;
  footer?: ReactNode;
  children?: ReactNode;
}

/** The frame every preview shares: who, what, and whether it is gone. */
function Snapshot({ kind, caption, deleted, footer, children }: SnapshotProps) {
  return (
    <figure
      data-testid="reported-content"
      data-kind={kind}
      className="rounded-xl border border-slate-200 bg-slate-50/80 p-3 sm:p-4 dark:border-slate-800 dark:bg-slate-800/50"
    >
      <figcaption className="flex flex-wrap items-center gap-2">
        {caption}
        {deleted ? (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-200 ring-inset dark:bg-red-950 dark:text-red-200 dark:ring-red-800">
            {deleted}
          </span>
        ) : null}
      </figcaption>
      {children}
      {footer ? <div className="mt-2">{footer}</div> : null}
    </figure>
  );
}

/** The author, sender or fencer as a link to their page, or their name alone once their account is gone. */
function Person({ id, name, fallback }: { id: string | null; name: string | null; fallback: string }) {
  const shown = name ?? fallback;
  if (!id) {
    return (
      <>
        <Avatar name={name} size="sm" />
        <span className="text-sm font-semibold text-slate-900 dark:text-slate-100">{shown}</span>
      </>
    );
  }
  return (
    <>
      <AvatarLink user={{ id, name }} label={shown} size="sm" />
      <ProfileLink user={{ id }} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        {shown}
      </ProfileLink>
    </>
  );
}

function Text({ content, compact }: { content: string; compact: boolean }) {
  return (
    <blockquote
      className={`mt-2 text-sm break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300 ${compact ? 'line-clamp-2' : 'line-clamp-5'}`}
    >
      {content || <span className="text-slate-500 italic dark:text-slate-400">No text</span>}
    </blockquote>
  );
}

function ViewLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 rounded-sm text-xs font-semibold text-slate-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:text-slate-300 dark:focus-visible:outline-slate-300"
    >
      {children}
      <ExternalLink aria-hidden className="size-3.5" />
    </Link>
  );
}
