/**
 * The shown tooltip of a `Tooltip` (Tooltip.tsx) or of a menu's disabled entry (MenuPanel.tsx), on
 * @floating-ui/react: placement next to its element, hover (staying open while the pointer moves onto it), focus
 * and Escape. Part of the floating machinery, loaded apart from the element (floating-machinery-loader.ts); the
 * element's side is `tooltip-trigger.ts`.
 */
import './ui.css';
import {
  FloatingPortal,
  safePolygon,
  useDismiss,
  useFocus,
  useHover,
  useInteractions,
} from '@floating-ui/react';
import { useLayoutEffect } from 'react';
import { useAnchoredFloating } from './floating';
import type { Handlers, TooltipPanelProps } from './tooltip-trigger';

export function TooltipPanel({
  title,
  placement,
  open,
  onOpenChange,
  element,
  ownProps,
  handlersRef,
  tooltipId,
}: TooltipPanelProps) {
  const { setReference, setFloating, floatingStyles, context } = useAnchoredFloating({
    open,
    onOpenChange,
    placement,
  });
  useLayoutEffect(() => setReference(element), [element, setReference]);
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { move: false, handleClose: safePolygon() }),
    useFocus(context),
    useDismiss(context),
  ]);
  const referenceProps = getReferenceProps({ ...ownProps, ref: undefined }) as Handlers;
  // The element's events come here from now on.
  useLayoutEffect(() => {
    handlersRef.current = referenceProps;
  });

  return (
    open && (
      <FloatingPortal>
        <div
          ref={setFloating}
          {...getFloatingProps()}
          id={tooltipId}
          role="tooltip"
          className="ui-tooltip"
          style={floatingStyles}
        >
          {title}
        </div>
      </FloatingPortal>
    )
  );
}
