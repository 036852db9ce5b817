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
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useId,
  useRef,
  useState,
} from 'react';
import { useFloatingMachinery } from './floating-machinery-loader';
import {
  isDivider,
  type MenuButtonProps,
  type MenuEntry,
  type MenuTriggerProps,
  type TriggerHandlers,
} from './menu-button-props';
import { useOpenState } from './open-state';

export type { MenuButtonProps, MenuItem } from './menu-button-props';

/**
 * Until it is first opened, a menu button is its trigger alone: the floating machinery (placement, focus,
 * dismissal, list navigation: `MenuPanel.tsx`, loaded apart by floating-machinery-loader.ts) mounts with the first
 * opening (a press, Enter, Space or an arrow key on the trigger, or the controlled `open`) and stays, so a list's
 * row menus cost a button each until one is used. The trigger stays the same element throughout: once the
 * machinery is there, its events go to it.
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
  // The floating machinery (floating-machinery-loader.ts): asked for with the first opening if it is not in yet.
  const machinery = useFloatingMachinery(!!started);

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
      // ArrowDown starts on the first reachable item (the menu's own choice on opening), ArrowUp on the
      // last (a disabled one with its reason is reachable, to say why).
      const last = entries.findLastIndex((entry) => !entry.disabled || !!entry.reason);
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
      {started && machinery && (
        <machinery.MenuPanel
          {...props}
          open={open}
          onOpenChange={setOpen}
          trigger={trigger}
          triggerHandlersRef={handlersRef}
          triggerId={triggerId}
          menuId={menuId}
          startIndex={started.index}
        />
      )}
    </>
  );
}

/** The caller's trigger, rendered as a component: its handlers read the machinery's only when called. */
function Trigger({ render, props }: { render: MenuButtonProps['renderTrigger']; props: MenuTriggerProps }) {
  return render(props);
}
