import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';

type AvatarSize = 'sm' | 'md' | 'lg';

const sizeClasses: Record<AvatarSize, string> = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-20 text-2xl',
};

interface AvatarProps {
  /** The stored avatar value: an image URL ('http…' or '/objects/…') or a short text such as initials. */
  avatar?: string | null;
  name?: string | null;
  size?: AvatarSize;
  className?: string;
}

export function isImageAvatar(avatar: string | null | undefined): avatar is string {
  return !!avatar && (avatar.startsWith('http') || avatar.startsWith('/objects/'));
}

/** The spec's avatar rule: the image, else the short text, else the name's first letter, else '?'. */
export function avatarText(avatar: string | null | undefined, name: string | null | undefined): string {
  const text = avatar?.trim();
  if (text && !isImageAvatar(text)) return Array.from(text).slice(0, 3).join('');
  const initial = name?.trim().charAt(0);
  return initial ? initial.toUpperCase() : '?';
}

export function Avatar({ avatar, name, size = 'md', className = '' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const { t } = useTranslation();
  const base = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${sizeClasses[size]} ${className}`;

  if (isImageAvatar(avatar) && failedSrc !== avatar) {
    return (
      <img
        src={avatar}
        alt={name ?? t('avatar')}
        onError={() => setFailedSrc(avatar)}
        className={`${base} bg-slate-200 object-cover dark:bg-slate-700`}
      />
    );
  }

  // A broken image falls back to the name's initial rather than an empty circle.
  const text = avatarText(isImageAvatar(avatar) ? null : avatar, name);
  return (
    <span
      aria-label={name ?? undefined}
      role={name ? 'img' : undefined}
      className={`${base} bg-gradient-to-br from-slate-600 to-slate-800 font-semibold text-white select-none`}
    >
      {text}
    </span>
  );
}
