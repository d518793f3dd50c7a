import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, Ref } from 'react';

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** The accessible name, and the tooltip unless `title` says otherwise. */
  label: string;
  icon: LucideIcon;
  iconClassName: string;
  ref?: Ref<HTMLButtonElement>;
}

/** A button showing only an icon (close, discard, delete…), named for screen readers and by its tooltip. */
export function IconButton({
  label,
  title = label,
  icon: Icon,
  iconClassName,
  type = 'button',
  ...props
}: IconButtonProps) {
  return (
    <button type={type} aria-label={label} title={title} {...props}>
      <Icon aria-hidden className={iconClassName} />
    </button>
  );
}
