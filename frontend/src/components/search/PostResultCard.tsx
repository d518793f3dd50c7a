import { MessageCircle, ThumbsUp } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { fencerPath, postPath } from '../../lib/paths';
import { weaponLabel } from '../../lib/weapons';
import { usePost } from '../../stores/posts';
import { Avatar } from '../Avatar';
import { authorNameOf, PostByline } from '../PostByline';
import { RatingBadge } from '../record/RatingBadge';
import { PostMedia } from '../PostMedia';
import { HighlightWords } from './highlight';
import { detailsOf, PostTypeChip } from './PostSummary';

interface PostResultCardProps {
  postId: string;
  /** The words to mark; none on the post's own page. */
  query?: string;
  /** On the post's own page the text is shown whole and is not a link to itself. */
  standalone?: boolean;
}

/**
 * A post as a search result (and on its own page): who wrote it, when, its text and details, its counts. It
 * reads the post from the posts store, so it follows its counts and leaves once the post is hidden or deleted.
 */
export function PostResultCard({ postId, query = '', standalone = false }: PostResultCardProps) {
  const { t } = useTranslation();
  const post = usePost(postId);
  if (!post) return null;
  const authorName = authorNameOf(post);
  const details = detailsOf(post);
  const body = (
    <>
      <p
        className={`text-[15px] leading-relaxed break-words whitespace-pre-line text-slate-800 dark:text-slate-200 ${
          standalone ? '' : 'line-clamp-4'
        }`}
      >
        <HighlightWords text={post.content} query={query} />
      </p>
      {details.length ? (
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {details.map(([label, value]) => (
            <div key={label} className="min-w-0 break-words">
              <dt className="inline text-slate-500 dark:text-slate-400">
                {t('search.details.term', { label })}{' '}
              </dt>
              <dd className="inline font-medium text-slate-700 dark:text-slate-200">
                <HighlightWords text={value} query={query} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  );

  return (
    <article
      data-testid="search-post"
      aria-label={t('search.postBy', { name: authorName })}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex items-start gap-3">
        <Avatar avatar={post.author.avatar} name={post.author.name} />
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            {post.author.username ? (
              <Link
                to={fencerPath(post.author.username)}
                className="truncate font-semibold text-slate-900 hover:underline dark:text-slate-100"
              >
                {authorName}
              </Link>
            ) : (
              <span className="truncate font-semibold text-slate-900 dark:text-slate-100">{authorName}</span>
            )}
            <RatingBadge rating={post.author.rating} />
          </div>
          <PostByline post={post} />
        </div>
        <PostTypeChip type={post.type} />
      </header>

      {standalone ? (
        <div className="mt-3">
          {body}
          <PostMedia
            post={post}
            frameClassName="mt-3 overflow-hidden rounded-xl bg-slate-950/[0.03] dark:bg-white/5"
            unavailableClassName="mt-3"
          />
        </div>
      ) : (
        <Link
          to={postPath(post.id)}
          className="-mx-2 mt-2 block rounded-xl px-2 py-1 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-slate-900 dark:hover:bg-slate-800/60 dark:focus-visible:outline-slate-300"
        >
          {body}
        </Link>
      )}

      <footer className="mt-3 flex items-center gap-4 text-sm text-slate-500 dark:text-slate-400">
        <span className="inline-flex items-center gap-1.5" title={t('search.likes')}>
          <ThumbsUp aria-hidden className="size-4" />
          <span className="sr-only">{t('search.details.term', { label: t('search.likes') })} </span>
          {post.likesCount}
        </span>
        <span className="inline-flex items-center gap-1.5" title={t('search.comments')}>
          <MessageCircle aria-hidden className="size-4" />
          <span className="sr-only">{t('search.details.term', { label: t('search.comments') })} </span>
          {post.commentsCount}
        </span>
        <span className="ml-auto text-xs font-medium">{weaponLabel(post.weapon)}</span>
      </footer>
    </article>
  );
}
