/**
 * A panel that a button opens next to itself (a non-modal dialog, like antd's Popover on click): the focus moves
 * into it on open; Escape closes it and returns to the button; a press outside closes it; Tab past its end (or
 * Shift+Tab before its start) closes it and goes on from the button, so the page's tab order stays intact although
 * the panel lives at the end of the document (where no scrolling container clips it).
 */
import './ui.css';
import './popover.css';
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { type Placement, useFloatingPanel } from './anchored';
import { classNames } from './Button';
import { focusableIn, nextFocusableAfter } from './focus';

/** What the trigger spreads on its `<button>` (or passes to `<Button>`). */
export interface PopoverTriggerProps {
  ref: Ref<HTMLButtonElement>;
  'aria-haspopup': 'dialog';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick(): void;
}

export interface PopoverProps {
  renderTrigger(props: PopoverTriggerProps): ReactNode;
  /** The panel's content. */
  children: ReactNode;
  placement?: Extract<Placement, 'bottom-start' | 'bottom-end'>;
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** The id of the panel's heading, which names the dialog; or `label`. */
  labelledBy?: string;
  label?: string;
  /** Where the focus goes on open: the panel itself (default) or its first control. */
  initialFocus?: 'panel' | 'first';
  className?: string;
}

export function Popover({
  renderTrigger,
  children,
  placement = 'bottom-end',
  open: controlledOpen,
  onOpenChange,
  labelledBy,
  label,
  initialFocus = 'panel',
  className,
}: PopoverProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { open, setOpen, style } = useFloatingPanel(trigger, panel, placement, {
    open: controlledOpen,
    onOpenChange,
  });
  const panelId = useId();

  // Into the panel once it is placed (a hidden panel cannot take the focus).
  const placed = open && style.visibility !== 'hidden';
  useEffect(() => {
    if (!placed) return;
    const target = initialFocus === 'first' ? focusableIn(panel.current)[0] : undefined;
    (target ?? panel.current)?.focus();
  }, [placed, initialFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !trigger.current) return;
    const elements = focusableIn(panel.current);
    const active = document.activeElement;
    const leavingBackward = event.shiftKey && (active === panel.current || active === elements[0]);
    const leavingForward = !event.shiftKey && (elements.length === 0 || active === elements.at(-1));
    if (!leavingBackward && !leavingForward) return;
    event.preventDefault();
    const button = trigger.current;
    setOpen(false);
    (leavingBackward ? button : (nextFocusableAfter(button, panel.current) ?? button)).focus();
  };

  const triggerProps: PopoverTriggerProps = {
    ref: trigger,
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    'aria-controls': open ? panelId : undefined,
    onClick: () => setOpen(!open),
  };

  return (
    <>
      {renderTrigger(triggerProps)}
      {open &&
        createPortal(
          <div
            ref={panel}
            id={panelId}
            role="dialog"
            aria-labelledby={labelledBy}
            aria-label={labelledBy ? undefined : label}
            tabIndex={-1}
            className={classNames('ui-popover', className)}
            style={style}
            onKeyDown={onKeyDown}
          >
            {children}
          </div>,
          document.body,
        )}
    </>
  );
}
