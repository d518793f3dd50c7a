import { EllipsisVertical, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useDismiss } from './useDismiss';

/**
 * A trigger button and the popup it opens (a menu, a popover): whether it is open, and the props that tie
 * the two together. Closes on an outside press or Escape.
 */
export function usePopup() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, containerRef, triggerRef);
  const triggerProps = {
    ref: triggerRef,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': open ? popupId : undefined,
    onClick: () => setOpen((value) => !value),
  };
  return { open, close, containerRef, triggerRef, popupId, triggerProps };
}

export interface DropdownMenuItem {
  icon: LucideIcon;
  label: string;
  onSelect: () => unknown;
  destructive?: boolean;
}

interface DropdownMenuProps {
  /** The trigger's accessible name (aria-label). */
  label: string;
  /** The trigger's tooltip; defaults to the accessible name. */
  title?: string;
  /** Falsy entries are skipped, so items can be listed conditionally. */
  items: ReadonlyArray<DropdownMenuItem | false | null | undefined>;
  disabled?: boolean;
  /** Tailwind width class of the open list. */
  menuWidth?: 'w-44' | 'w-52';
  /** A smaller trigger, for an item inside a list (a comment, a message). */
  compact?: boolean;
}

/**
 * A "⋮" button opening a list of actions (role="menu"). Closes on outside click, Escape, Tab or a
 * selection; ArrowUp/ArrowDown/Home/End move between items. The list renders inside the component,
 * so it stays within its card for scoped queries.
 */
export function DropdownMenu({
  label,
  title = label,
  items,
  disabled = false,
  menuWidth = 'w-52',
  compact = false,
}: DropdownMenuProps) {
  const { open, close, containerRef, triggerRef, popupId: menuId, triggerProps } = usePopup();
  const menuRef = useRef<HTMLDivElement>(null);
  const visibleItems = items.filter((item): item is DropdownMenuItem => Boolean(item));

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Tab') {
      close();
      return;
    }
    const menuItems = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    if (menuItems.length === 0) return;
    const current = menuItems.indexOf(document.activeElement as HTMLElement);
    let next: number;
    if (event.key === 'ArrowDown') next = (current + 1) % menuItems.length;
    else if (event.key === 'ArrowUp') next = (current - 1 + menuItems.length) % menuItems.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = menuItems.length - 1;
    else return;
    event.preventDefault();
    menuItems[next]?.focus();
  }

  function select(item: DropdownMenuItem) {
    close();
    triggerRef.current?.focus();
    void item.onSelect();
  }

  return (
    <div ref={containerRef} className="relative">
      <button
        {...triggerProps}
        aria-label={label}
        title={title}
        aria-haspopup="menu"
        disabled={disabled}
        className={`flex ${compact ? 'size-7' : 'size-9'} items-center justify-center rounded-full text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white dark:focus-visible:outline-slate-300`}
      >
        <EllipsisVertical aria-hidden className={compact ? 'size-4' : 'size-5'} />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className={`absolute top-full right-0 z-20 mt-1 ${menuWidth} overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:shadow-black/40`}
        >
          {visibleItems.map((item) => {
            const Icon = item.icon;
            return (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => select(item)}
                className={`flex w-full items-center gap-2.5 px-3 py-2 text-left text-sm font-medium transition hover:bg-slate-50 focus-visible:bg-slate-100 focus-visible:outline-none dark:hover:bg-slate-700 dark:focus-visible:bg-slate-700 ${
                  item.destructive ? 'text-red-600 dark:text-red-300' : 'text-slate-700 dark:text-slate-200'
                }`}
              >
                <Icon aria-hidden className="size-4" />
                {item.label}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
