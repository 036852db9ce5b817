/**
 * A modal dialog (WAI-ARIA dialog pattern) in antd's Modal look: a titled panel over a backdrop, centred, or
 * sliding in from the left as a drawer. While open, Tab and Shift+Tab stay inside it, Escape and a press on the
 * backdrop close it, the page behind does not scroll; when it closes, the focus returns to where it was (the
 * button that opened it). Renders nothing while closed.
 */
import './ui.css';
import './dialog.css';
import { CloseOutlined } from '@ant-design/icons';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { classNames } from './Button';
import { focusableIn } from './focus';

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
}

/** How many dialogs keep the page from scrolling: the page scrolls again when the last one closes. */
let scrollLocks = 0;
let overflowBefore = '';

function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    if (scrollLocks === 0) {
      overflowBefore = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    scrollLocks += 1;
    return () => {
      scrollLocks -= 1;
      if (scrollLocks === 0) document.body.style.overflow = overflowBefore;
    };
  }, [active]);
}

export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  width,
  className,
  initialFocus = 'first',
  placement = 'center',
  hideHeader = false,
}: DialogProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useScrollLock(open);

  // Focus into the dialog on open; back to where it was on close.
  useLayoutEffect(() => {
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!panel.current?.contains(document.activeElement)) {
      const target = initialFocus === 'first' ? focusableIn(content.current)[0] : undefined;
      (target ?? panel.current)?.focus();
    }
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      // The innermost dialog closes; the ones it opened from stay.
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const elements = focusableIn(panel.current);
    if (elements.length === 0) {
      event.preventDefault();
      panel.current?.focus();
      return;
    }
    const first = elements[0];
    const last = elements[elements.length - 1];
    const active = document.activeElement;
    const outside = !panel.current?.contains(active);
    if (event.shiftKey && (active === first || active === panel.current || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  };

  const size = width === undefined ? undefined : typeof width === 'number' ? `${width}px` : width;
  const style = size ? ({ '--ui-dialog-width': size } as CSSProperties) : undefined;

  return createPortal(
    <div className={classNames('ui-dialog-root', `ui-dialog-root--${placement}`)} onKeyDown={onKeyDown}>
      <div className="ui-dialog-backdrop" aria-hidden onMouseDown={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={classNames('ui-dialog', `ui-dialog--${placement}`, className)}
        style={style}
      >
        <div className={classNames('ui-dialog__header', hideHeader && 'ui-visually-hidden')}>
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
          {!hideHeader && (
            <button
              type="button"
              className="ui-dialog__close"
              aria-label={t('dialog.close')}
              onClick={onClose}
            >
              <CloseOutlined aria-hidden />
            </button>
          )}
        </div>
        <div ref={content} className="ui-dialog__content">
          <div className="ui-dialog__body">{children}</div>
          {footer && <div className="ui-dialog__footer">{footer}</div>}
        </div>
      </div>
    </div>,
    document.body,
  );
}
