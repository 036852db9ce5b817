/**
 * A short text shown next to an element while it is hovered or focused, and its accessible description
 * (`aria-describedby`) while shown, on @floating-ui/react. It stays open while the pointer moves from the element
 * onto it and closes on Escape (WCAG 1.4.13). Give the child its own accessible name.
 */
import './ui.css';
import {
  FloatingPortal,
  safePolygon,
  useDismiss,
  useFocus,
  useHover,
  useInteractions,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import { cloneElement, type ReactElement, type Ref, useState } from 'react';
import { useAnchoredFloating } from './floating';

interface TriggerProps {
  ref?: Ref<HTMLElement>;
  'aria-describedby'?: string;
}

export function Tooltip({
  title,
  children,
  placement = 'top',
}: {
  title: string;
  /** One element that accepts a ref and focus/hover handlers. */
  children: ReactElement<TriggerProps>;
  placement?: 'top' | 'bottom' | 'right';
}) {
  const [open, setOpen] = useState(false);
  // Nothing to show, nothing to open (the element keeps its own description).
  const { setReference, setFloating, floatingStyles, context } = useAnchoredFloating({
    open,
    onOpenChange: (next) => setOpen(next && !!title),
    placement,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { move: false, handleClose: safePolygon() }),
    useFocus(context),
    useDismiss(context),
    useRole(context, { role: 'tooltip' }),
  ]);
  // The child's own ref (a menu button's trigger, say) gets the element too.
  const { ref: ownRef } = children.props;
  const ref = useMergeRefs([setReference, ownRef]);
  // The child's own handlers keep working: the interactions call them too.
  const referenceProps = getReferenceProps({ ...children.props, ref });
  const description = open ? referenceProps['aria-describedby'] : children.props['aria-describedby'];

  return (
    <>
      {cloneElement(children, {
        ...referenceProps,
        'aria-describedby': typeof description === 'string' ? description : undefined,
      })}
      {open && (
        <FloatingPortal>
          <div
            ref={setFloating}
            {...getFloatingProps()}
            role="tooltip"
            className="ui-tooltip"
            style={floatingStyles}
          >
            {title}
          </div>
        </FloatingPortal>
      )}
    </>
  );
}
