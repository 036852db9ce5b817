/**
 * A short text shown next to an element while it is hovered or focused, and its accessible description
 * (`aria-describedby`) while shown. The text is also the child's `title`-free name: give the child its own
 * accessible name.
 */
import './ui.css';
import { cloneElement, type ReactElement, type Ref, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useAnchoredPosition } from './anchored';

interface TriggerProps {
  ref?: Ref<HTMLElement>;
  'aria-describedby'?: string;
  onMouseEnter?(): void;
  onMouseLeave?(): void;
  onFocus?(): void;
  onBlur?(): void;
}

/** Sets a callback or object ref; returns the callback ref's cleanup, if any. */
function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void | (() => void) {
  if (typeof ref === 'function') return ref(value) ?? undefined;
  if (ref) ref.current = value;
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
  const trigger = useRef<HTMLElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const style = useAnchoredPosition(open, trigger, panel, placement);
  const {
    ref: ownRef,
    'aria-describedby': ownDescription,
    onMouseEnter,
    onMouseLeave,
    onFocus,
    onBlur,
  } = children.props;
  // The child's own ref (a menu button's trigger, say) gets the element too.
  useLayoutEffect(() => {
    const cleanup = assignRef(ownRef, trigger.current);
    return () => {
      if (cleanup) cleanup();
      else assignRef(ownRef, null);
    };
  }, [ownRef]);
  const show = () => setOpen(true);
  const hide = () => setOpen(false);

  return (
    <>
      {cloneElement(children, {
        // The child's own handlers keep working.
        ref: trigger,
        'aria-describedby': open ? id : ownDescription,
        onMouseEnter: () => {
          show();
          onMouseEnter?.();
        },
        onMouseLeave: () => {
          hide();
          onMouseLeave?.();
        },
        onFocus: () => {
          show();
          onFocus?.();
        },
        onBlur: () => {
          hide();
          onBlur?.();
        },
      })}
      {open &&
        title &&
        createPortal(
          <div ref={panel} id={id} role="tooltip" className="ui-tooltip" style={style}>
            {title}
          </div>,
          document.body,
        )}
    </>
  );
}
