/**
 * An action that runs only after the user confirms it in a dialog titled 'Confirmation' (spec 2 §2, §8): the
 * screen asks with the action's text and button, renders `dialog` once, and the dialog stays open, its button
 * busy, until the action has run. Cancel, Escape and the backdrop close it unless the action is running.
 */
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import { Glyph } from '@/ui/Glyph';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import './confirmation.css';

export interface ConfirmationRequest {
  /** What the user confirms, e.g. the entity's exact delete text. */
  text: ReactNode;
  /** The confirming button's text. */
  confirmLabel: string;
  danger?: boolean;
  /** The action, run after the confirmation; it reports its own result, and answers false when it failed. */
  run(): Promise<boolean | void>;
  /**
   * Where the focus goes after the action succeeded (e.g. the list's heading after a delete, whose row and menu
   * are gone); otherwise it returns to where it was before the dialog opened.
   */
  focusAfter?: () => HTMLElement | null;
}

export interface Confirmation {
  ask(request: ConfirmationRequest): void;
  /** The dialog (nothing while closed): render it once on the screen. */
  dialog: ReactNode;
}

export function useConfirmation(): Confirmation {
  const { t } = useTranslation('lists');
  const [request, setRequest] = useState<ConfirmationRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const after = useRef<HTMLElement | null>(null);
  const returnFocus = useMemo(
    () => ({
      get current() {
        return after.current ?? (opener.current?.isConnected ? opener.current : null);
      },
    }),
    [],
  );

  const cancel = () => {
    if (!busy) setRequest(null);
  };
  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    try {
      const succeeded = (await request.run()) !== false;
      after.current = (succeeded && request.focusAfter?.()) || null;
    } finally {
      setBusy(false);
      setRequest(null);
    }
  };

  return {
    ask: (next) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      after.current = null;
      setRequest(next);
    },
    dialog: (
      <Dialog
        open={request !== null}
        title={
          <span className="confirm-dialog__title">
            <Glyph icon={ExclamationCircleFilled} className="confirm-dialog__icon" />
            {t('confirmation')}
          </span>
        }
        width={416}
        className="confirm-dialog"
        onClose={cancel}
        returnFocus={returnFocus}
        footer={
          <>
            <Button disabled={busy} onClick={cancel}>
              {t('cancel')}
            </Button>
            <Button variant="primary" danger={request?.danger} loading={busy} onClick={() => void confirm()}>
              {request?.confirmLabel}
            </Button>
          </>
        }
      >
        <p className="confirm-dialog__text">{request?.text}</p>
      </Dialog>
    ),
  };
}
