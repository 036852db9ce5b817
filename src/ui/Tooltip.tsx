/**
 * A short text shown next to an element while it is hovered or focused, and its accessible description
 * (`aria-describedby`) while shown, on @floating-ui/react. It stays open while the pointer moves from the element
 * onto it and closes on Escape (WCAG 1.4.13). Give the child its own accessible name.
 */
import './ui.css';
import {
  cloneElement,
  type ReactElement,
  type Ref,
  type RefObject,
  type SyntheticEvent,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react';
import { useFloatingMachinery } from './floating-machinery-loader';

/** Sets a ref of either kind: calls a ref callback, or sets an object's `current`. */
function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as RefObject<T | null>).current = value;
}

export interface TriggerProps {
  ref?: Ref<HTMLElement>;
  'aria-describedby'?: string;
}

export type Handler = (event: SyntheticEvent) => void;
/** The element's events the tooltip's interactions (hover, focus, dismissal) listen to. */
const EVENTS = [
  'onPointerDown',
  'onPointerEnter',
  'onMouseEnter',
  'onMouseMove',
  'onMouseLeave',
  'onFocus',
  'onBlur',
  'onKeyDown',
] as const;
export type Handlers = Partial<Record<(typeof EVENTS)[number], Handler>>;

/**
 * Until it is first shown, a tooltip is its element alone: the floating machinery (`TooltipPanel.tsx`, loaded apart
 * by floating-machinery-loader.ts) mounts, open, when the pointer first enters the element or the keyboard focus
 * first reaches it, and stays (so the avatars of a list's rows cost nothing until one is hovered). The element
 * stays the same; its events go to the machinery from then on.
 */
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
  const [armed, setArmed] = useState(false);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const handlersRef = useRef<Handlers | null>(null);
  const tooltipId = useId();
  // The child's own ref (a menu button's trigger, say) gets the element too.
  const { ref: ownRef } = children.props;
  const ref = useCallback(
    (node: HTMLElement | null) => {
      setElement(node);
      setRef(ownRef, node);
    },
    [ownRef],
  );
  // The floating machinery (floating-machinery-loader.ts): asked for with the first showing if it is not in yet.
  const machinery = useFloatingMachinery(armed);
  const own = children.props as Handlers;
  // Nothing to show, nothing to open (the element keeps its own description).
  const show = () => {
    if (!title) return;
    setArmed(true);
    setOpen(true);
  };
  const handler =
    (name: (typeof EVENTS)[number]): Handler =>
    (event) => {
      if (handlersRef.current) return handlersRef.current[name]?.(event);
      own[name]?.(event);
      // The first hover, or a keyboard focus (as the focus interaction opens only on `:focus-visible`).
      if (name === 'onMouseEnter' || (name === 'onFocus' && element?.matches(':focus-visible'))) show();
    };
  const handlers = Object.fromEntries(EVENTS.map((name) => [name, handler(name)]));
  const description = open ? tooltipId : children.props['aria-describedby'];

  return (
    <>
      {cloneElement(children, { ...handlers, ref, 'aria-describedby': description })}
      {armed && machinery && (
        <machinery.TooltipPanel
          title={title}
          placement={placement}
          open={open}
          onOpenChange={(next) => setOpen(next && !!title)}
          element={element}
          ownProps={children.props}
          handlersRef={handlersRef}
          tooltipId={tooltipId}
        />
      )}
    </>
  );
}
