/**
 * What a `Dialog` (Dialog.tsx) is given, which it hands its panel whole (`DialogPanel.tsx`, part of the floating
 * machinery). Below both, so the machinery never imports the dialog that loads it.
 */
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  /** Called on Escape, on a press on the backdrop and by the close button. */
  onClose(): void;
  children: ReactNode;
  /** Buttons under the body, aligned to the end. */
  footer?: ReactNode;
  /** The panel's width (px or any CSS length); default 520px centred, 288px as a drawer. */
  width?: number | string;
  className?: string;
  /**
   * 'first' (default): the focus moves to the first focusable element of the body or footer (or stays on an
   * element there that took it itself, e.g. with `autoFocus`); 'none': the focus moves to the panel itself.
   */
  initialFocus?: 'first' | 'none';
  /** 'center' (default): a dialog; 'left': a drawer along the left edge at full height. */
  placement?: 'center' | 'left';
  /** Hides the header (title and close button); the title still names the dialog for assistive technology. */
  hideHeader?: boolean;
  /**
   * Where the focus goes when it closes, read then (`current`): by default the element focused before it opened.
   * A dialog whose action removed that element (a deleted row's menu) names what takes its place.
   */
  returnFocus?: { readonly current: HTMLElement | null };
}
