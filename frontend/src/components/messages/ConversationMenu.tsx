import { Trash2 } from 'lucide-react';
import { blockMenuItem, type BlockActions } from '../block-menu-item';
import { DropdownMenu } from '../DropdownMenu';

interface ConversationMenuProps extends BlockActions {
  /** Delete Conversation is offered only once the conversation exists. */
  canDelete: boolean;
  onDelete: () => void;
}

/** The conversation's menu: Delete Conversation; Block User or Unblock User. */
export function ConversationMenu({ canDelete, onDelete, ...block }: ConversationMenuProps) {
  return (
    <DropdownMenu
      label="Conversation options"
      title="Options"
      items={[
        canDelete && { icon: Trash2, label: 'Delete Conversation', onSelect: onDelete, destructive: true },
        blockMenuItem(block),
      ]}
    />
  );
}
