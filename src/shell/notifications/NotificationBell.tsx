/**
 * The bell in the top bar (spec 1 §2.5): a ping while anything is unread; opens the notification dropdown, which
 * also shows how far the user's exports are (issue 46).
 */
import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import { Glyph } from '@/ui/Glyph';
import { type ComponentProps, memo, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListExport } from '@shared/list-exports';
import { Button } from '@/ui/Button';
import { Popover } from '@/ui/Popover';
import { usePaintedOnce } from '@/ui/usePaintedOnce';
import { NotificationPanel } from './NotificationPanel';
import { type NotificationsState, useNotifications } from './useNotifications';
import { useListExports } from './useListExports';
import '@/shell/dashboard/surfaces.css';
import './notifications.css';

/**
 * The bell's data (the notifications query with its live channel and the marks: several refine hooks) is mounted
 * once the first screen has painted, or at once when the bell is opened before: a first visit shows its page
 * sooner, and the count follows. The button and the dropdown stay the same elements throughout.
 */
export function NotificationBell() {
  const painted = usePaintedOnce();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<BellState | null>(null);
  const titleId = useId();

  return (
    <>
      {(painted || open) && <NotificationsFeed onState={setState} />}
      <Popover
        open={open}
        onOpenChange={setOpen}
        placement="bottom-end"
        labelledBy={titleId}
        className="notification-popover"
        renderTrigger={(props) => <BellButton {...props} unreadCount={state?.unreadCount ?? 0} />}
      >
        {state && (
          <NotificationPanel
            state={state}
            exports={state.exports}
            titleId={titleId}
            onNavigate={() => setOpen(false)}
          />
        )}
      </Popover>
    </>
  );
}

/** What the bell shows: the notifications, and the user's exports under way. */
type BellState = NotificationsState & { exports: ListExport[] };

/** Runs the notifications' hooks and hands each new state to the bell (memo: the bell's renders do not rerun it). */
const NotificationsFeed = memo(function NotificationsFeed({
  onState,
}: {
  onState: (state: BellState) => void;
}) {
  const state = useNotifications();
  const exports = useListExports();
  useEffect(() => onState({ ...state, exports }));
  return null;
});

function BellButton({ unreadCount, ...props }: ComponentProps<typeof Button> & { unreadCount: number }) {
  const { t } = useTranslation('notifications');
  const unread = unreadCount > 0;
  return (
    <Button
      {...props}
      variant="text"
      shape="circle"
      size="large"
      className="notification-bell"
      aria-label={unread ? t('bellUnread', { count: unreadCount }) : t('bell')}
      icon={
        <span className="notification-bell-icon">
          <Glyph icon={BellOutlined} />
          {unread && <span className="notification-ping" data-testid="notification-ping" />}
        </span>
      }
    />
  );
}
