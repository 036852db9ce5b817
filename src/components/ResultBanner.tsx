/**
 * The banner of an action's result (`useResultBanner`): success as a status, failure as an alert; a delete's
 * Undo (issue 46) as its button, busy while the records come back.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '@/ui/Alert';
import { Button } from '@/ui/Button';
import type { Banner } from './useResultBanner';

export function ResultBanner({
  banner,
  onClose,
  undo,
  hold,
}: {
  banner: Banner | null;
  onClose: () => void;
  /** The banner's Undo, when it offers one. */
  undo?: { run(): void; busy: boolean };
  /** Told when the pointer or the focus comes onto the banner (true) and leaves it (false): it stays meanwhile. */
  hold?: (held: boolean) => void;
}) {
  const { t } = useTranslation('lists');
  if (!banner) return null;
  return (
    <div
      onPointerEnter={() => hold?.(true)}
      onPointerLeave={() => hold?.(false)}
      onFocus={() => hold?.(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hold?.(false);
      }}
    >
      <Alert
        className="list-banner"
        type={banner.type}
        message={banner.text}
        closable={{ label: t('closeBanner'), onClose }}
        role={banner.type === 'error' ? 'alert' : 'status'}
        action={
          undo && (
            <Button variant="link" loading={undo.busy} onClick={undo.run}>
              {t('undo.label')}
            </Button>
          )
        }
      />
    </div>
  );
}
