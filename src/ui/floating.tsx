/**
 * What every floating panel of the light components shares (menus, popovers, tooltips, the multiple choice), on
 * @floating-ui/react: a fixed position next to the trigger (so no scrolling container clips it) that follows the
 * trigger and the panel as they move or change size, flips to the other side when the space runs out, shifts
 * along the viewport's edges and never grows past them; an open state of its own unless the caller controls it;
 * and one tree of nested panels, so Escape or a press outside closes only the innermost one.
 */
import {
  autoUpdate,
  flip,
  FloatingTree,
  offset,
  type Placement as FloatingPlacement,
  shift,
  size,
  useFloating,
  useFloatingNodeId,
  useFloatingParentNodeId,
} from '@floating-ui/react';
import { type ReactNode, useLayoutEffect } from 'react';

export type Placement = Extract<
  FloatingPlacement,
  'bottom-start' | 'bottom-end' | 'top' | 'bottom' | 'right' | 'right-start'
>;

/** The gap between the trigger and the panel, in px. */
const GAP = 6;
/** How close to the viewport's edge a panel may come, in px. */
const MARGIN = 8;

/** A point in the viewport (a right click's `clientX`/`clientY`). */
export interface ViewportPoint {
  x: number;
  y: number;
}

/**
 * The panel's place next to its trigger, kept up to date while it is open (`autoUpdate`: scrolling, resizing,
 * and the trigger or the panel changing size). `minWidthOfTrigger` makes the panel at least as wide as it.
 * `anchorPoint` places it at that point instead (a context menu at the pointer); the trigger stays the element
 * that owns it (focus returns there).
 */
export function useAnchoredFloating({
  open,
  onOpenChange,
  placement,
  minWidthOfTrigger = false,
  anchorPoint,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  placement: Placement;
  minWidthOfTrigger?: boolean;
  anchorPoint?: ViewportPoint | null;
}) {
  const nodeId = useFloatingNodeId();
  const floating = useFloating({
    nodeId,
    open,
    onOpenChange,
    placement,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(GAP),
      flip({ padding: MARGIN }),
      shift({ padding: MARGIN, crossAxis: true }),
      size({
        padding: MARGIN,
        apply({ availableHeight, rects, elements }) {
          // The panel's CSS caps its height by this (`max-height: var(--ui-floating-max-height)`).
          elements.floating.style.setProperty(
            '--ui-floating-max-height',
            `${Math.max(availableHeight, 0)}px`,
          );
          if (minWidthOfTrigger) elements.floating.style.minWidth = `${rects.reference.width}px`;
        },
      }),
    ],
  });
  // The element setters by themselves: the React compiler's lint reads `refs.…` in render as reading a ref.
  const { setReference, setFloating, setPositionReference } = floating.refs;
  const { domReference } = floating.elements;
  const pointX = anchorPoint?.x;
  const pointY = anchorPoint?.y;
  useLayoutEffect(() => {
    if (pointX === undefined || pointY === undefined) {
      setPositionReference(domReference);
      return;
    }
    const point = {
      x: pointX,
      y: pointY,
      width: 0,
      height: 0,
      top: pointY,
      left: pointX,
      right: pointX,
      bottom: pointY,
    };
    setPositionReference({ getBoundingClientRect: () => point, contextElement: domReference ?? undefined });
  }, [domReference, pointX, pointY, setPositionReference]);
  return {
    setReference,
    setFloating,
    floatingStyles: floating.floatingStyles,
    context: floating.context,
    nodeId,
  };
}

/**
 * Puts a floating component in the tree of nested panels: the outermost starts the tree, the ones inside it
 * (a menu in a dialog) join it.
 */
export function InFloatingTree({ children }: { children: ReactNode }) {
  const parentId = useFloatingParentNodeId();
  return parentId === null ? <FloatingTree>{children}</FloatingTree> : children;
}
