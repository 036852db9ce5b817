/** The bell in the top bar (spec 1 §2.5): a ping while anything is unread; opens the notification dropdown. */
import { BellOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationPanel } from './NotificationPanel';
import { useNotifications } from './useNotifications';
import '@/shell/dashboard/surfaces.css';
import './notifications.css';

export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const state = useNotifications();
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const unread = state.unreadCount > 0;
  const close = () => {
    setOpen(false);
    bell.current?.focus();
  };

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      afterOpenChange={(visible) => visible && panel.current?.focus()}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      classNames={{ root: 'notification-popover' }}
      content={<NotificationPanel ref={panel} state={state} onClose={close} />}
    >
      <Button
        ref={bell}
        type="text"
        shape="circle"
        size="large"
        className="notification-bell"
        aria-label={unread ? t('bellUnread', { count: state.unreadCount }) : t('bell')}
        aria-haspopup="dialog"
        aria-expanded={open}
        icon={
          <span className="notification-bell-icon">
            <BellOutlined />
            {unread && <span className="notification-ping" data-testid="notification-ping" />}
          </span>
        }
      />
    </Popover>
  );
}
