import { Bookmark, BookmarkMinus, EyeOff, Flag, Pencil, Trash2, VolumeX } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { DropdownMenu } from './DropdownMenu';

/** Fetched the first time someone asks to delete or remove a post. */
const ConfirmDialog = lazy(() => import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

interface PostMenuProps {
  isAuthor: boolean;
  /** Someone else's post the viewer may remove here (a club's admins on its page): Remove post instead of Report. */
  mayRemove?: boolean;
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
 * A post's menu: Edit post and Delete Post (its author only), Save post or Unsave post (everyone), Remove post (a
 * club's admins, on its page), Report Post and Mute @author (everyone else), Hide Post (everyone).
 */
export function PostMenu({
  isAuthor,
  mayRemove = false,
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
  // Mounted from the first ask on, so that closing it (not unmounting it) gives the focus back to the menu.
  const [confirmAsked, setConfirmAsked] = useState(false);
  if (confirmingDelete && !confirmAsked) setConfirmAsked(true);
  const [deleting, setDeleting] = useState(false);
  const { t } = useTranslation('feed');

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
        label={t('post.menu.label')}
        menuWidth="w-52"
        items={[
          isAuthor && onEdit ? { icon: Pencil, label: t('post.menu.edit'), onSelect: onEdit } : null,
          onToggleSave
            ? isSaved
              ? { icon: BookmarkMinus, label: t('post.menu.unsave'), onSelect: onToggleSave }
              : { icon: Bookmark, label: t('post.menu.save'), onSelect: onToggleSave }
            : null,
          isAuthor || mayRemove
            ? {
                icon: Trash2,
                label: isAuthor ? t('post.menu.delete') : t('post.menu.remove'),
                onSelect: () => setConfirmingDelete(true),
                destructive: true,
              }
            : null,
          isAuthor ? null : { icon: Flag, label: t('post.menu.report'), onSelect: onReport },
          !isAuthor && onMute
            ? { icon: VolumeX, label: t('post.menu.mute', { handle: authorHandle }), onSelect: onMute }
            : null,
          { icon: EyeOff, label: t('post.menu.hide'), onSelect: onHide },
        ]}
      />
      {confirmAsked ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirmingDelete}
            title={isAuthor ? t('post.confirmDelete.title') : t('post.confirmRemove.title')}
            description={t('post.confirmDelete.description')}
            confirmLabel={isAuthor ? t('post.menu.delete') : t('post.menu.remove')}
            destructive
            pending={deleting}
            onCancel={() => setConfirmingDelete(false)}
            onConfirm={() => void confirmDelete()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
