import { ExternalLink, X } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/use-translation';
import { IconButton } from './IconButton';

interface LightboxProps {
  /** The full-size image. */
  src: string;
  /** The image's text alternative, as the feed gives it. */
  alt: string;
  /** What gets the focus back on closing: the control that opened it. */
  opener: RefObject<HTMLElement | null>;
  onClose: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * A post's image at full size over the page: a modal dialog that takes the focus (and keeps it: Tab cycles
 * inside), closes with Escape, its close button or a click beside the image, and locks the page's scroll
 * meanwhile. The opener gets the focus back when it closes (the caller renders it only while open).
 */
export function Lightbox({ src, alt, opener, onClose }: LightboxProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const { t } = useTranslation(['feed', 'common']);

  useEffect(() => {
    const returnTo = opener.current;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // The page behind is out of reach of the keyboard and screen readers while the image is open.
    const app = document.getElementById('root');
    app?.setAttribute('inert', '');
    closeRef.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      app?.removeAttribute('inert');
      // Once the page is reachable again (an inert element cannot take the focus).
      returnTo?.focus();
    };
  }, [opener]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  // Above the toasts too (react-hot-toast's 9999): they belong to the page, which is inert while this is open.
  return createPortal(
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="lightbox"
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-0 z-[10000] flex flex-col items-center justify-center gap-3 bg-slate-950/95 p-3 sm:p-6"
    >
      <h2 id={titleId} className="sr-only">
        {t('media.fullSize')}
      </h2>
      <div className="flex w-full shrink-0 items-center justify-end gap-2">
        <a
          href={src}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-white/90 transition hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <ExternalLink aria-hidden className="size-4" />
          {t('media.openOriginal')}
        </a>
        <IconButton
          ref={closeRef}
          label={t('common:actions.close')}
          icon={X}
          iconClassName="size-5"
          onClick={onClose}
          className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
        />
      </div>
      <img
        src={src}
        alt={alt}
        data-testid="lightbox-image"
        onClick={(event) => event.stopPropagation()}
        className="min-h-0 max-w-full flex-1 object-contain"
      />
    </div>,
    document.body,
  );
}
