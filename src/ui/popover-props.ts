/**
 * What a `Popover` (Popover.tsx) is given, and what its button spreads; the popover hands them to its panel
 * (`PopoverPanel.tsx`, part of the floating machinery). Below both, so the machinery never imports the popover
 * that loads it.
 */
import type { ReactNode, Ref } from 'react';
import type { Placement } from './floating';

/** What the trigger spreads on its `<button>` (or passes to `<Button>`). */
export interface PopoverTriggerProps {
  ref: Ref<HTMLButtonElement>;
  'aria-haspopup': 'dialog';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick(): void;
}

export interface PopoverProps {
  renderTrigger(props: PopoverTriggerProps): ReactNode;
  /** The panel's content. */
  children: ReactNode;
  placement?: Extract<Placement, 'bottom-start' | 'bottom-end'>;
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** The id of the panel's heading, which names the dialog; or `label`. */
  labelledBy?: string;
  label?: string;
  /** Where the focus goes on open: the panel itself (default) or its first control. */
  initialFocus?: 'panel' | 'first';
  className?: string;
}
