import type { Report, ReportedContent } from '@piste/contracts';
import { ExternalLink, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { formatDateTime } from '../../lib/moderation-format';
import { postPath, profilePath } from '../../lib/paths';
import { weaponLabel } from '../../lib/weapons';
import { Avatar } from '../Avatar';
import { AvatarLink, ProfileLink } from '../fencer/ProfileLink';
import { WEAPON_FENCER } from '../fencer/weapon-fencer';
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
  const { t } = useTranslation('admin');
  return (
    <Snapshot
      kind="post"
      caption={<Person id={target.authorId} name={target.authorName} fallback={t('preview.unknownAuthor')} />}
      deleted={target.deleted ? t('preview.postDeleted') : null}
      footer={
        target.deleted ? null : <ViewLink to={postPath(target.postId)}>{t('preview.viewPost')}</ViewLink>
      }
    >
      <Text content={target.content} compact={compact} />
    </Snapshot>
  );
}

function CommentPreview({ target, compact }: { target: Of<'comment'>; compact: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Snapshot
      kind="comment"
      caption={
        <>
          <Person id={target.authorId} name={target.authorName} fallback={t('preview.deletedAccount')} />
          <span className="text-xs text-slate-500 dark:text-slate-400">{t('preview.commented')}</span>
        </>
      }
      deleted={target.deleted ? t('preview.commentDeleted') : null}
      footer={
        target.deleted || !target.postId ? null : (
          <ViewLink to={postPath(target.postId)}>{t('preview.viewPostOfComment')}</ViewLink>
        )
      }
    >
      <Text content={target.content} compact={compact} />
    </Snapshot>
  );
}

function MessagePreview({ target, compact }: { target: Of<'message'>; compact: boolean }) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <Snapshot
      kind="message"
      caption={
        <>
          <Person id={target.senderId} name={target.senderName} fallback={t('preview.deletedAccount')} />
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {t('preview.to')}{' '}
            {target.receiverId ? (
              <ProfileLink
                user={{ id: target.receiverId }}
                className="font-medium text-slate-700 dark:text-slate-300"
              >
                {target.receiverName ?? t('common:unknownFencer')}
              </ProfileLink>
            ) : (
              t('preview.aDeletedAccount')
            )}
            {target.sentAt ? ` · ${formatDateTime(target.sentAt)}` : ''}
          </span>
        </>
      }
      deleted={target.deleted ? t('preview.messageDeleted') : null}
      footer={
        <p className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
          <Lock aria-hidden className="size-3.5 shrink-0" />
          {t('preview.directMessage')}
        </p>
      }
    >
      <Text content={target.content} compact={compact} />
    </Snapshot>
  );
}

function FencerPreview({ target, compact }: { target: Of<'user'>; compact: boolean }) {
  const { t } = useTranslation(['admin', 'common']);
  const name = target.name ?? target.username ?? t('preview.deletedAccount');
  // Their title as their page shows it (else '{weapon} fencer'), and their weapon unless the title names it.
  const weapon = target.weaponSpecialty ? weaponLabel(target.weaponSpecialty) : null;
  const ownTitle = target.title?.trim();
  const title = ownTitle || (target.weaponSpecialty ? t(WEAPON_FENCER[target.weaponSpecialty]) : null);
  const facts = [title, weapon && ownTitle && !ownTitle.includes(weapon) ? weapon : null].filter(
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
              <span className="break-all">
                {target.username ? `@${target.username}` : t('preview.noUsername')}
              </span>
              {facts.length ? ` · ${facts.join(' · ')}` : ''}
            </p>
          </div>
        </div>
      }
      deleted={target.deleted ? t('preview.accountDeleted') : null}
      footer={
        profile && !target.deleted ? (
          <ViewLink to={profilePath(profile)}>{t('preview.viewPage')}</ViewLink>
        ) : null
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
  const { t } = useTranslation('admin');
  return (
    <blockquote
      className={`mt-2 text-sm break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300 ${compact ? 'line-clamp-2' : 'line-clamp-5'}`}
    >
      {content || <span className="text-slate-500 italic dark:text-slate-400">{t('preview.noText')}</span>}
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
