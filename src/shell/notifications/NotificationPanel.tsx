/**
 * The notification dropdown (spec 1 §2.5): header with the unread count and mark-all-read, the unread/all toggle,
 * and the list; clicking an item expands its text and marks it read; scrolling to the bottom loads 10 more.
 */
import { CheckOutlined } from '@ant-design/icons';
import { Button, Empty, Segmented, Spin } from 'antd';
import { type KeyboardEvent, type Ref, type UIEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from './RelativeTime';
import type { NotificationView, UserNotification } from './types';
import type { NotificationsState } from './useNotifications';

/** How close (px) to the bottom of the list counts as scrolled to the bottom. */
const BOTTOM_THRESHOLD = 24;

function NotificationItem({
  item,
  expanded,
  onOpen,
}: {
  item: UserNotification;
  expanded: boolean;
  onOpen(): void;
}) {
  const { t } = useTranslation('notifications');
  return (
    <li className={item.read ? 'notification-item' : 'notification-item is-unread'}>
      <button
        type="button"
        className="row-button notification-button"
        aria-expanded={expanded}
        onClick={onOpen}
      >
        <span className="notification-marker">
          {!item.read && <span className="notification-dot" role="img" aria-label={t('unreadMarker')} />}
        </span>
        <span className="notification-content">
          <span className="notification-heading">
            <span className="notification-title">{item.title}</span>
            <RelativeTime className="notification-date" date={item.date} />
          </span>
          <span className={expanded ? 'notification-text is-expanded' : 'notification-text'}>
            {item.text}
          </span>
        </span>
      </button>
    </li>
  );
}

export function NotificationPanel({
  state,
  onClose,
  ref,
}: {
  state: NotificationsState;
  onClose(): void;
  /** The dialog element, which takes the focus when the dropdown opens. */
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation('notifications');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const everythingRead = state.unreadCount === 0;

  const open = (item: UserNotification) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(item.id)) next.delete(item.id);
      else next.add(item.id);
      return next;
    });
    state.markRead(item);
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - BOTTOM_THRESHOLD) state.loadMore();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };

  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="notification-panel"
      role="dialog"
      aria-labelledby="notification-panel-title"
      onKeyDown={onKeyDown}
      data-testid="notification-panel"
    >
      <header className="notification-panel-header">
        <div className="notification-panel-heading">
          <h2 id="notification-panel-title">{t('title')}</h2>
          <span
            className={everythingRead ? 'notification-count' : 'notification-count has-unread'}
            data-testid="unread-count"
          >
            {t('unreadCount', { count: state.unreadCount })}
          </span>
        </div>
        <Button
          type="text"
          size="small"
          icon={<CheckOutlined />}
          disabled={everythingRead || state.markingAll}
          onClick={state.markAllRead}
          className="notification-mark-all"
        >
          {t('markAllRead')}
        </Button>
      </header>
      <div className="notification-filter" role="group" aria-label={t('filter.label')}>
        <Segmented<NotificationView>
          block
          size="small"
          value={state.view}
          disabled={everythingRead}
          onChange={state.setView}
          options={[
            { value: 'unread', label: t('filter.unread') },
            { value: 'all', label: t('filter.all') },
          ]}
        />
      </div>
      <div className="notification-scroll" onScroll={onScroll} data-testid="notification-scroll">
        {state.loading ? (
          <div className="notification-loading" role="status">
            <Spin size="small" />
            <span>{t('loading')}</span>
          </div>
        ) : state.items.length === 0 ? (
          <Empty
            className="notification-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={state.view === 'unread' ? t('empty.unread') : t('empty.all')}
          />
        ) : (
          <ul className="notification-list">
            {state.items.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                expanded={expanded.has(item.id)}
                onOpen={() => open(item)}
              />
            ))}
          </ul>
        )}
        {state.loadingMore && (
          <div className="notification-more" role="status" aria-label={t('loadingMore')}>
            <Spin size="small" />
          </div>
        )}
      </div>
    </div>
  );
}
