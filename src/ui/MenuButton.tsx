/**
 * A button that opens a menu (WAI-ARIA menu button), on @floating-ui/react: Enter, Space or ArrowDown open it on
 * the first item, ArrowUp on the last; arrows, Home and End move between items and typing a letter moves to the
 * next item starting with it; Escape and Shift+Tab close it and return to the button; Tab closes it and moves on
 * from the button; a press outside closes it. Items run an action or follow a link (react-router). The menu
 * follows its button in the document (so Tab moves on to what comes after the button, with no focus guards that
 * assistive technology would meet); its fixed position keeps scrolling containers from clipping it.
 */
import './ui.css';
import {
  FloatingFocusManager,
  FloatingNode,
  useClick,
  useDismiss,
  useInteractions,
  useListNavigation,
  useRole,
  useTypeahead,
} from '@floating-ui/react';
import {
  type ButtonHTMLAttributes,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
  type RefObject,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { classNames } from './Button';
import {
  InFloatingTree,
  type Placement,
  useAnchoredFloating,
  useOpenState,
  type ViewportPoint,
} from './floating';

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

/** The trigger's event handlers (opening on a press or the arrow keys). */
type TriggerHandlers = Pick<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'onClick' | 'onKeyDown' | 'onKeyUp' | 'onMouseDown' | 'onPointerDown' | 'onFocus' | 'onBlur'
>;

/** What the trigger spreads on its `<button>`. */
export interface MenuTriggerProps extends TriggerHandlers {
  ref: Ref<HTMLButtonElement>;
  /** The trigger's id: by default its name is the menu's name too. */
  id: string;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
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
  /**
   * Opens the menu at this point of the viewport instead of at its button (a context menu at the pointer, with
   * the controlled `open`); the button still owns the menu and takes the focus back when it closes.
   */
  anchorPoint?: ViewportPoint | null;
}

/**
 * Until it is first opened, a menu button is its trigger alone: the floating machinery (placement, focus,
 * dismissal, list navigation) mounts with the first opening (a press, Enter, Space or an arrow key on the
 * trigger, or the controlled `open`) and stays, so a list's row menus cost a button each until one is used. The
 * trigger stays the same element throughout: once the machinery is there, its events go to it.
 */
export function MenuButton(props: MenuButtonProps) {
  const { items, renderTrigger, open: controlledOpen, onOpenChange } = props;
  const [open, setOpen] = useOpenState(controlledOpen, onOpenChange);
  // How the menu was first opened (the item to start on); null while it never was.
  const [started, setStarted] = useState<{ index: number | null } | null>(null);
  // Opened by its caller (a card's context menu): the machinery stays from then on too.
  if (open && !started) setStarted({ index: null });
  // A ref, not state: setting state from the ref would render every row's menu button again before the first paint.
  const trigger = useRef<HTMLButtonElement>(null);
  // The floating machinery's handlers of the trigger's events, once it is mounted.
  const handlersRef = useRef<TriggerHandlers | null>(null);
  const triggerId = useId();
  const menuId = useId();

  const start = (index: number | null) => {
    setStarted({ index });
    setOpen(true);
  };
  const entries = items.filter((item): item is MenuEntry => !isDivider(item));

  // The trigger's events go to the floating machinery once it is mounted; before, a press or an arrow key opens.
  const triggerProps = {
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (handlersRef.current) return handlersRef.current.onClick?.(event);
      // A press on the trigger is not a press on the row or card it sits in.
      event.stopPropagation();
      start(null);
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (handlersRef.current) return handlersRef.current.onKeyDown?.(event);
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      // ArrowDown starts on the first usable item (the menu's own choice on opening), ArrowUp on the last.
      const last = entries.findLastIndex((entry) => !entry.disabled);
      start(event.key === 'ArrowUp' && last >= 0 ? last : null);
    },
    onKeyUp: (event: KeyboardEvent<HTMLButtonElement>) => handlersRef.current?.onKeyUp?.(event),
    onMouseDown: (event: MouseEvent<HTMLButtonElement>) => handlersRef.current?.onMouseDown?.(event),
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => handlersRef.current?.onPointerDown?.(event),
    onFocus: (event: FocusEvent<HTMLButtonElement>) => handlersRef.current?.onFocus?.(event),
    onBlur: (event: FocusEvent<HTMLButtonElement>) => handlersRef.current?.onBlur?.(event),
    ref: trigger,
    id: triggerId,
    'aria-haspopup': 'menu',
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
  } satisfies MenuTriggerProps;

  return (
    <>
      <span className="ui-menu-trigger">
        <Trigger render={renderTrigger} props={triggerProps} />
      </span>
      {started && (
        <InFloatingTree>
          <FloatingMenu
            {...props}
            open={open}
            onOpenChange={setOpen}
            trigger={trigger}
            triggerHandlersRef={handlersRef}
            triggerId={triggerId}
            menuId={menuId}
            startIndex={started?.index ?? null}
          />
        </InFloatingTree>
      )}
    </>
  );
}

/** The caller's trigger, rendered as a component: its handlers read the machinery's only when called. */
function Trigger({ render, props }: { render: MenuButtonProps['renderTrigger']; props: MenuTriggerProps }) {
  return render(props);
}

interface FloatingMenuProps extends Omit<MenuButtonProps, 'renderTrigger' | 'open' | 'onOpenChange'> {
  open: boolean;
  onOpenChange(open: boolean): void;
  trigger: RefObject<HTMLButtonElement | null>;
  /** Where the menu puts its handlers of the trigger's events. */
  triggerHandlersRef: RefObject<TriggerHandlers | null>;
  triggerId: string;
  menuId: string;
  /** The item to focus on opening (null: the menu's own choice). */
  startIndex: number | null;
}

function FloatingMenu({
  items,
  placement = 'bottom-start',
  open,
  onOpenChange: setOpen,
  closeOnSelect = true,
  label,
  className,
  anchorPoint,
  trigger,
  triggerHandlersRef,
  triggerId,
  menuId,
  startIndex,
}: FloatingMenuProps) {
  const { setReference, setFloating, floatingStyles, context, nodeId } = useAnchoredFloating({
    open,
    onOpenChange: setOpen,
    placement: anchorPoint ? 'bottom-start' : placement,
    anchorPoint,
  });
  // The trigger is in the document before the machinery mounts (the first opening); it stays the same element.
  useLayoutEffect(() => setReference(trigger.current), [setReference, trigger]);
  const entries = items.filter((item): item is MenuEntry => !isDivider(item));
  // The items' elements and texts, by their index among the entries (dividers are not in the list).
  const elements = useRef<(HTMLElement | null)[]>([]);
  const labels = useRef<(string | null)[]>([]);
  const [activeIndex, setActiveIndex] = useState<number | null>(startIndex);

  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context),
    useRole(context, { role: 'menu' }),
    useDismiss(context),
    useListNavigation(context, {
      listRef: elements,
      activeIndex,
      onNavigate: setActiveIndex,
      loop: true,
      focusItemOnOpen: true,
    }),
    useTypeahead(context, {
      listRef: labels,
      activeIndex,
      onMatch: open ? setActiveIndex : undefined,
    }),
  ]);

  const referenceProps = getReferenceProps({
    // A press on the trigger is not a press on the row or card it sits in.
    onClick: (event: MouseEvent) => event.stopPropagation(),
  }) as TriggerHandlers;
  // The trigger's events come here from now on (and no longer once this is gone).
  useLayoutEffect(() => {
    triggerHandlersRef.current = referenceProps;
    return () => {
      triggerHandlersRef.current = null;
    };
  });

  const choose = (item: MenuEntry, event: MouseEvent) => {
    event.stopPropagation();
    if (item.disabled) {
      event.preventDefault();
      return;
    }
    item.onSelect?.();
    if (closeOnSelect) setOpen(false);
  };

  /** Keeps an item's element and text at its index, for the arrow keys and typeahead. */
  const listed = (item: MenuEntry) => (element: HTMLElement | null) => {
    const index = entries.indexOf(item);
    elements.current[index] = element;
    labels.current[index] = element?.textContent ?? null;
  };

  const itemProps = (item: MenuEntry) => {
    const index = entries.indexOf(item);
    return getItemProps({
      role: 'menuitem',
      tabIndex: activeIndex === index ? 0 : -1,
      onClick: (event: MouseEvent) => choose(item, event),
    });
  };

  const content = (item: MenuEntry) => (
    <>
      {item.icon && <span className="ui-menu__icon">{item.icon}</span>}
      <span className="ui-menu__label">{item.label}</span>
    </>
  );

  return (
    <FloatingNode id={nodeId}>
      {open && (
        <FloatingFocusManager context={context} modal={false}>
          <ul
            ref={setFloating}
            {...getFloatingProps({
              // A press in the menu is not a press on the row or card it sits in.
              onClick: (event: MouseEvent) => event.stopPropagation(),
              // Shift+Tab leaves the menu for its button, closed (Tab moves on past the button by itself).
              onKeyDown: (event: KeyboardEvent) => {
                if (event.key !== 'Tab' || !event.shiftKey) return;
                event.preventDefault();
                setOpen(false);
              },
            })}
            id={menuId}
            role="menu"
            aria-label={label}
            aria-labelledby={label ? undefined : triggerId}
            className={classNames('ui-menu', className)}
            style={floatingStyles}
          >
            {items.map((item) =>
              isDivider(item) ? (
                <li key={item.key} role="separator" className="ui-menu__divider" />
              ) : (
                <li key={item.key} role="none">
                  {item.to && !item.disabled ? (
                    <Link
                      to={item.to}
                      ref={listed(item)}
                      {...itemProps(item)}
                      aria-current={item.current ? 'page' : undefined}
                      className={classNames(
                        'ui-menu__item',
                        item.danger && 'ui-menu__item--danger',
                        item.current && 'ui-menu__item--current',
                      )}
                    >
                      {content(item)}
                    </Link>
                  ) : (
                    <button
                      type="button"
                      ref={listed(item)}
                      {...itemProps(item)}
                      aria-disabled={item.disabled || undefined}
                      className={classNames('ui-menu__item', item.danger && 'ui-menu__item--danger')}
                    >
                      {content(item)}
                    </button>
                  )}
                </li>
              ),
            )}
          </ul>
        </FloatingFocusManager>
      )}
    </FloatingNode>
  );
}
