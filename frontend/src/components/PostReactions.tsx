import type { FeedPost } from '@piste/contracts';
import { Bookmark, MessageCircle, ThumbsDown, ThumbsUp, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { banNotice, useBannedUntil } from '../stores/ban';
import { usePostsStore, type Reaction } from '../stores/posts';
import { useSavesStore } from '../stores/saves';

interface ReactionKind {
  reaction: Reaction;
  /** Which button: its name, and its accessible name with the count, e.g. 'Like, 3 likes'. */
  kind: 'like' | 'dislike' | 'comment' | 'save';
  icon: LucideIcon;
  count: (post: FeedPost) => number;
  active: (post: FeedPost) => boolean;
  activeClass: string;
  testId: string;
}

/** Like and dislike read the same post fields, each its own: the label, counts and test ids follow the name. */
function reactionKind(reaction: Reaction, icon: LucideIcon, activeClass: string): ReactionKind {
  const like = reaction === 'like';
  return {
    reaction,
    kind: like ? 'like' : 'dislike',
    icon,
    count: (post) => (like ? post.likesCount : post.dislikesCount),
    active: (post) => (like ? post.isLiked : post.isDisliked),
    activeClass,
    testId: `${reaction}-count`,
  };
}

const REACTIONS: ReactionKind[] = [
  reactionKind('like', ThumbsUp, 'text-blue-600 bg-blue-50 dark:text-blue-400 dark:bg-blue-950'),
  reactionKind('dislike', ThumbsDown, 'text-rose-600 bg-rose-50 dark:text-rose-400 dark:bg-rose-950'),
];

interface PostReactionsProps {
  post: FeedPost;
  commentsOpen: boolean;
  onToggleComments: () => void;
}

/**
 * A post card's footer: like, dislike (through the posts store), the button that opens its comments, and save
 * (through the saves store) with how many saved it.
 */
export function PostReactions({ post, commentsOpen, onToggleComments }: PostReactionsProps) {
  const toggleReaction = usePostsStore((s) => s.toggleReaction);
  const reacting = usePostsStore((s) => !!s.reacting[post.id]);
  const toggleSave = useSavesStore((s) => s.toggleSave);
  const saving = useSavesStore((s) => !!s.saving[post.id]);
  // A banned user may take a reaction back, not give one.
  const bannedUntil = useBannedUntil();
  const closedReason = bannedUntil ? banNotice(bannedUntil) : undefined;

  return (
    <footer className="flex items-center gap-1 border-t border-slate-100 px-2 py-1.5 sm:px-3 dark:border-slate-800">
      {REACTIONS.map(({ reaction, count, active, ...kind }) => (
        <ReactionButton
          key={reaction}
          {...kind}
          count={count(post)}
          active={active(post)}
          disabled={reacting}
          closedReason={active(post) ? undefined : closedReason}
          onClick={() => void toggleReaction(post.id, reaction)}
        />
      ))}
      <ReactionButton
        kind="comment"
        icon={MessageCircle}
        count={post.commentsCount}
        active={commentsOpen}
        activeClass="text-slate-900 bg-slate-100 dark:text-slate-100 dark:bg-slate-800"
        testId="comment-count"
        expanded={commentsOpen}
        onClick={onToggleComments}
      />
      <div className="ml-auto">
        <ReactionButton
          kind="save"
          icon={Bookmark}
          count={post.savesCount}
          active={!!post.isSaved}
          activeClass="text-amber-700 bg-amber-50 dark:text-amber-300 dark:bg-amber-950"
          testId="save-count"
          disabled={saving}
          onClick={() => void toggleSave(post.id)}
        />
      </div>
    </footer>
  );
}

interface ReactionButtonProps extends Omit<ReactionKind, 'reaction' | 'count' | 'active'> {
  count: number;
  active: boolean;
  disabled?: boolean;
  /** Why the button is closed to this user (a ban); shown as its tooltip. */
  closedReason?: string;
  expanded?: boolean;
  onClick: () => void;
}

/** A button's name and its accessible name with the count. */
function useReactionLabels(kind: ReactionKind['kind'], count: number): [label: string, counted: string] {
  const { t } = useTranslation('feed');
  switch (kind) {
    case 'like':
      return [t('reactions.like'), t('reactions.likeCount', { count })];
    case 'dislike':
      return [t('reactions.dislike'), t('reactions.dislikeCount', { count })];
    case 'comment':
      return [t('reactions.comment'), t('reactions.commentCount', { count })];
    case 'save':
      return [t('reactions.save'), t('reactions.saveCount', { count })];
  }
}

function ReactionButton({
  kind,
  icon: Icon,
  count,
  active,
  activeClass,
  testId,
  disabled = false,
  closedReason,
  expanded,
  onClick,
}: ReactionButtonProps) {
  const [label, counted] = useReactionLabels(kind, count);
  return (
    <button
      type="button"
      aria-label={counted}
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
