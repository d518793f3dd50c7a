import { EyeOff, Flag, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { DropdownMenu } from './DropdownMenu';

interface PostMenuProps {
  isAuthor: boolean;
  onDelete: () => Promise<void>;
  onReport: () => Promise<void>;
  onHide: () => Promise<void>;
}

/** A post's menu: Delete Post (its author only), Report Post (everyone else), Hide Post (everyone). */
export function PostMenu({ isAuthor, onDelete, onReport, onHide }: PostMenuProps) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete() {
    setDeleting(true);
    try {
      await onDelete();
    } finally {
      setDeleting(false);
      setConfirmingDelete(false);
    }
  }

  return (
    <>
      <DropdownMenu
        label="Post options"
        menuWidth="w-44"
        items={[
          isAuthor
            ? {
                icon: Trash2,
                label: 'Delete Post',
                onSelect: () => setConfirmingDelete(true),
                destructive: true,
              }
            : { icon: Flag, label: 'Report Post', onSelect: onReport },
          { icon: EyeOff, label: 'Hide Post', onSelect: onHide },
        ]}
      />
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete this post?"
        description="It will be removed for everyone, with its comments and reactions."
        confirmLabel="Delete Post"
        destructive
        pending={deleting}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
