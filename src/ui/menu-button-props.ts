/**
 * What a `MenuButton` (MenuButton.tsx) is given, and what it hands its open menu (`MenuPanel.tsx`, part of the
 * floating machinery): the items, the trigger's props and handlers. Below both, so the machinery never imports the
 * button that loads it.
 */
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import type { Placement, ViewportPoint } from './floating';

export interface MenuEntry {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  /** Shown but not usable: takes no click, never looks like a danger action (issue 31). */
  disabled?: boolean;
  /**
   * Why it is disabled (issue 33): its tooltip while hovered or focused, and its accessible description. A
   * disabled entry stays in the arrow keys' reach, so a keyboard user meets the reason too.
   */
  reason?: string;
  /** A route to follow (rendered as a link). */
  to?: string;
  /** The link of the page the user is on (`aria-current="page"`, shown selected). */
  current?: boolean;
  /** One of a set of choices (`menuitemradio`, such as the theme): whether it is the chosen one (shown selected). */
  checked?: boolean;
  onSelect?(): void;
}

export type MenuItem = MenuEntry | { key: string; divider: true };

export const isDivider = (item: MenuItem): item is { key: string; divider: true } => 'divider' in item;

/** The trigger's event handlers (opening on a press or the arrow keys). */
export type TriggerHandlers = Pick<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'onClick' | 'onKeyDown' | 'onKeyUp' | 'onMouseDown' | 'onPointerDown' | 'onFocus' | 'onBlur'
>;

/** What the trigger spreads on its `<button>`. */
export interface MenuTriggerProps extends TriggerHandlers {
  ref: Ref<HTMLButtonElement>;
  /** The trigger's id: by default its name is the menu's name too. */
  id: string;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
}

export interface MenuButtonProps {
  items: MenuItem[];
  renderTrigger(props: MenuTriggerProps): ReactNode;
  placement?: Extract<Placement, 'bottom-start' | 'bottom-end' | 'right-start'>;
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** Closes the menu after an item is chosen (default); false keeps it open, e.g. to show progress. */
  closeOnSelect?: boolean;
  /** The menu's accessible name; by default the trigger names it. */
  label?: string;
  className?: string;
  /**
   * Opens the menu at this point of the viewport instead of at its button (a context menu at the pointer, with
   * the controlled `open`); the button still owns the menu and takes the focus back when it closes.
   */
  anchorPoint?: ViewportPoint | null;
}
