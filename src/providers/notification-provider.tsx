/**
 * refine's notificationProvider on the portal's own notices (`src/ui/toast`), which need no antd: refine's
 * `message` is the text and its `description` the title, as in @refinedev/antd's. An undoable action
 * ('progress') shows the seconds left and a cancel button until it runs; refine re-opens it every second.
 */
import UndoOutlined from '@ant-design/icons-svg/es/asn/UndoOutlined';
import { Glyph } from '@/ui/Glyph';
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';
import { toast } from '@/ui/toast';
import { takeScreenError } from './screen-errors';

export function useNotificationProvider(): NotificationProvider {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      open({ key, message, description, type, cancelMutation, undoableTimeout }: OpenNotificationParams) {
        if (type === 'progress') {
          const cancel = () => {
            cancelMutation?.();
            if (key) toast.close(key);
          };
          toast.open({
            key,
            type: 'info',
            title: t('notifications.undoable', { seconds: undoableTimeout ?? 0 }),
            text: message,
            duration: 0,
            action: (
              <Button icon={<Glyph icon={UndoOutlined} />} onClick={cancel} disabled={undoableTimeout === 0}>
                {t('buttons.cancel')}
              </Button>
            ),
          });
          return;
        }
        if (type === 'error') {
          // A failure the screen shows itself (under the fields, as its Not found state) needs no notice; any
          // other says what failed in the portal's words and what the server said, never a status code.
          if (takeScreenError(description)) return;
          toast.open({ key, type, title: t('notifications.failed'), text: description || message });
          return;
        }
        toast.open({ key, type, title: description, text: message });
      },
      close: (key: string) => toast.close(key),
    }),
    [t],
  );
}
