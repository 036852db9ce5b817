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
} from '@floating-ui/react';
import {
  cloneElement,
  type ReactElement,
  type Ref,
  type RefObject,
  type SyntheticEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useAnchoredFloating } from './floating';

interface TriggerProps {
  ref?: Ref<HTMLElement>;
  'aria-describedby'?: string;
}

type Handler = (event: SyntheticEvent) => void;
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
type Handlers = Partial<Record<(typeof EVENTS)[number], Handler>>;

/**
 * Until it is first shown, a tooltip is its element alone: the floating machinery mounts, open, when the pointer
 * first enters the element or the keyboard focus first reaches it, and stays (so the avatars of a list's rows
 * cost nothing until one is hovered). The element stays the same; its events go to the machinery from then on.
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
  const ref = useMergeRefs([setElement, ownRef]);
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
      {armed && (
        <FloatingTooltip
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

function FloatingTooltip({
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
