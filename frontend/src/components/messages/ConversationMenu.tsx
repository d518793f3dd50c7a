import { Ban, ShieldCheck, Trash2 } from 'lucide-react';
import { DropdownMenu } from '../DropdownMenu';

interface ConversationMenuProps {
  /** Delete Conversation is offered only once the conversation exists. */
  canDelete: boolean;
  isBlocked: boolean;
  onDelete: () => void;
  onBlock: () => void;
  onUnblock: () => void;
}

/** The conversation's menu: Delete Conversation; Block User or Unblock User. */
export function ConversationMenu({
  canDelete,
  isBlocked,
  onDelete,
  onBlock,
  onUnblock,
}: ConversationMenuProps) {
  return (
    <DropdownMenu
      label="Conversation options"
      title="Options"
      items={[
        canDelete && { icon: Trash2, label: 'Delete Conversation', onSelect: onDelete, destructive: true },
        isBlocked
          ? { icon: ShieldCheck, label: 'Unblock User', onSelect: onUnblock }
          : { icon: Ban, label: 'Block User', onSelect: onBlock, destructive: true },
      ]}
    />
  );
}
