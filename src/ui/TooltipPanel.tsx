/**
 * The shown tooltip of a `Tooltip` (Tooltip.tsx), on @floating-ui/react: placement next to its element, hover
 * (staying open while the pointer moves onto it), focus and Escape. Part of the floating machinery, loaded apart
 * from the element (floating-machinery-loader.ts).
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
import { type RefObject, useLayoutEffect } from 'react';
import { useAnchoredFloating } from './floating';
import type { Handlers, TriggerProps } from './Tooltip';

export function TooltipPanel({
  title,
  placement,
  open,
  onOpenChange,
  element,
  ownProps,
  handlersRef,
  tooltipId,
}: {
  title: string;
  placement: 'top' | 'bottom' | 'right';
  open: boolean;
  onOpenChange(open: boolean): void;
  element: HTMLElement | null;
  /** The element's own props: its handlers keep working, called by the interactions. */
  ownProps: TriggerProps;
  /** Where the tooltip puts its handlers of the element's events. */
  handlersRef: RefObject<Handlers | null>;
  tooltipId: string;
}) {
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
