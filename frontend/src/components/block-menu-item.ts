import i18next from 'i18next';
import { Ban, ShieldCheck } from 'lucide-react';
import type { DropdownMenuItem } from './DropdownMenu';

/** What a menu about another fencer needs to block or unblock them. */
export interface BlockActions {
  isBlocked: boolean;
  onBlock: () => void;
  onUnblock: () => void;
}

/** Block User, or Unblock User once blocked: the same item in every menu about another fencer. */
export function blockMenuItem({ isBlocked, onBlock, onUnblock }: BlockActions): DropdownMenuItem {
  return isBlocked
    ? { icon: ShieldCheck, label: i18next.t('actions.unblockUser'), onSelect: onUnblock }
    : { icon: Ban, label: i18next.t('actions.blockUser'), onSelect: onBlock, destructive: true };
}
