import type { Report } from '@piste/contracts';
import { Avatar } from '../Avatar';
import { AvatarLink, ProfileLink } from '../fencer/ProfileLink';

/**
 * The snapshot taken when the post was reported, readable even after the post is gone. The report knows the
 * author's id, not their username, so the author links to their page by id.
 */
export function ReportedPostPreview({ post, compact = false }: { post: Report['post']; compact?: boolean }) {
  const authorName = post.authorName ?? 'Unknown author';
  return (
    <figure className="rounded-xl border border-slate-200 bg-slate-50/80 p-3 sm:p-4 dark:border-slate-800 dark:bg-slate-800/50">
      <figcaption className="flex flex-wrap items-center gap-2">
        {post.authorId ? (
          <>
            <AvatarLink user={{ id: post.authorId, name: post.authorName }} label={authorName} size="sm" />
            <ProfileLink
              user={{ id: post.authorId }}
              className="text-sm font-semibold text-slate-900 dark:text-slate-100"
            >
              {authorName}
            </ProfileLink>
          </>
        ) : (
          <>
            <Avatar name={post.authorName} size="sm" />
            <span className="text-sm font-semibold text-slate-900 dark:text-slate-100">{authorName}</span>
          </>
        )}
        {post.deleted ? (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-200 ring-inset dark:bg-red-950 dark:text-red-200 dark:ring-red-800">
            Post deleted
          </span>
        ) : null}
      </figcaption>
      <blockquote
        className={`mt-2 text-sm break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300 ${compact ? 'line-clamp-2' : 'line-clamp-5'}`}
      >
        {post.content || <span className="text-slate-500 italic dark:text-slate-400">No text</span>}
      </blockquote>
    </figure>
  );
}
