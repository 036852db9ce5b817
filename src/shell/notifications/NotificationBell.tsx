/** The bell in the top bar (spec 1 §2.5): a ping while anything is unread; opens the notification dropdown. */
import { BellOutlined } from '@ant-design/icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';
import { Popover } from '@/ui/Popover';
import { NotificationPanel } from './NotificationPanel';
import { useNotifications } from './useNotifications';
import '@/shell/dashboard/surfaces.css';
import './notifications.css';

export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const state = useNotifications();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const unread = state.unreadCount > 0;

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      placement="bottom-end"
      labelledBy={titleId}
      className="notification-popover"
      renderTrigger={(props) => (
        <Button
          {...props}
          variant="text"
          shape="circle"
          size="large"
          className="notification-bell"
          aria-label={unread ? t('bellUnread', { count: state.unreadCount }) : t('bell')}
          icon={
            <span className="notification-bell-icon">
              <BellOutlined aria-hidden />
              {unread && <span className="notification-ping" data-testid="notification-ping" />}
            </span>
          }
        />
      )}
    >
      <NotificationPanel state={state} titleId={titleId} />
    </Popover>
  );
}
