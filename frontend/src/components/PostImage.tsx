import type { FeedPost } from '@piste/contracts';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';

// The full-size view is fetched when someone opens an image.
const Lightbox = lazy(() => import('./Lightbox').then((m) => ({ default: m.Lightbox })));

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
  /** The original, shown full size in the lightbox. */
  url: string;
  /** The image's text alternative; empty when the post's text says what it shows. */
  alt?: string;
  onError: () => void;
}

/**
 * A post's image in the feed. Its width and height reserve the space before it loads, so the feed never jumps;
 * activating it opens the original in a lightbox over the page.
 */
export function PostImage({ post, url, alt = '', onError }: PostImageProps) {
  const image = feedImageOf(post, url);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation('feed');
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-label={t('media.viewFull')}
        title={t('media.viewFull')}
        onClick={() => setOpen(true)}
        className="block w-full cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300"
      >
        <img
          data-testid="post-media"
          src={image.src}
          width={image.width}
          height={image.height}
          alt={alt}
          loading="lazy"
          decoding="async"
          onError={onError}
          className="h-auto max-h-[32rem] w-full object-contain"
        />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <Lightbox src={url} alt={alt} opener={button} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
