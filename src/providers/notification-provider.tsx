/**
 * refine's notificationProvider on antd's `App.useApp().notification` (themed, inside antd's `<App>`), in place
 * of @refinedev/antd's: that one is only reachable through the package's single-file index, which would put
 * its whole component set into the first chunk. Like it, refine's `message` is the text and its `description`
 * the title; an undoable action ('progress') shows the seconds left and a cancel button until it runs.
 */
import { UndoOutlined } from '@ant-design/icons';
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import { App, Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  return useMemo(
    () => ({
      open({ key, message, description, type, cancelMutation, undoableTimeout }: OpenNotificationParams) {
        if (type === 'progress') {
          const cancel = () => {
            cancelMutation?.();
            notification.destroy(key ?? '');
          };
          notification.open({
            key,
            message: t('notifications.undoable', { seconds: undoableTimeout ?? 0 }),
            description: message,
            duration: 0,
            actions: (
              <Button icon={<UndoOutlined aria-hidden />} onClick={cancel} disabled={undoableTimeout === 0}>
                {t('buttons.cancel')}
              </Button>
            ),
          });
          return;
        }
        notification.open({ key, message: description ?? null, description: message, type });
      },
      close: (key: string) => notification.destroy(key),
    }),
    [notification, t],
  );
}
