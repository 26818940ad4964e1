// A menu button (WAI-ARIA menu button pattern) for the Sort menu and the user menu. Headless UI's
// Menu would bring floating-ui and its positioning engine into every shopper's first load for two
// short lists that simply open below their button.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface DropdownMenuProps {
  /** The button's contents; give it an accessible name (text or sr-only text). */
  button: ReactNode;
  buttonClassName: string;
  /** Classes of the list; it is positioned below the button, aligned to its right edge. */
  menuClassName: string;
  /** Items: elements with role="menuitem" and tabIndex={-1} (buttons or links). */
  children: ReactNode;
}

const items = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

export default function DropdownMenu({ button, buttonClassName, menuClassName, children }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    items(menuRef.current)[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items(menuRef.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 };
    if (event.key in move) {
      event.preventDefault();
      list[(move[event.key] + list.length) % list.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={rootRef} className="relative inline-block text-left">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onButtonKeyDown}
        className={buttonClassName}
      >
        {button}
      </button>
      {open && (
        // Choosing an item (click, Enter or Space) closes the menu and gives the focus back to its
        // button (the item is gone: the focus would fall to the page's start).
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          onClick={() => close(true)}
          className={`absolute right-0 z-20 mt-2 origin-top-right ${menuClassName}`}
        >
          {children}
        </div>
      )}
    </div>
  );
}
