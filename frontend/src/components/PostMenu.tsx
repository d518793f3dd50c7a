import { EllipsisVertical, EyeOff, Flag, Trash2, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from './connections/ConfirmDialog';

interface PostMenuProps {
  isAuthor: boolean;
  onDelete: () => Promise<void>;
  onReport: () => Promise<void>;
  onHide: () => Promise<void>;
}

/** A post's menu: Delete Post (its author only), Report Post (everyone else), Hide Post (everyone). */
export function PostMenu({ isAuthor, onDelete, onReport, onHide }: PostMenuProps) {
  const [open, setOpen] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const choose = (action: () => unknown) => () => {
    setOpen(false);
    void action();
  };

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
    <div ref={containerRef} className="relative">
      <button
        type="button"
        aria-label="Post options"
        title="Post options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex size-9 items-center justify-center rounded-full text-slate-400 transition hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
      >
        <EllipsisVertical aria-hidden className="size-5" />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          className="absolute right-0 z-20 mt-1 w-44 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          {isAuthor ? (
            <MenuItem
              icon={Trash2}
              label="Delete Post"
              destructive
              onSelect={choose(() => setConfirmingDelete(true))}
            />
          ) : (
            <MenuItem icon={Flag} label="Report Post" onSelect={choose(onReport)} />
          )}
          <MenuItem icon={EyeOff} label="Hide Post" onSelect={choose(onHide)} />
        </div>
      ) : null}
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
    </div>
  );
}

function MenuItem({
  icon: Icon,
  label,
  onSelect,
  destructive = false,
}: {
  icon: LucideIcon;
  label: string;
  onSelect: () => void;
  destructive?: boolean;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      onClick={onSelect}
      className={`flex w-full items-center gap-2.5 px-3 py-2 text-left text-sm font-medium transition hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none ${
        destructive ? 'text-red-600' : 'text-slate-700'
      }`}
    >
      <Icon aria-hidden className="size-4" />
      {label}
    </button>
  );
}
