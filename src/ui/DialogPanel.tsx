/**
 * The open panel of a `Dialog` (Dialog.tsx), on @floating-ui/react: the backdrop, the focus kept inside, the page
 * behind inert and still, dismissal by Escape or a press on the backdrop, and the focus returned. Part of the
 * floating machinery, loaded apart from the dialog's callers (floating-machinery-loader.ts).
 */
import './ui.css';
import './dialog.css';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { Glyph } from './Glyph';
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
import { type CSSProperties, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { tabbable } from 'tabbable';
import { classNames } from './class-names';
import type { DialogProps } from './dialog-props';
import { InFloatingTree } from './floating';

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
                    <Glyph icon={CloseOutlined} />
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

/** The dialog in the tree of nested panels (a menu in it joins it). */
export function DialogPanel(props: DialogProps) {
  return (
    <InFloatingTree>
      <ModalDialog {...props} />
    </InFloatingTree>
  );
}
