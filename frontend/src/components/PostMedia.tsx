import type { FeedPost } from '@piste/contracts';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { PostImage } from './PostImage';

interface PostMediaProps {
  post: FeedPost;
  /** The frame around the picture or video, and around the note when it cannot be shown. */
  frameClassName: string;
  unavailableClassName: string;
}

/**
 * A post's picture (its display version, opening the original in a lightbox) or video (with its poster frame,
 * or its first frame when it has none); 'Media unavailable' when it cannot be loaded. Nothing for a post
 * without media.
 */
export function PostMedia({ post, frameClassName, unavailableClassName }: PostMediaProps) {
  const [failed, setFailed] = useState(false);
  const { t } = useTranslation('feed');
  const url = post.mediaUrl;
  if (!url) return null;
  if (failed) {
    return (
      <p
        className={`rounded-xl bg-slate-100 p-6 text-center text-sm text-slate-500 dark:bg-slate-800 dark:text-slate-400 ${unavailableClassName}`}
      >
        {t('media.unavailable')}
      </p>
    );
  }
  return (
    <div className={frameClassName}>
      {post.mediaType === 'video' ? (
        <video
          data-testid="post-media"
          // Without a poster the first frame stands in for one: the media fragment makes the browser fetch it.
          src={post.mediaPosterUrl ? url : `${url}#t=0.1`}
          poster={post.mediaPosterUrl ?? undefined}
          controls
          preload="metadata"
          playsInline
          onError={() => setFailed(true)}
          className="max-h-[32rem] w-full bg-black"
        />
      ) : (
        // The author's description when they gave one; else the post's text beside it says what it shows.
        <PostImage post={post} url={url} alt={post.mediaAlt ?? undefined} onError={() => setFailed(true)} />
      )}
    </div>
  );
}
