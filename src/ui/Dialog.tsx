/**
 * A modal dialog (WAI-ARIA dialog pattern) in antd's Modal look, on @floating-ui/react: a titled panel over a
 * backdrop, centred, or sliding in from the left as a drawer. While open, Tab and Shift+Tab stay inside it, the
 * page behind is `inert` (out of reach of the pointer, the keyboard and assistive technology) and does not
 * scroll; Escape and a press on the backdrop close it; when it closes, the focus returns to where it was (the
 * button that opened it). Renders nothing while closed.
 */
import type { ReactNode } from 'react';
import { useFloatingMachinery } from './floating-machinery-loader';

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

/** The panel mounts with each opening (`DialogPanel.tsx`, loaded apart by floating-machinery-loader.ts). */
export function Dialog(props: DialogProps) {
  const machinery = useFloatingMachinery(props.open);
  return props.open && machinery ? <machinery.DialogPanel {...props} /> : null;
}
