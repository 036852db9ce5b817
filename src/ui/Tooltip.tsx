/**
 * A short text shown next to an element while it is hovered or focused, and its accessible description
 * (`aria-describedby`) while shown, on @floating-ui/react. It stays open while the pointer moves from the element
 * onto it and closes on Escape (WCAG 1.4.13). Give the child its own accessible name.
 */
import './ui.css';
import { useFloatingMachinery } from './floating-machinery-loader';
import { type TooltipProps, useTooltipTrigger } from './tooltip-trigger';

/**
 * Until it is first shown, a tooltip is its element alone (`tooltip-trigger.ts`): the floating machinery
 * (`TooltipPanel.tsx`, loaded apart by floating-machinery-loader.ts) mounts, open, when the pointer first enters
 * the element or the keyboard focus first reaches it, and stays (so the avatars of a list's rows cost nothing
 * until one is hovered).
 */
export function Tooltip(props: TooltipProps) {
  const { element, armed, panelProps } = useTooltipTrigger(props);
  // The floating machinery (floating-machinery-loader.ts): asked for with the first showing if it is not in yet.
  const machinery = useFloatingMachinery(armed);
  return (
    <>
      {element}
      {armed && machinery && <machinery.TooltipPanel {...panelProps} />}
    </>
  );
}
