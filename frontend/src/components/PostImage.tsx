import type { FeedPost } from '@piste/contracts';

type ImageFields = Pick<FeedPost, 'mediaDisplay' | 'mediaWidth' | 'mediaHeight'>;

interface FeedImage {
  src: string;
  width?: number;
  height?: number;
}

/**
 * What the feed shows of an image post: its display version when it has one, else the original, with the size
 * the server recorded (none for images posted before sizes were kept).
 */
function feedImageOf(post: ImageFields, url: string): FeedImage {
  const { mediaDisplay: display, mediaWidth: width, mediaHeight: height } = post;
  if (display) return { src: display.url, width: display.width, height: display.height };
  if (width && height) return { src: url, width, height };
  return { src: url };
}

interface PostImageProps {
  post: ImageFields;
  /** The original, opened in a new tab as the larger view. */
  url: string;
  onError: () => void;
}

/**
 * A post's image in the feed. Its width and height reserve the space before it loads, so the feed never jumps;
 * activating it opens the original.
 */
export function PostImage({ post, url, onError }: PostImageProps) {
  const image = feedImageOf(post, url);
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener"
      aria-label="Open the full-size image in a new tab"
      title="Open the full-size image"
      className="block cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-slate-900"
    >
      <img
        data-testid="post-media"
        src={image.src}
        width={image.width}
        height={image.height}
        alt=""
        loading="lazy"
        decoding="async"
        onError={onError}
        className="h-auto max-h-[32rem] w-full object-contain"
      />
    </a>
  );
}
