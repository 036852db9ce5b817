/**
 * The open menu of a `MenuButton` (MenuButton.tsx), on @floating-ui/react: placement next to the trigger, the
 * focus on the items, dismissal, the arrow keys and typeahead. Part of the floating machinery, loaded apart from
 * the button (floating-machinery-loader.ts).
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
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { classNames } from './class-names';
import { InFloatingTree, useAnchoredFloating } from './floating';
import { isDivider, type MenuButtonProps, type MenuEntry, type TriggerHandlers } from './menu-button-props';
import { TooltipPanel } from './TooltipPanel';
import { useTooltipTrigger } from './tooltip-trigger';

export interface MenuPanelProps extends Omit<MenuButtonProps, 'renderTrigger' | 'open' | 'onOpenChange'> {
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
}: MenuPanelProps) {
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
      // A disabled entry with its reason is reachable (focused, it says why, issue 33); one without (a busy
      // 'Logout...') is skipped.
      disabledIndices: entries.flatMap((entry, index) => (entry.disabled && !entry.reason ? [index] : [])),
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
                  ) : item.disabled && item.reason ? (
                    <DisabledItem
                      reason={item.reason}
                      itemRef={listed(item)}
                      itemProps={itemProps(item)}
                      className={classNames('ui-menu__item', item.danger && 'ui-menu__item--danger')}
                    >
                      {content(item)}
                    </DisabledItem>
                  ) : (
                    <button
                      type="button"
                      ref={listed(item)}
                      {...itemProps(item)}
                      role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
                      aria-checked={item.checked}
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

/**
 * A disabled entry with its reason (issue 33): the reason is its accessible description (a hidden element, read,
 * never shown twice) and its tooltip while the pointer is on it or the keyboard focus.
 */
function DisabledItem({
  reason,
  itemRef,
  itemProps,
  className,
  children,
}: {
  reason: string;
  itemRef: (element: HTMLElement | null) => void;
  itemProps: Record<string, unknown>;
  className: string;
  children: ReactNode;
}) {
  const reasonId = useId();
  // The tooltip's panel is at hand: this menu is part of the floating machinery already.
  const { element, armed, panelProps } = useTooltipTrigger({
    title: reason,
    placement: 'right',
    children: (
      <button
        type="button"
        ref={itemRef}
        {...itemProps}
        aria-disabled
        aria-describedby={reasonId}
        className={className}
      >
        {children}
      </button>
    ),
  });
  return (
    <>
      {element}
      {armed && <TooltipPanel {...panelProps} />}
      <span id={reasonId} hidden>
        {reason}
      </span>
    </>
  );
}

/** The menu in the tree of nested panels (a menu in a dialog joins the dialog's). */
export function MenuPanel(props: MenuPanelProps) {
  return (
    <InFloatingTree>
      <FloatingMenu {...props} />
    </InFloatingTree>
  );
}
