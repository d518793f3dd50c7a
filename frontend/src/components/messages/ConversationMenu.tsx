import { Trash2 } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { blockMenuItem, type BlockActions } from '../block-menu-item';
import { DropdownMenu } from '../DropdownMenu';

interface ConversationMenuProps extends BlockActions {
  /** Delete Conversation is offered only once the conversation exists. */
  canDelete: boolean;
  onDelete: () => void;
}

/** The conversation's menu: Delete Conversation; Block User or Unblock User. */
export function ConversationMenu({ canDelete, onDelete, ...block }: ConversationMenuProps) {
  const { t } = useTranslation('messages');
  return (
    <DropdownMenu
      label={t('conversation.menu.label')}
      title={t('conversation.menu.title')}
      items={[
        canDelete && {
          icon: Trash2,
          label: t('conversation.menu.delete'),
          onSelect: onDelete,
          destructive: true,
        },
        blockMenuItem(block),
      ]}
    />
  );
}
