import { UserMinus } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { blockMenuItem, type BlockActions } from '../block-menu-item';
import { DropdownMenu } from '../DropdownMenu';

interface ConnectionMenuProps extends BlockActions {
  name: string;
  disabled?: boolean;
  onRemove: () => void;
}

/** A connection's menu: Remove connection; Block User or Unblock User. */
export function ConnectionMenu({ name, disabled = false, onRemove, ...block }: ConnectionMenuProps) {
  const { t } = useTranslation('people');
  return (
    <DropdownMenu
      label={t('connections.menu.label', { name })}
      title={t('connections.menu.title')}
      disabled={disabled}
      items={[
        { icon: UserMinus, label: t('connections.menu.remove'), onSelect: onRemove },
        blockMenuItem(block),
      ]}
    />
  );
}
