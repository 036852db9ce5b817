/**
 * A panel that a button opens next to itself (a non-modal dialog, like antd's Popover on click), on
 * @floating-ui/react: the focus moves into it on open; Escape closes it and returns to the button; a press
 * outside closes it, and so does the focus leaving it. The panel follows its button in the document, so Tab
 * walks from the button into it and on to what comes after the button; its fixed position keeps scrolling
 * containers from clipping it.
 */
import './ui.css';
import './popover.css';
import {
  FloatingFocusManager,
  FloatingNode,
  useDismiss,
  useInteractions,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import { type ReactNode, type Ref, useId, useRef } from 'react';
import { classNames } from './Button';
import { InFloatingTree, type Placement, useAnchoredFloating, useOpenState } from './floating';

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

export function Popover(props: PopoverProps) {
  return (
    <InFloatingTree>
      <FloatingPanel {...props} />
    </InFloatingTree>
  );
}

function FloatingPanel({
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
  const [open, setOpen] = useOpenState(controlledOpen, onOpenChange);
  const { setReference, setFloating, floatingStyles, context, nodeId } = useAnchoredFloating({
    open,
    onOpenChange: setOpen,
    placement,
  });
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const panelRef = useMergeRefs([setFloating, panel]);
  // The trigger toggles it itself (`onClick`, part of the trigger's props that callers spread).
  const { getFloatingProps } = useInteractions([useRole(context, { role: 'dialog' }), useDismiss(context)]);

  const triggerProps: PopoverTriggerProps = {
    ref: setReference,
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    'aria-controls': open ? panelId : undefined,
    onClick: () => setOpen(!open),
  };

  return (
    <FloatingNode id={nodeId}>
      {renderTrigger(triggerProps)}
      {open && (
        <FloatingFocusManager
          context={context}
          modal={false}
          // The panel itself (the floating element's ref), or its first tabbable control.
          initialFocus={initialFocus === 'first' ? 0 : panel}
        >
          <div
            ref={panelRef}
            {...getFloatingProps()}
            id={panelId}
            role="dialog"
            aria-labelledby={labelledBy}
            aria-label={labelledBy ? undefined : label}
            tabIndex={-1}
            className={classNames('ui-popover', className)}
            style={floatingStyles}
          >
            {children}
          </div>
        </FloatingFocusManager>
      )}
    </FloatingNode>
  );
}
