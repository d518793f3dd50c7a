import { Ban, ShieldCheck, UserMinus } from 'lucide-react';
import { DropdownMenu } from '../DropdownMenu';

interface ConnectionMenuProps {
  name: string;
  isBlocked: boolean;
  disabled?: boolean;
  onRemove: () => void;
  onBlock: () => void;
  onUnblock: () => void;
}

/** A connection's menu: Remove connection; Block User or Unblock User. */
export function ConnectionMenu({
  name,
  isBlocked,
  disabled = false,
  onRemove,
  onBlock,
  onUnblock,
}: ConnectionMenuProps) {
  return (
    <DropdownMenu
      label={`More actions for ${name}`}
      title="More actions"
      disabled={disabled}
      items={[
        { icon: UserMinus, label: 'Remove connection', onSelect: onRemove },
        isBlocked
          ? { icon: ShieldCheck, label: 'Unblock User', onSelect: onUnblock }
          : { icon: Ban, label: 'Block User', onSelect: onBlock, destructive: true },
      ]}
    />
  );
}
