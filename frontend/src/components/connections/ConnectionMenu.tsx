import { Ban, EllipsisVertical, ShieldCheck, UserMinus, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

interface ConnectionMenuProps {
  name: string;
  isBlocked: boolean;
  disabled?: boolean;
  onRemove: () => void;
  onBlock: () => void;
  onUnblock: () => void;
}

/** A connection's menu: Remove connection; Block User or Unblock User. */
export function ConnectionMenu({
  name,
  isBlocked,
  disabled = false,
  onRemove,
  onBlock,
  onUnblock,
}: ConnectionMenuProps) {
  const [open, setOpen] = useState(false);
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

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        type="button"
        aria-label={`More actions for ${name}`}
        title="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
        className="flex size-9 items-center justify-center rounded-full text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-50"
      >
        <EllipsisVertical aria-hidden className="size-5" />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          className="absolute right-0 z-20 mt-1 w-52 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          <MenuItem icon={UserMinus} label="Remove connection" onSelect={choose(onRemove)} />
          {isBlocked ? (
            <MenuItem icon={ShieldCheck} label="Unblock User" onSelect={choose(onUnblock)} />
          ) : (
            <MenuItem icon={Ban} label="Block User" onSelect={choose(onBlock)} destructive />
          )}
        </div>
      ) : null}
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
      className={`flex w-full items-center gap-2.5 px-3 py-2 text-left text-sm transition hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none ${
        destructive ? 'text-red-600' : 'text-slate-700'
      }`}
    >
      <Icon aria-hidden className="size-4" />
      {label}
    </button>
  );
}
