import { WEAPON_LABELS, type FeedPost } from '@piste/contracts';
import { timeAgo } from '../lib/relative-time';

/** Who wrote a post, as cards and headings name them. */
export function authorNameOf(post: FeedPost): string {
  return post.author.name ?? post.author.username ?? 'Unknown fencer';
}

/** The line under a post's author: their title (or '{weapon} fencer') and how long ago they posted. */
export function PostByline({ post, className = '' }: { post: FeedPost; className?: string }) {
  return (
    <p className={`truncate text-sm text-slate-500 dark:text-slate-400 ${className}`}>
      {post.author.title || `${WEAPON_LABELS[post.weapon]} fencer`}
      <span aria-hidden> · </span>
      <time dateTime={post.createdAt} title={new Date(post.createdAt).toLocaleString()}>
        {timeAgo(post.createdAt, 'post')}
      </time>
    </p>
  );
}
