/**
 * What every floating panel of the light components shares (menus, popovers, tooltips): a fixed position next
 * to its trigger, so no scrolling container (a table, the side navigation) clips it, and dismissal by Escape or
 * a pointer press outside.
 */
import {
  type CSSProperties,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';

export type Placement = 'bottom-start' | 'bottom-end' | 'top' | 'bottom' | 'right' | 'right-start';

/** The gap between the trigger and the panel, in px. */
const GAP = 6;
/** How close to the viewport's edge a panel may come, in px. */
const MARGIN = 8;

function positionOf(trigger: HTMLElement, panel: HTMLElement | null, placement: Placement): CSSProperties {
  const anchor = trigger.getBoundingClientRect();
  const width = panel?.offsetWidth ?? 0;
  const height = panel?.offsetHeight ?? 0;
  const viewportWidth = document.documentElement.clientWidth || window.innerWidth;
  const viewportHeight = window.innerHeight;
  const clampLeft = (left: number) => Math.max(MARGIN, Math.min(left, viewportWidth - width - MARGIN));

  const clampTop = (top: number) => Math.max(MARGIN, Math.min(top, viewportHeight - height - MARGIN));

  if (placement === 'right' || placement === 'right-start') {
    // Beside the trigger (a narrow side column): centred on it, or level with its top.
    const top = placement === 'right' ? anchor.top + anchor.height / 2 - height / 2 : anchor.top;
    return { position: 'fixed', top: clampTop(top), left: clampLeft(anchor.right + GAP) };
  }
  if (placement === 'top' || placement === 'bottom') {
    const left = clampLeft(anchor.left + anchor.width / 2 - width / 2);
    const above = anchor.top - GAP - height;
    const top = placement === 'top' && above >= MARGIN ? above : anchor.bottom + GAP;
    return { position: 'fixed', top, left };
  }
  const left = clampLeft(placement === 'bottom-end' ? anchor.right - width : anchor.left);
  // Below the trigger, or above it when the space below is too short and above is not.
  const below = anchor.bottom + GAP;
  const top =
    below + height > viewportHeight - MARGIN && anchor.top - GAP - height >= MARGIN
      ? anchor.top - GAP - height
      : below;
  return { position: 'fixed', top, left };
}

/**
 * The fixed position of an open panel next to its trigger, updated on scroll and resize. The first render of a
 * panel is measured before it is shown (`visibility: hidden` until placed).
 */
export function useAnchoredPosition(
  open: boolean,
  trigger: RefObject<HTMLElement | null>,
  panel: RefObject<HTMLElement | null>,
  placement: Placement,
): CSSProperties {
  const [style, setStyle] = useState<CSSProperties>({ position: 'fixed', visibility: 'hidden' });

  useLayoutEffect(() => {
    if (!open) {
      setStyle({ position: 'fixed', visibility: 'hidden' });
      return;
    }
    const place = () => {
      if (trigger.current) setStyle(positionOf(trigger.current, panel.current, placement));
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, trigger, panel, placement]);

  return style;
}

/** Calls `onDismiss` on Escape or on a pointer press outside every element in `inside`, while `open`. */
export function useDismiss(
  open: boolean,
  /** The elements a press may land in without dismissing: keep the array stable (`useMemo`, a constant). */
  inside: readonly RefObject<HTMLElement | null>[],
  onDismiss: (reason: 'escape' | 'outside') => void,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      const target = event.target as Node | null;
      if (target && inside.some((ref) => ref.current?.contains(target))) return;
      onDismiss('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss('escape');
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, inside, onDismiss]);
}

/** A floating panel's state: whether it is open (its own, or controlled by the caller), its place and closing. */
export interface FloatingPanel {
  open: boolean;
  setOpen(open: boolean): void;
  /** Closes it; with `returnFocus` the focus goes back to the trigger. */
  close(returnFocus: boolean): void;
  /** The trigger and the panel: where a press does not close it. */
  inside: readonly RefObject<HTMLElement | null>[];
  /** The panel's fixed position next to the trigger. */
  style: CSSProperties;
}

/**
 * What the menu button, the popover and the multiple choice share: an open state of their own unless the caller
 * controls it (`open`, `onOpenChange`), the panel placed next to the trigger, and closing on Escape (the focus
 * returning to the trigger) or on a press outside.
 */
export function useFloatingPanel(
  trigger: RefObject<HTMLElement | null>,
  panel: RefObject<HTMLElement | null>,
  placement: Placement,
  controlled: { open?: boolean; onOpenChange?(open: boolean): void } = {},
): FloatingPanel {
  const { open: controlledOpen, onOpenChange } = controlled;
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = useCallback(
    (next: boolean) => {
      if (controlledOpen === undefined) setOwnOpen(next);
      onOpenChange?.(next);
    },
    [controlledOpen, onOpenChange],
  );
  const close = useCallback(
    (returnFocus: boolean) => {
      setOpen(false);
      if (returnFocus) trigger.current?.focus();
    },
    [setOpen, trigger],
  );
  const inside = useMemo(() => [trigger, panel], [trigger, panel]);
  useDismiss(
    open,
    inside,
    useCallback((reason) => close(reason === 'escape'), [close]),
  );
  const style = useAnchoredPosition(open, trigger, panel, placement);
  return { open, setOpen, close, inside, style };
}
