import { Bookmark, BookmarkMinus, EyeOff, Flag, Pencil, Trash2, VolumeX } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { DropdownMenu } from './DropdownMenu';

interface PostMenuProps {
  isAuthor: boolean;
  /** How "Mute …" names the author, e.g. '@claire'. */
  authorHandle: string;
  /** Whether the user keeps the post (Save post / Unsave post); no save item without `onToggleSave`. */
  isSaved?: boolean;
  onEdit?: () => void;
  onToggleSave?: () => Promise<void>;
  onMute?: () => Promise<unknown>;
  onDelete: () => Promise<void>;
  onReport: () => Promise<void>;
  onHide: () => Promise<void>;
}

/**
 * A post's menu: Edit post and Delete Post (its author only), Save post or Unsave post (everyone), Report Post and
 * Mute @author (everyone else), Hide Post (everyone).
 */
export function PostMenu({
  isAuthor,
  authorHandle,
  isSaved = false,
  onEdit,
  onToggleSave,
  onMute,
  onDelete,
  onReport,
  onHide,
}: PostMenuProps) {
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
        menuWidth="w-52"
        items={[
          isAuthor && onEdit ? { icon: Pencil, label: 'Edit post', onSelect: onEdit } : null,
          onToggleSave
            ? isSaved
              ? { icon: BookmarkMinus, label: 'Unsave post', onSelect: onToggleSave }
              : { icon: Bookmark, label: 'Save post', onSelect: onToggleSave }
            : null,
          isAuthor
            ? {
                icon: Trash2,
                label: 'Delete Post',
                onSelect: () => setConfirmingDelete(true),
                destructive: true,
              }
            : { icon: Flag, label: 'Report Post', onSelect: onReport },
          !isAuthor && onMute ? { icon: VolumeX, label: `Mute ${authorHandle}`, onSelect: onMute } : null,
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
