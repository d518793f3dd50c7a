import { UserMinus } from 'lucide-react';
import { blockMenuItem, type BlockActions } from '../block-menu-item';
import { DropdownMenu } from '../DropdownMenu';

interface ConnectionMenuProps extends BlockActions {
  name: string;
  disabled?: boolean;
  onRemove: () => void;
}

/** A connection's menu: Remove connection; Block User or Unblock User. */
export function ConnectionMenu({ name, disabled = false, onRemove, ...block }: ConnectionMenuProps) {
  return (
    <DropdownMenu
      label={`More actions for ${name}`}
      title="More actions"
      disabled={disabled}
      items={[{ icon: UserMinus, label: 'Remove connection', onSelect: onRemove }, blockMenuItem(block)]}
    />
  );
}
