/**
 * A button that opens a menu (WAI-ARIA menu button): Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move between items; Escape closes it and returns to the button;
 * Tab or a press outside closes it. Items run an action or follow a link (react-router).
 */
import './ui.css';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { type Placement, useFloatingPanel } from './anchored';
import { classNames } from './Button';
import { moveFocusByKey } from './roving-focus';

export interface MenuEntry {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  /** A route to follow (rendered as a link). */
  to?: string;
  /** The link of the page the user is on (`aria-current="page"`, shown selected). */
  current?: boolean;
  onSelect?(): void;
}

export type MenuItem = MenuEntry | { key: string; divider: true };

const isDivider = (item: MenuItem): item is { key: string; divider: true } => 'divider' in item;

/** What the trigger spreads on its `<button>`. */
export interface MenuTriggerProps {
  ref: Ref<HTMLButtonElement>;
  /** The trigger's id: by default its name is the menu's name too. */
  id: string;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick(event: MouseEvent<HTMLButtonElement>): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void;
}

export interface MenuButtonProps {
  items: MenuItem[];
  renderTrigger(props: MenuTriggerProps): ReactNode;
  placement?: Extract<Placement, 'bottom-start' | 'bottom-end' | 'right-start'>;
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** Closes the menu after an item is chosen (default); false keeps it open, e.g. to show progress. */
  closeOnSelect?: boolean;
  /** The menu's accessible name; by default the trigger names it. */
  label?: string;
  className?: string;
}

export function MenuButton({
  items,
  renderTrigger,
  placement = 'bottom-start',
  open: controlledOpen,
  onOpenChange,
  closeOnSelect = true,
  label,
  className,
}: MenuButtonProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const { open, setOpen, close, style } = useFloatingPanel(trigger, menu, placement, {
    open: controlledOpen,
    onOpenChange,
  });
  const menuId = useId();
  const triggerId = useId();
  // Which item takes the focus when the menu opens: the first, or the last after ArrowUp.
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const menuItems = () => [
    ...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []),
  ];

  // Into the menu once it is placed: a browser does not focus inside a panel that is still hidden.
  const placed = open && style.visibility !== 'hidden';
  useLayoutEffect(() => {
    if (!placed) return;
    const enabled = menuItems();
    (focusOnOpen.current === 'last' ? enabled.at(-1) : enabled[0])?.focus();
  }, [placed]);

  const openWith = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const triggerProps: MenuTriggerProps = {
    ref: trigger,
    id: triggerId,
    'aria-haspopup': 'menu',
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: (event) => {
      event.stopPropagation();
      if (open) close(false);
      else openWith('first');
    },
    onKeyDown: (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        event.stopPropagation();
        openWith(event.key === 'ArrowUp' ? 'last' : 'first');
      }
    },
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    event.stopPropagation();
    if (!moveFocusByKey(event, menuItems()) && event.key === 'Tab') close(false);
    else if (event.key === 'Escape') {
      // Handled here: the keydown stops at the menu, so the document listener of useDismiss never sees it.
      event.preventDefault();
      close(true);
    }
  };

  const choose = (item: MenuEntry, event: MouseEvent) => {
    event.stopPropagation();
    if (item.disabled) {
      event.preventDefault();
      return;
    }
    item.onSelect?.();
    if (closeOnSelect) close(!item.to);
  };

  return (
    <>
      <span className="ui-menu-trigger">
        {renderTrigger(triggerProps)}
      </span>
      {open &&
        createPortal(
          <ul
            ref={menu}
            id={menuId}
            role="menu"
            aria-label={label}
            aria-labelledby={label ? undefined : triggerId}
            className={classNames('ui-menu', className)}
            style={style}
            onKeyDown={onMenuKeyDown}
          >
            {items.map((item) =>
              isDivider(item) ? (
                <li key={item.key} role="separator" className="ui-menu__divider" />
              ) : (
                <li key={item.key} role="none">
                  {item.to && !item.disabled ? (
                    <Link
                      to={item.to}
                      role="menuitem"
                      tabIndex={-1}
                      aria-current={item.current ? 'page' : undefined}
                      className={classNames(
                        'ui-menu__item',
                        item.danger && 'ui-menu__item--danger',
                        item.current && 'ui-menu__item--current',
                      )}
                      onClick={(event) => choose(item, event)}
                    >
                      {item.icon && <span className="ui-menu__icon">{item.icon}</span>}
                      <span className="ui-menu__label">{item.label}</span>
                    </Link>
                  ) : (
                    <button
                      type="button"
                      role="menuitem"
                      tabIndex={-1}
                      aria-disabled={item.disabled || undefined}
                      className={classNames('ui-menu__item', item.danger && 'ui-menu__item--danger')}
                      onClick={(event) => choose(item, event)}
                    >
                      {item.icon && <span className="ui-menu__icon">{item.icon}</span>}
                      <span className="ui-menu__label">{item.label}</span>
                    </button>
                  )}
                </li>
              ),
            )}
          </ul>,
          document.body,
        )}
    </>
  );
}
