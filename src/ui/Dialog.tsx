/**
 * A modal dialog (WAI-ARIA dialog pattern) in antd's Modal look, on @floating-ui/react: a titled panel over a
 * backdrop, centred, or sliding in from the left as a drawer. While open, Tab and Shift+Tab stay inside it, the
 * page behind is `inert` (out of reach of the pointer, the keyboard and assistive technology) and does not
 * scroll; Escape and a press on the backdrop close it; when it closes, the focus returns to where it was (the
 * button that opened it). Renders nothing while closed.
 */
import './ui.css';
import './dialog.css';
import { CloseOutlined } from '@ant-design/icons';
import {
  FloatingFocusManager,
  FloatingNode,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useFloatingNodeId,
  useInteractions,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import { type CSSProperties, type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { tabbable } from 'tabbable';
import { classNames } from './Button';
import { InFloatingTree } from './floating';

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

export function Dialog(props: DialogProps) {
  return (
    <InFloatingTree>
      <ModalDialog {...props} />
    </InFloatingTree>
  );
}

function ModalDialog({
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
  returnFocus,
}: DialogProps) {
  const { t } = useTranslation();
  const content = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const nodeId = useFloatingNodeId();
  const panel = useRef<HTMLDivElement>(null);
  const {
    refs: { setFloating },
    context,
  } = useFloating({
    nodeId,
    open,
    onOpenChange: (next) => {
      if (!next) onClose();
    },
  });
  // A press on the backdrop closes it (the overlay, below); presses elsewhere (a toast) leave it open.
  const { getFloatingProps } = useInteractions([
    useDismiss(context, { outsidePress: false }),
    useRole(context, { role: 'dialog' }),
  ]);
  // 'first': the first tabbable element of the body or footer, looked up when the dialog opens; 'none': the panel.
  const firstInContent = {
    get current() {
      const first =
        content.current &&
        tabbable(content.current, { displayCheck: 'none' }).find((element) => element instanceof HTMLElement);
      return initialFocus === 'first' && first ? first : panel.current;
    },
  };

  const panelRef = useMergeRefs([setFloating, panel]);

  if (!open) return null;

  const size = width === undefined ? undefined : typeof width === 'number' ? `${width}px` : width;
  const style = size ? ({ '--ui-dialog-width': size } as CSSProperties) : undefined;

  return (
    <FloatingNode id={nodeId}>
      <FloatingPortal>
        {/* The overlay is the backdrop: a press on it (not on the panel) closes the dialog. */}
        <FloatingOverlay
          lockScroll
          className={classNames('ui-dialog-root', `ui-dialog-root--${placement}`)}
          onMouseDown={(event) => {
            if (event.target === event.currentTarget) onClose();
          }}
        >
          <FloatingFocusManager
            context={context}
            initialFocus={firstInContent}
            returnFocus={returnFocus ?? true}
            outsideElementsInert
          >
            <div
              ref={panelRef}
              {...getFloatingProps()}
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
          </FloatingFocusManager>
        </FloatingOverlay>
      </FloatingPortal>
    </FloatingNode>
  );
}
