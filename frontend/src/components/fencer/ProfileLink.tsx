import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { profilePath, type ProfileTarget } from '../../lib/paths';
import { Avatar } from '../Avatar';

interface ProfileLinkProps {
  user: ProfileTarget;
  className?: string;
  children: ReactNode;
}

/** A fencer's name as a link to their page. */
export function ProfileLink({ user, className = '', children }: ProfileLinkProps) {
  return (
    <Link
      to={profilePath(user)}
      className={`rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300 ${className}`}
    >
      {children}
    </Link>
  );
}

interface AvatarLinkProps {
  user: ProfileTarget & { name?: string | null; avatar?: string | null };
  /** The name shown beside the avatar; the link is read as "{label}'s profile". */
  label: string;
  size?: 'sm' | 'md' | 'lg';
  avatarClassName?: string;
}

/**
 * A fencer's avatar as a link to their page. It has a name for screen readers but stays out of the tab order:
 * the name beside it is the same link, so keyboard users meet each fencer once.
 */
export function AvatarLink({ user, label, size = 'md', avatarClassName }: AvatarLinkProps) {
  const { t } = useTranslation();
  return (
    <Link
      to={profilePath(user)}
      aria-label={t('profileOf', { name: label })}
      tabIndex={-1}
      className="shrink-0 rounded-full"
    >
      <Avatar avatar={user.avatar} name={user.name} size={size} className={avatarClassName} />
    </Link>
  );
}
