/**
 * The open panel of a `Popover` (Popover.tsx), on @floating-ui/react: placement next to its button, the focus
 * moved in (and back on Escape), dismissal by a press outside or the focus leaving. Part of the floating
 * machinery, loaded apart from the button (floating-machinery-loader.ts).
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
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { classNames } from './class-names';
import { InFloatingTree, useAnchoredFloating } from './floating';
import type { PopoverProps } from './popover-props';

export interface PopoverPanelProps extends Omit<PopoverProps, 'renderTrigger' | 'open' | 'onOpenChange'> {
  open: boolean;
  onOpenChange(open: boolean): void;
  trigger: RefObject<HTMLButtonElement | null>;
  panelId: string;
}

function FloatingPanel({
  children,
  placement = 'bottom-end',
  open,
  onOpenChange: setOpen,
  labelledBy,
  label,
  initialFocus = 'panel',
  className,
  trigger,
  panelId,
}: PopoverPanelProps) {
  const { setReference, setFloating, floatingStyles, context, nodeId } = useAnchoredFloating({
    open,
    onOpenChange: setOpen,
    placement,
  });
  // The button is in the document before the machinery mounts (the first opening); it stays the same element.
  useLayoutEffect(() => setReference(trigger.current), [setReference, trigger]);
  const panel = useRef<HTMLDivElement>(null);
  const panelRef = useMergeRefs([setFloating, panel]);
  // The button toggles it itself (`onClick`, part of the trigger's props that callers spread).
  const { getFloatingProps } = useInteractions([useRole(context, { role: 'dialog' }), useDismiss(context)]);

  return (
    <FloatingNode id={nodeId}>
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

/** The panel in the tree of nested panels (a menu in it joins it). */
export function PopoverPanel(props: PopoverPanelProps) {
  return (
    <InFloatingTree>
      <FloatingPanel {...props} />
    </InFloatingTree>
  );
}
