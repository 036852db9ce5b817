/**
 * "View in your room" on a computer (issue 45): a QR code of the model's AR page (shared/ar-models.ts) for the
 * camera of a phone or tablet, which opens the page without signing in and places the model in the room from
 * there; and the page's address as a link, for whoever sends it to their phone another way. A chunk of its own
 * with the QR encoder, loaded when the dialog first opens.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { QrCode } from './QrCode';

export default function ArCodeDialog({
  name,
  pageUrl,
  onClose,
}: {
  name: string;
  /** The AR page's absolute address. */
  pageUrl: string;
  onClose(): void;
}) {
  const { t } = useTranslation('viewer');
  return (
    <Dialog
      open
      title={t('ar.title', { name })}
      onClose={onClose}
      width={440}
      footer={<Button onClick={onClose}>{t('ar.close')}</Button>}
    >
      <div className="viewer-ar">
        <QrCode text={pageUrl} label={t('ar.code')} />
        <p>{t('ar.scan')}</p>
        <a className="viewer-ar__link" href={pageUrl} target="_blank" rel="noreferrer">
          {pageUrl}
        </a>
      </div>
    </Dialog>
  );
}
