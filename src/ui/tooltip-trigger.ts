/**
 * A tooltip's element, before and after its panel (`TooltipPanel.tsx`, part of the floating machinery) is there:
 * until it is first shown, a tooltip is its element alone; the pointer first entering the element or the keyboard
 * focus first reaching it arms the tooltip (its panel mounts, open, and stays), and from then on the element's
 * events go to the panel's interactions. The element stays the same throughout. Used by `Tooltip` (Tooltip.tsx,
 * which loads the machinery) and by the machinery's own panels (a menu's disabled entries, `MenuPanel.tsx`, which
 * have the panel at hand), and below both, so the machinery never imports what loads it.
 */
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

export interface TooltipProps {
  title: string;
  /** One element that accepts a ref and focus/hover handlers. */
  children: ReactElement<TriggerProps>;
  placement?: 'top' | 'bottom' | 'right';
}

/** What the element hands the shown tooltip. */
export interface TooltipPanelProps {
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
}

/** Sets a ref of either kind: calls a ref callback, or sets an object's `current`. */
function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as RefObject<T | null>).current = value;
}

/**
 * The element to render (the child, with the tooltip's handlers, ref and description), whether the tooltip is
 * armed (its panel is to be mounted from now on) and the panel's props.
 */
export function useTooltipTrigger({ title, children, placement = 'top' }: TooltipProps): {
  element: ReactElement<TriggerProps>;
  armed: boolean;
  panelProps: TooltipPanelProps;
} {
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

  return {
    element: cloneElement(children, { ...handlers, ref, 'aria-describedby': description }),
    armed,
    panelProps: {
      title,
      placement,
      open,
      onOpenChange: (next) => setOpen(next && !!title),
      element,
      ownProps: children.props,
      handlersRef,
      tooltipId,
    },
  };
}
