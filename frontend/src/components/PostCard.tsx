import type { AchievementDetails, DrillDetails, FeedPost, PostClub, SessionUser } from '@piste/contracts';
import {
  Award,
  Crosshair,
  Dumbbell,
  Gauge,
  MapPin,
  Shield,
  Target,
  Timer,
  Trophy,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { lazy, memo, Suspense, useState, type RefCallback } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link } from '../lib/router';
import { clubPath } from '../lib/paths';
import { useOnScreen, useWatchedPosts } from '../realtime/post-watch';
import { useBannedUntil } from '../stores/ban';
import { useFeedStore } from '../stores/feed';
import { handleOf, useMutesStore } from '../stores/mutes';
import { usePost, usePostsStore } from '../stores/posts';
import { useSavesStore } from '../stores/saves';
import { EditedMark } from './EditedMark';
import { AvatarLink, ProfileLink } from './fencer/ProfileLink';
import { authorNameOf, PostByline } from './PostByline';
import { RatingBadge } from './record/RatingBadge';
import { PostMedia } from './PostMedia';
import { PostMenu } from './PostMenu';
import { useMayRemove } from './post-removal';
import { PostReactions } from './PostReactions';
import { RichText } from './RichText';
import { RoleBadge } from './RoleBadge';

// Most visits to the feed never open a thread, so comments load with the first one opened.
const Comments = lazy(() => import('./Comments').then((m) => ({ default: m.Comments })));
// Most visits edit nothing: the editor (with its form and @mention suggestions) comes when asked for.
const PostEditor = lazy(() => import('./PostEditor').then((m) => ({ default: m.PostEditor })));

interface PostCardProps {
  postId: string;
  user: SessionUser | null;
}

/**
 * One post in a list, by id: it reads its post from the posts store, so a change to this post re-renders this
 * card only, and a list that changes around it (Load More, a post removed) leaves it be. Nothing once the post
 * is hidden or deleted.
 */
export const PostCard = memo(function PostCard({ postId, user }: PostCardProps) {
  const post = usePost(postId);
  // Live counts and edits while the card is on screen, or nearly (its comments, while they are open).
  const [cardRef, onScreen] = useOnScreen<HTMLElement>();
  useWatchedPosts(onScreen ? [postId] : []);
  return post ? <PostArticle post={post} user={user} cardRef={cardRef} /> : null;
});

/**
 * The post itself: author, time (and "edited"), who sees it, content, media, details, counts, reactions, menu and
 * comments; its author edits it in place.
 */
function PostArticle({
  post,
  user,
  cardRef,
}: {
  post: FeedPost;
  user: SessionUser | null;
  cardRef: RefCallback<HTMLElement>;
}) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const hide = useFeedStore((s) => s.hide);
  const remove = useFeedStore((s) => s.remove);
  const report = usePostsStore((s) => s.report);
  const toggleSave = useSavesStore((s) => s.toggleSave);
  const mute = useMutesStore((s) => s.mute);
  const authorName = authorNameOf(post);
  const isAuthor = user?.id === post.authorId;
  const mayRemove = useMayRemove(post);
  // A banned author can read their post but not change it.
  const bannedUntil = useBannedUntil();
  const { t } = useTranslation('feed');

  return (
    <article
      ref={cardRef}
      data-testid="post-card"
      data-post-id={post.id}
      aria-label={t('post.label', { name: authorName })}
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
              <RatingBadge rating={post.author.rating} />
              <RoleBadge role={post.authorRole} />
              {post.visibility === 'connections' ? <ConnectionsOnlyBadge /> : null}
              {post.club ? <ClubBadge club={post.club} clubOnly={post.visibility === 'club'} /> : null}
            </div>
            <div className="mt-0.5 flex min-w-0 items-baseline gap-1.5">
              <PostByline post={post} className="min-w-0" />
              {post.editedAt ? (
                <>
                  <span aria-hidden className="text-sm text-slate-500 dark:text-slate-400">
                    ·
                  </span>
                  <EditedMark item={{ kind: 'post', id: post.id }} editedAt={post.editedAt} />
                </>
              ) : null}
            </div>
          </div>
          <TypeChip type={post.type} />
          <PostMenu
            isAuthor={isAuthor}
            mayRemove={mayRemove}
            authorHandle={handleOf(post.author)}
            isSaved={!!post.isSaved}
            onEdit={bannedUntil ? undefined : () => setEditing(true)}
            onToggleSave={user ? () => toggleSave(post.id) : undefined}
            onMute={user ? () => mute(post.author) : undefined}
            onDelete={() => remove(post.id)}
            onReport={() => report(post.id)}
            onHide={() => hide(post.id)}
          />
        </header>

        {editing && isAuthor ? (
          <Suspense fallback={null}>
            <PostEditor post={post} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          <>
            <p
              data-testid="post-content"
              className="mt-3 text-[15px] leading-relaxed whitespace-pre-line break-words text-slate-800 dark:text-slate-200"
            >
              <RichText text={post.content} />
            </p>

            {post.type === 'drill' && post.drillDetails ? (
              <DetailsBox tone="drill" fields={DRILL_FIELDS} details={post.drillDetails} />
            ) : null}
            {post.type === 'achievement' && post.achievementDetails ? (
              <DetailsBox tone="achievement" fields={ACHIEVEMENT_FIELDS} details={post.achievementDetails} />
            ) : null}
          </>
        )}
      </div>

      <PostMedia
        post={post}
        frameClassName="border-t border-slate-100 bg-slate-950/[0.03] dark:border-slate-800"
        unavailableClassName="mx-4 mb-4 sm:mx-5"
      />

      <PostReactions
        post={post}
        commentsOpen={commentsOpen}
        onToggleComments={() => setCommentsOpen((open) => !open)}
      />

      {commentsOpen ? (
        <Suspense fallback={null}>
          <Comments postId={post.id} user={user} />
        </Suspense>
      ) : null}
    </article>
  );
}

/** Who sees a connections-only post, said in a word; public posts carry nothing. */
function ConnectionsOnlyBadge() {
  const { t } = useTranslation('feed');
  return (
    <span
      data-testid="visibility-badge"
      title={t('post.connectionsOnly.title')}
      className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300"
    >
      <UsersRound aria-hidden className="size-3" />
      {t('post.connectionsOnly.label')}
    </span>
  );
}

/** The club a post went to, linked; a club-only post says who sees it. */
function ClubBadge({ club, clubOnly }: { club: PostClub; clubOnly: boolean }) {
  const { t } = useTranslation('feed');
  return (
    <Link
      to={clubPath(club.slug)}
      data-testid="post-club"
      title={
        clubOnly
          ? t('post.club.membersOnlyTitle', { club: club.name })
          : t('post.club.postedIn', { club: club.name })
      }
      className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-[11px] font-semibold text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-200 dark:hover:bg-indigo-900/60"
    >
      <Shield aria-hidden className="size-3 shrink-0" />
      <span className="truncate">{club.name}</span>
      {clubOnly ? <span className="shrink-0">{t('post.club.membersOnly')}</span> : null}
    </Link>
  );
}

function TypeChip({ type }: { type: FeedPost['type'] }) {
  const { t } = useTranslation('feed');
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
      {drill ? t('post.type.drill') : t('post.type.achievement')}
    </span>
  );
}

/** A details field: its icon, its label, and where its value is. */
type DetailField<Details> = [LucideIcon, DetailLabel, keyof Details];
type DetailLabel =
  | 'post.details.duration'
  | 'post.details.level'
  | 'post.details.equipment'
  | 'post.details.focus'
  | 'post.details.place'
  | 'post.details.score'
  | 'post.details.competition'
  | 'post.details.competitors';

const DRILL_FIELDS: DetailField<DrillDetails>[] = [
  [Timer, 'post.details.duration', 'duration'],
  [Gauge, 'post.details.level', 'level'],
  [Dumbbell, 'post.details.equipment', 'equipment'],
  [Crosshair, 'post.details.focus', 'focus'],
];
const ACHIEVEMENT_FIELDS: DetailField<AchievementDetails>[] = [
  [Award, 'post.details.place', 'place'],
  [Target, 'post.details.score', 'score'],
  [MapPin, 'post.details.competition', 'competition'],
  [Users, 'post.details.competitors', 'competitors'],
];

interface DetailsBoxProps<Details> {
  tone: 'drill' | 'achievement';
  fields: DetailField<Details>[];
  details: Details;
}

/** The filled-in fields of a drill's or an achievement's details, as a description list. */
function DetailsBox<Details extends Partial<Record<keyof Details, string | number | null>>>({
  tone,
  fields,
  details,
}: DetailsBoxProps<Details>) {
  const { t } = useTranslation('feed');
  const shown = fields.flatMap(([icon, label, key]) => {
    const value = details[key];
    return value === null || value === undefined || value === ''
      ? []
      : [[icon, label, String(value)] as const];
  });
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
            {t(label)}
          </dt>
          <dd className="text-sm font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
