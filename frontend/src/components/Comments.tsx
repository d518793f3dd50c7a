import { LIMITS, type PostComment, type SessionUser } from '@piste/contracts';
import { CornerDownRight, Flag, Heart, LoaderCircle, MessageCircle, Pencil, Send } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { timeAgo } from '../lib/relative-time';
import { useWatchedComments } from '../realtime/post-watch';
import { banNotice, useBannedUntil } from '../stores/ban';
import { useCommentsStore } from '../stores/comments';
import { useReportDialogStore } from '../stores/report-dialog';
import { Avatar } from './Avatar';
import { BannedNote } from './BannedNote';
import { Button } from './Button';
import { DropdownMenu } from './DropdownMenu';
import { EditedMark } from './EditedMark';
import { EmptyState } from './EmptyState';
import { AvatarLink, ProfileLink } from './fencer/ProfileLink';
import { RatingBadge } from './record/RatingBadge';
import { MentionTextarea } from './MentionTextarea';
import { RichText } from './RichText';

interface CommentsProps {
  postId: string;
  user: SessionUser | null;
}

/** A post's comments and replies; mounted only when opened, so they load only then. */
export function Comments({ postId, user }: CommentsProps) {
  const thread = useCommentsStore((s) => s.threads[postId]);
  const load = useCommentsStore((s) => s.load);
  const add = useCommentsStore((s) => s.add);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const { t } = useTranslation(['feed', 'common']);
  // New and edited comments come live while the thread is open.
  useWatchedComments(postId);

  useEffect(() => {
    void load(postId);
  }, [load, postId]);

  const { roots, repliesOf } = useMemo(() => arrange(thread?.comments ?? []), [thread?.comments]);

  return (
    <section
      aria-label={t('comments.label')}
      data-testid="comments"
      className="border-t border-slate-100 bg-slate-50/60 px-4 py-4 sm:px-5 dark:border-slate-800 dark:bg-slate-800/50"
    >
      {!thread || thread.status === 'loading' ? (
        <p role="status" className="flex items-center gap-2 py-2 text-sm text-slate-500 dark:text-slate-400">
          <LoaderCircle aria-hidden className="size-4 animate-spin" /> {t('comments.loading')}
        </p>
      ) : thread.status === 'error' ? (
        <p className="py-2 text-sm text-red-600 dark:text-red-400">
          {t('comments.loadFailed')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void load(postId)}>
            {t('common:actions.tryAgain')}
          </button>
        </p>
      ) : roots.length === 0 ? (
        <EmptyState look="compact" icon={MessageCircle} title={t('comments.empty')} />
      ) : (
        <CommentList
          comments={roots}
          thread={{ postId, repliesOf, user, replyingTo, onReply: setReplyingTo }}
        />
      )}

      <div className="mt-4">
        {user ? (
          <CommentInput
            user={user}
            placeholder={t('comments.placeholder')}
            submitLabel={t('comments.send')}
            onSubmit={(content) => add(postId, content)}
          />
        ) : (
          <button
            type="button"
            className="text-sm font-semibold text-slate-700 underline dark:text-slate-300"
            onClick={() => window.alert(t('comments.signInSoon'))}
          >
            {t('comments.signIn')}
          </button>
        )}
      </div>
    </section>
  );
}

/** Top-level comments in order, and each comment's replies (a reply to a reply stays under its thread). */
function arrange(comments: PostComment[]): { roots: PostComment[]; repliesOf: Map<string, PostComment[]> } {
  const ids = new Set(comments.map((c) => c.id));
  const repliesOf = new Map<string, PostComment[]>();
  const roots: PostComment[] = [];
  for (const comment of comments) {
    if (comment.parentId && ids.has(comment.parentId)) {
      const siblings = repliesOf.get(comment.parentId) ?? [];
      siblings.push(comment);
      repliesOf.set(comment.parentId, siblings);
    } else {
      roots.push(comment);
    }
  }
  return { roots, repliesOf };
}

/** What every comment of an open thread needs: whose post, the replies, the reader, which reply box is open. */
interface Thread {
  postId: string;
  repliesOf: Map<string, PostComment[]>;
  user: SessionUser | null;
  replyingTo: string | null;
  onReply: (commentId: string | null) => void;
}

interface CommentListProps {
  comments: PostComment[];
  thread: Thread;
  /** 0 for the top-level comments; replies sit one deeper than what they answer. */
  depth?: number;
  className?: string;
}

function CommentList({ comments, thread, depth = 0, className = '' }: CommentListProps) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} thread={thread} depth={depth} />
      ))}
    </ul>
  );
}

function CommentItem({ comment, thread, depth }: { comment: PostComment; thread: Thread; depth: number }) {
  const { postId, repliesOf, user, replyingTo, onReply } = thread;
  const toggleLike = useCommentsStore((s) => s.toggleLike);
  const liking = useCommentsStore((s) => !!s.liking[comment.id]);
  const add = useCommentsStore((s) => s.add);
  const openReport = useReportDialogStore((s) => s.open);
  const [editing, setEditing] = useState(false);
  const replies = repliesOf.get(comment.id) ?? [];
  const isAuthor = !!user && user.id === comment.authorId;
  const { t } = useTranslation(['feed', 'common']);
  const name = comment.author.name ?? comment.author.username ?? t('comments.fencer');
  // A banned user may take a like back, not give one, nor reply.
  const bannedUntil = useBannedUntil();
  const likeClosed = !!bannedUntil && !comment.isLiked;

  return (
    <li data-testid="comment" data-comment-id={comment.id}>
      <div className="flex gap-3">
        <AvatarLink user={comment.author} label={name} size="sm" />
        <div className="min-w-0 flex-1">
          <div className="rounded-2xl rounded-tl-sm bg-white px-3.5 py-2.5 shadow-xs ring-1 ring-slate-200/70 dark:bg-slate-900 dark:ring-slate-700/70">
            <div className="flex items-start gap-1">
              {/* A div: the edit history's dialog sits in it. */}
              <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2 text-sm">
                <ProfileLink
                  user={comment.author}
                  className="font-semibold text-slate-900 dark:text-slate-100"
                >
                  {name}
                </ProfileLink>
                <RatingBadge rating={comment.author.rating} className="self-center" />
                <time dateTime={comment.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
                  {timeAgo(comment.createdAt, 'post')}
                </time>
                {comment.editedAt ? (
                  <EditedMark item={{ kind: 'comment', id: comment.id }} editedAt={comment.editedAt} />
                ) : null}
              </div>
              {user && !isAuthor ? (
                <div className="-mt-1 -mr-2">
                  <DropdownMenu
                    compact
                    label={t('comments.options')}
                    menuWidth="w-44"
                    items={[
                      {
                        icon: Flag,
                        label: t('comments.report'),
                        onSelect: () => openReport({ type: 'comment', id: comment.id, name }),
                      },
                    ]}
                  />
                </div>
              ) : null}
            </div>
            {editing ? (
              <CommentEditor postId={postId} comment={comment} onDone={() => setEditing(false)} />
            ) : (
              <p
                data-testid="comment-content"
                className="mt-0.5 text-sm whitespace-pre-line break-words text-slate-700 dark:text-slate-300"
              >
                <RichText text={comment.content} />
              </p>
            )}
          </div>
          <div className="mt-1 flex items-center gap-4 pl-1 text-xs font-semibold text-slate-500 dark:text-slate-400">
            <button
              type="button"
              aria-label={comment.isLiked ? t('comments.unlike') : t('comments.like')}
              aria-pressed={comment.isLiked}
              title={likeClosed && bannedUntil ? banNotice(bannedUntil) : undefined}
              disabled={!user || liking || likeClosed}
              onClick={() => void toggleLike(postId, comment.id)}
              className={`inline-flex items-center gap-1 transition hover:text-rose-600 disabled:opacity-60 dark:hover:text-rose-400 ${
                comment.isLiked ? 'text-rose-600 dark:text-rose-400' : ''
              }`}
            >
              <Heart aria-hidden className={`size-3.5 ${comment.isLiked ? 'fill-current' : ''}`} />
              {comment.likesCount > 0 ? comment.likesCount : t('comments.likeShort')}
            </button>
            {user ? (
              <button
                type="button"
                disabled={!!bannedUntil}
                title={bannedUntil ? banNotice(bannedUntil) : undefined}
                onClick={() => onReply(replyingTo === comment.id ? null : comment.id)}
                className="inline-flex items-center gap-1 transition hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:text-inherit dark:hover:text-white"
              >
                <CornerDownRight aria-hidden className="size-3.5" />
                {t('comments.reply')}
              </button>
            ) : null}
            {isAuthor && !editing ? (
              <button
                type="button"
                aria-label={t('comments.edit')}
                disabled={!!bannedUntil}
                title={bannedUntil ? banNotice(bannedUntil) : t('comments.edit')}
                onClick={() => setEditing(true)}
                className="inline-flex items-center gap-1 transition hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:text-inherit dark:hover:text-white"
              >
                <Pencil aria-hidden className="size-3.5" />
                {t('comments.editShort')}
              </button>
            ) : null}
          </div>

          {user && replyingTo === comment.id ? (
            <div className="mt-2">
              <CommentInput
                user={user}
                autoFocus
                placeholder={t('comments.replyPlaceholder', { name })}
                submitLabel={t('comments.sendReply')}
                onSubmit={async (content) => {
                  const stored = await add(postId, content, comment.id);
                  if (stored) onReply(null);
                  return stored;
                }}
              />
            </div>
          ) : null}

          {replies.length ? (
            <CommentList
              comments={replies}
              thread={thread}
              depth={depth + 1}
              className={`mt-3 ${depth === 0 ? 'border-l-2 border-slate-200 pl-3 sm:pl-4 dark:border-slate-800' : ''}`}
            />
          ) : null}
        </div>
      </div>
    </li>
  );
}

interface CommentEditorProps {
  postId: string;
  comment: PostComment;
  onDone: () => void;
}

/** The author's edit of a comment, in place: Save keeps it (Ctrl/Cmd+Enter too), Cancel or Escape leaves it. */
function CommentEditor({ postId, comment, onDone }: CommentEditorProps) {
  const edit = useCommentsStore((s) => s.edit);
  const [content, setContent] = useState(comment.content);
  const [pending, setPending] = useState(false);
  const inputId = useId();
  const changed = content.trim() !== comment.content.trim();
  const canSave = content.trim().length > 0 && changed && !pending;
  const { t } = useTranslation(['feed', 'common']);

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (!changed) {
      onDone();
      return;
    }
    if (!canSave) return;
    setPending(true);
    const saved = await edit(postId, comment.id, content.trim());
    setPending(false);
    if (saved) onDone();
  }

  return (
    <form className="mt-1.5" aria-label={t('comments.edit')} onSubmit={(event) => void save(event)}>
      <label htmlFor={inputId} className="sr-only">
        {t('comments.textLabel')}
      </label>
      <MentionTextarea
        id={inputId}
        rows={2}
        value={content}
        maxLength={LIMITS.commentContent}
        autoFocus
        disabled={pending}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          } else if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void save(event);
        }}
        className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus:border-slate-900 focus:ring-2 focus:ring-slate-900/15 focus:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:focus:border-slate-300 dark:focus:ring-slate-300/15"
      />
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="outline" className="px-3 py-1" onClick={onDone} disabled={pending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" className="px-3 py-1" disabled={!canSave}>
          {pending ? <LoaderCircle aria-hidden className="size-3.5 animate-spin" /> : null}
          {t('common:actions.save')}
        </Button>
      </div>
    </form>
  );
}

interface CommentInputProps {
  user: SessionUser;
  placeholder: string;
  submitLabel: string;
  autoFocus?: boolean;
  /** Resolves true when the comment was stored (the input then clears). */
  onSubmit: (content: string) => Promise<boolean>;
}

/** The spec's 2-row comment input; Enter sends, Shift+Enter adds a line. */
function CommentInput({ user, placeholder, submitLabel, autoFocus = false, onSubmit }: CommentInputProps) {
  const [content, setContent] = useState('');
  const [pending, setPending] = useState(false);
  const inputId = useId();
  // While banned the box is closed and says until when, before anyone types.
  const bannedUntil = useBannedUntil();
  const canSend = content.trim().length > 0 && !pending && !bannedUntil;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    setPending(true);
    try {
      if (await onSubmit(content.trim())) setContent('');
    } finally {
      setPending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void submit(event);
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      {bannedUntil ? <BannedNote until={bannedUntil} id={`${inputId}-banned`} className="mb-2" /> : null}
      <div className="flex items-start gap-3">
        <Avatar avatar={user.avatar} name={user.name} size="sm" />
        <label htmlFor={inputId} className="sr-only">
          {placeholder}
        </label>
        <MentionTextarea
          wrapperClassName="min-w-0 flex-1"
          id={inputId}
          rows={2}
          value={content}
          maxLength={LIMITS.commentContent}
          autoFocus={autoFocus}
          placeholder={placeholder}
          disabled={!!bannedUntil}
          aria-describedby={bannedUntil ? `${inputId}-banned` : undefined}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={onKeyDown}
          className="block w-full resize-none rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs transition placeholder:text-slate-500 dark:placeholder:text-slate-400 focus:border-slate-900 focus:ring-2 focus:ring-slate-900/15 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:focus:border-slate-300 dark:focus:ring-slate-300/15 dark:disabled:bg-slate-800/50"
        />
        <button
          type="submit"
          disabled={!canSend}
          aria-label={submitLabel}
          title={submitLabel}
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-900 text-white shadow-sm transition hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-40 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white"
        >
          {pending ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden className="size-4" />
          )}
        </button>
      </div>
    </form>
  );
}
