/**
 * The notification dropdown (spec 1 §2.5): header with the unread count and mark-all-read, the unread/all toggle,
 * and the list; clicking an item expands its text and marks it read; scrolling to the bottom loads 10 more. Above
 * the list, the user's exports under way (issue 46); a finished export's notification brings its download.
 */
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import InboxOutlined from '@ant-design/icons-svg/es/asn/InboxOutlined';
import { Glyph } from '@/ui/Glyph';
import { type UIEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { renderStoredMessage } from '@/components/stored-message';
import { Button } from '@/ui/Button';
import { Segmented } from '@/ui/Segmented';
import { Spinner } from '@/ui/Spinner';
import type { ListExport } from '@shared/list-exports';
import { ExportDownloadButton, RunningExports } from './ListExportParts';
import { RelativeTime } from './RelativeTime';
import type { NotificationView, UserNotification } from './types';
import type { NotificationsState } from './useNotifications';

/** How close (px) to the bottom of the list counts as scrolled to the bottom. */
const BOTTOM_THRESHOLD = 24;

function NotificationItem({
  item,
  expanded,
  onOpen,
  onFollow,
}: {
  item: UserNotification;
  expanded: boolean;
  onOpen(): void;
  /** Following the item's link marks it read. */
  onFollow(): void;
}) {
  const { t } = useTranslation('notifications');
  // In the reader's language from the stored message; the server's text without one.
  const title = renderStoredMessage(t, item, item.title, '.title');
  const text = renderStoredMessage(t, item, item.text, '.text');
  // A notification about something in the portal names its page (`path`, e.g. an accepted invitation's user).
  const path = item.message_params?.path;
  const link = typeof path === 'string' && path.startsWith('/') ? path : null;
  const linkText = link ? renderStoredMessage(t, item, t('open'), '.link') : '';
  // A finished export's notification brings its file.
  const exportId = item.message_params?.export_id;
  const exportFile = item.message_params?.file_name;
  const download =
    typeof exportId === 'number' && typeof exportFile === 'string'
      ? { exportId, fileName: exportFile }
      : null;
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
            <span className="notification-title">{title}</span>
            <RelativeTime className="notification-date" date={item.date} />
          </span>
          <span className={expanded ? 'notification-text is-expanded' : 'notification-text'}>{text}</span>
        </span>
      </button>
      {link && (
        <Link className="notification-link" to={link} onClick={onFollow}>
          {linkText}
        </Link>
      )}
      {download && <ExportDownloadButton {...download} />}
    </li>
  );
}

/** The dropdown's content; the bell's popover is the dialog it names with the heading `titleId`. */
export function NotificationPanel({
  state,
  exports = [],
  titleId,
  onNavigate,
}: {
  state: NotificationsState;
  /** The user's exports under way. */
  exports?: readonly ListExport[];
  titleId: string;
  /** An item's link was followed (the bell closes its dropdown). */
  onNavigate?: () => void;
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

  return (
    <div className="notification-panel" data-testid="notification-panel">
      <header className="notification-panel-header">
        <div className="notification-panel-heading">
          <h2 id={titleId}>{t('title')}</h2>
          <span
            className={everythingRead ? 'notification-count' : 'notification-count has-unread'}
            data-testid="unread-count"
          >
            {t('unreadCount', { count: state.unreadCount })}
          </span>
        </div>
        <Button
          variant="text"
          size="small"
          icon={<Glyph icon={CheckOutlined} />}
          disabled={everythingRead || state.markingAll}
          onClick={state.markAllRead}
          className="notification-mark-all"
        >
          {t('markAllRead')}
        </Button>
      </header>
      <div className="notification-filter">
        <Segmented<NotificationView>
          block
          size="small"
          label={t('filter.label')}
          value={state.view}
          disabled={everythingRead}
          onChange={state.setView}
          options={[
            { value: 'unread', label: t('filter.unread') },
            { value: 'all', label: t('filter.all') },
          ]}
        />
      </div>
      <RunningExports exports={exports} />
      <div className="notification-scroll" onScroll={onScroll} data-testid="notification-scroll">
        {state.loading ? (
          <div className="notification-loading" role="status">
            <Spinner size="small" />
            <span>{t('loading')}</span>
          </div>
        ) : state.items.length === 0 ? (
          <div className="notification-empty">
            <Glyph icon={InboxOutlined} className="notification-empty__image" />
            <p>{state.view === 'unread' ? t('empty.unread') : t('empty.all')}</p>
          </div>
        ) : (
          <ul className="notification-list">
            {state.items.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                expanded={expanded.has(item.id)}
                onOpen={() => open(item)}
                onFollow={() => {
                  state.markRead(item);
                  onNavigate?.();
                }}
              />
            ))}
          </ul>
        )}
        {state.loadingMore && (
          <div className="notification-more">
            <Spinner size="small" label={t('loadingMore')} />
          </div>
        )}
      </div>
    </div>
  );
}
