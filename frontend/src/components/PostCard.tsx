import { WEAPON_LABELS, type FeedPost, type SessionUser } from '@piste/contracts';
import {
  Award,
  Crosshair,
  Dumbbell,
  Gauge,
  MapPin,
  MessageCircle,
  Target,
  ThumbsDown,
  ThumbsUp,
  Timer,
  Trophy,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { timeAgo } from '../lib/relative-time';
import { useWatchedPosts } from '../realtime/post-watch';
import { banNotice, useBannedUntil } from '../stores/ban';
import { useFeedStore } from '../stores/feed';
import { AvatarLink, ProfileLink } from './fencer/ProfileLink';
import { PostMedia } from './PostMedia';
import { PostMenu } from './PostMenu';
import { RoleBadge } from './RoleBadge';

// Most visits to the feed never open a thread, so comments load with the first one opened.
const Comments = lazy(() => import('./Comments').then((m) => ({ default: m.Comments })));

interface PostCardProps {
  post: FeedPost;
  user: SessionUser | null;
}

/** One post in the feed: author, time, content, media, details, counts, reactions, menu and comments. */
export function PostCard({ post, user }: PostCardProps) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const toggleReaction = useFeedStore((s) => s.toggleReaction);
  const hide = useFeedStore((s) => s.hide);
  const remove = useFeedStore((s) => s.remove);
  const report = useFeedStore((s) => s.report);
  const reacting = useFeedStore((s) => !!s.reacting[post.id]);
  const isAuthor = user?.id === post.authorId;
  const authorName = post.author.name ?? post.author.username ?? 'Unknown fencer';
  // A banned user may take a reaction back, not give one.
  const bannedUntil = useBannedUntil();
  const closedReason = bannedUntil ? banNotice(bannedUntil) : undefined;
  // Live counts and comments while the card is on screen.
  useWatchedPosts([post.id]);

  return (
    <article
      data-testid="post-card"
      data-post-id={post.id}
      aria-label={`Post by ${authorName}`}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="p-4 sm:p-5">
        <header className="flex items-start gap-3">
          <AvatarLink user={post.author} label={authorName} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <ProfileLink
                user={post.author}
                className="truncate font-semibold text-slate-900 dark:text-slate-100"
              >
                {authorName}
              </ProfileLink>
              <RoleBadge role={post.authorRole} />
            </div>
            <p className="mt-0.5 truncate text-sm text-slate-500 dark:text-slate-400">
              {post.author.title || `${WEAPON_LABELS[post.weapon]} fencer`}
              <span aria-hidden> · </span>
              <time dateTime={post.createdAt} title={new Date(post.createdAt).toLocaleString()}>
                {timeAgo(post.createdAt, 'post')}
              </time>
            </p>
          </div>
          <TypeChip type={post.type} />
          <PostMenu
            isAuthor={isAuthor}
            onDelete={() => remove(post.id)}
            onReport={() => report(post.id)}
            onHide={() => hide(post.id)}
          />
        </header>

        <p
          data-testid="post-content"
          className="mt-3 text-[15px] leading-relaxed whitespace-pre-line break-words text-slate-800 dark:text-slate-200"
        >
          {post.content}
        </p>

        {post.type === 'drill' && post.drillDetails ? (
          <DetailsBox
            tone="drill"
            items={[
              [Timer, 'Duration', post.drillDetails.duration],
              [Gauge, 'Level', post.drillDetails.level],
              [Dumbbell, 'Equipment', post.drillDetails.equipment],
              [Crosshair, 'Focus', post.drillDetails.focus],
            ]}
          />
        ) : null}
        {post.type === 'achievement' && post.achievementDetails ? (
          <DetailsBox
            tone="achievement"
            items={[
              [Award, 'Place', post.achievementDetails.place],
              [Target, 'Score', post.achievementDetails.score],
              [MapPin, 'Competition', post.achievementDetails.competition],
              [Users, 'Competitors', post.achievementDetails.competitors?.toString()],
            ]}
          />
        ) : null}
      </div>

      {post.mediaUrl ? (
        <PostMedia
          post={post}
          url={post.mediaUrl}
          frameClassName="border-t border-slate-100 bg-slate-950/[0.03] dark:border-slate-800"
          unavailableClassName="mx-4 mb-4 sm:mx-5"
        />
      ) : null}

      <footer className="flex items-center gap-1 border-t border-slate-100 px-2 py-1.5 sm:px-3 dark:border-slate-800">
        <ReactionButton
          label="Like"
          countName={['like', 'likes']}
          icon={ThumbsUp}
          count={post.likesCount}
          active={post.isLiked}
          activeClass="text-blue-600 bg-blue-50 dark:text-blue-400 dark:bg-blue-950"
          disabled={reacting}
          closedReason={post.isLiked ? undefined : closedReason}
          testId="like-count"
          onClick={() => void toggleReaction(post.id, 'like')}
        />
        <ReactionButton
          label="Dislike"
          countName={['dislike', 'dislikes']}
          icon={ThumbsDown}
          count={post.dislikesCount}
          active={post.isDisliked}
          activeClass="text-rose-600 bg-rose-50 dark:text-rose-400 dark:bg-rose-950"
          disabled={reacting}
          closedReason={post.isDisliked ? undefined : closedReason}
          testId="dislike-count"
          onClick={() => void toggleReaction(post.id, 'dislike')}
        />
        <ReactionButton
          label="Comment"
          countName={['comment', 'comments']}
          icon={MessageCircle}
          count={post.commentsCount}
          active={commentsOpen}
          activeClass="text-slate-900 bg-slate-100 dark:text-slate-100 dark:bg-slate-800"
          testId="comment-count"
          expanded={commentsOpen}
          onClick={() => setCommentsOpen((open) => !open)}
        />
      </footer>

      {commentsOpen ? (
        <Suspense fallback={null}>
          <Comments postId={post.id} user={user} />
        </Suspense>
      ) : null}
    </article>
  );
}

function TypeChip({ type }: { type: FeedPost['type'] }) {
  if (type === 'general') return null;
  const drill = type === 'drill';
  const Icon = drill ? Dumbbell : Trophy;
  return (
    <span
      className={`mt-0.5 hidden shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold sm:inline-flex ${
        drill
          ? 'bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-200'
          : 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-200'
      }`}
    >
      <Icon aria-hidden className="size-3.5" />
      {drill ? 'Drill' : 'Achievement'}
    </span>
  );
}

type DetailItem = [LucideIcon, string, string | null | undefined];

function DetailsBox({ tone, items }: { tone: 'drill' | 'achievement'; items: DetailItem[] }) {
  const shown = items.filter(([, , value]) => value);
  if (!shown.length) return null;
  const colours =
    tone === 'drill'
      ? 'border-sky-100 bg-sky-50/70 text-sky-900 dark:border-sky-900 dark:bg-sky-950/70 dark:text-sky-200'
      : 'border-amber-100 bg-amber-50/70 text-amber-900 dark:border-amber-900 dark:bg-amber-950/70 dark:text-amber-200';
  return (
    <dl
      data-testid={`${tone}-details`}
      className={`mt-4 grid grid-cols-1 gap-x-4 gap-y-2.5 rounded-xl border p-3.5 sm:grid-cols-2 ${colours}`}
    >
      {/* Each term and its value share a div, the only wrapper a <dl> allows; the icon sits inside the term. */}
      {shown.map(([Icon, label, value]) => (
        <div key={label} className="relative min-w-0 pl-6">
          <dt className="text-[11px] font-semibold tracking-wide uppercase opacity-80">
            <Icon aria-hidden className="absolute top-0.5 left-0 size-4" />
            {label}
          </dt>
          <dd className="text-sm font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface ReactionButtonProps {
  label: string;
  /** What the count counts, singular and plural: the accessible name says it, e.g. 'Like, 3 likes'. */
  countName: [string, string];
  icon: LucideIcon;
  count: number;
  active: boolean;
  activeClass: string;
  testId: string;
  disabled?: boolean;
  /** Why the button is closed to this user (a ban); shown as its tooltip. */
  closedReason?: string;
  expanded?: boolean;
  onClick: () => void;
}

function ReactionButton({
  label,
  countName: [one, many],
  icon: Icon,
  count,
  active,
  activeClass,
  testId,
  disabled = false,
  closedReason,
  expanded,
  onClick,
}: ReactionButtonProps): ReactNode {
  return (
    <button
      type="button"
      aria-label={`${label}, ${count} ${count === 1 ? one : many}`}
      title={closedReason ?? label}
      aria-pressed={expanded === undefined ? active : undefined}
      aria-expanded={expanded}
      disabled={disabled || !!closedReason}
      onClick={onClick}
      className={`inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300 ${closedReason ? 'disabled:cursor-not-allowed disabled:opacity-50' : 'disabled:cursor-wait'} ${
        active
          ? activeClass
          : 'text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100'
      }`}
    >
      <Icon aria-hidden className={`size-[18px] ${active && expanded === undefined ? 'fill-current' : ''}`} />
      <span data-testid={testId} className="tabular-nums">
        {count}
      </span>
    </button>
  );
}
