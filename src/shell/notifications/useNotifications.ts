/**
 * The notifications of the signed-in user (spec 1 §2.5, §4): the list (unread or all, sorted by -date, 10 more per
 * scroll to the bottom), mark one and mark all read, and a refetch after every mark and on the realtime
 * UserNotificationUpdated event of the user's private channel.
 */
import {
  useApiUrl,
  useCustomMutation,
  useInvalidate,
  useList,
  useSubscription,
  useUpdate,
} from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userChannel } from '@shared/channels';
import { NOTIFICATION_EVENT } from '@shared/events';
import { compareCodeUnits } from '@/lib/intl-formats';
import type { ApiListResponse } from '@/providers/list-query';
import { useAuthorization } from '@/providers/useAuthorization';
import { useTenant } from '@/shell/tenant/TenantContext';
import {
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATIONS_RESOURCE,
  type NotificationView,
  type UserNotification,
} from './types';

export interface NotificationsState {
  items: UserNotification[];
  total: number;
  unreadCount: number;
  /** The first page has not arrived yet. */
  loading: boolean;
  /** A bigger page is on its way. */
  loadingMore: boolean;
  view: NotificationView;
  /** The chosen view; everything read means the view shows all (the toggle is disabled then). */
  setView(view: NotificationView): void;
  loadMore(): void;
  markRead(notification: UserNotification): void;
  markAllRead(): void;
  markingAll: boolean;
}

/**
 * The fetched page with the notifications opened in this session kept in place and shown as read: the dot
 * disappears at once, and in the unread view an opened item stays readable until the view changes.
 */
export function withOpened(
  fetched: UserNotification[],
  opened: ReadonlyMap<number, UserNotification>,
): UserNotification[] {
  const merged = fetched.map((item) => (opened.has(item.id) ? { ...item, read: true } : item));
  const missing = [...opened.values()].filter((item) => !fetched.some((other) => other.id === item.id));
  if (!missing.length) return merged;
  return [...merged, ...missing.map((item) => ({ ...item, read: true }))].sort(
    (left, right) => compareCodeUnits(right.date, left.date) || right.id - left.id,
  );
}

export function useNotifications(): NotificationsState {
  const { t } = useTranslation('notifications');
  const { user } = useAuthorization();
  const { tenant } = useTenant();
  const [chosenView, setChosenView] = useState<NotificationView>('all');
  const [pageSize, setPageSize] = useState(NOTIFICATION_PAGE_SIZE);
  const [opened, setOpened] = useState<ReadonlyMap<number, UserNotification>>(new Map());
  // The freshest unread count the server gave (a cached page of the other view may be older); with everything
  // read the toggle is disabled and the list shows all.
  const [knownUnread, setKnownUnread] = useState<{ count: number; at: number } | null>(null);
  const view: NotificationView = knownUnread?.count === 0 ? 'all' : chosenView;

  const { result, query } = useList<UserNotification>({
    resource: NOTIFICATIONS_RESOURCE,
    pagination: { currentPage: 1, pageSize },
    sorters: [{ field: 'date', order: 'desc' }],
    meta: { query: { with_read: view === 'unread' ? 1 : 0 } },
    queryOptions: { enabled: !!user, placeholderData: keepPreviousData },
    errorNotification: false,
  });
  const unreadFromServer = (query.data as ApiListResponse<UserNotification> | undefined)?.meta?.unread_count;
  const answeredAt = query.dataUpdatedAt;
  useEffect(() => {
    if (typeof unreadFromServer !== 'number') return;
    setKnownUnread((known) =>
      known && known.at >= answeredAt ? known : { count: unreadFromServer, at: answeredAt },
    );
  }, [unreadFromServer, answeredAt]);
  const unreadCount = knownUnread?.count ?? 0;

  const invalidate = useInvalidate();
  const refetchList = () => invalidate({ resource: NOTIFICATIONS_RESOURCE, invalidates: ['list'] });
  const refetchRef = useRef(refetchList);
  useEffect(() => {
    refetchRef.current = refetchList;
  });

  useSubscription({
    channel: tenant && user ? userChannel(tenant.id, user.id) : '',
    types: [NOTIFICATION_EVENT],
    enabled: !!tenant && !!user,
    onLiveEvent: () => void refetchRef.current(),
  });

  const forget = (id: number) =>
    setOpened((current) => new Map([...current].filter(([openedId]) => openedId !== id)));
  const { mutate: update } = useUpdate<UserNotification>();
  const markRead = (notification: UserNotification) => {
    if (notification.read) return;
    setOpened((current) => new Map(current).set(notification.id, notification));
    update(
      {
        resource: NOTIFICATIONS_RESOURCE,
        id: notification.id,
        values: { read: 1 },
        meta: { multipart: true },
        mutationMode: 'pessimistic',
        invalidates: ['list'],
        successNotification: false,
        errorNotification: () => ({ type: 'error', message: t('errors.markRead') }),
      },
      { onError: () => forget(notification.id) },
    );
  };

  const apiUrl = useApiUrl();
  const { mutate: custom, mutation: markAllMutation } = useCustomMutation();
  const markAllRead = () =>
    custom(
      {
        url: `${apiUrl}/${NOTIFICATIONS_RESOURCE}/read-all`,
        method: 'post',
        values: { read: true },
        successNotification: false,
        errorNotification: () => ({ type: 'error', message: t('errors.markAll') }),
      },
      { onSuccess: () => void refetchRef.current() },
    );

  const fetched = result.data;
  const total = result.total ?? 0;
  return {
    items: withOpened(fetched, opened),
    total,
    unreadCount,
    loading: query.isLoading,
    loadingMore: query.isFetching && query.isPlaceholderData,
    view,
    setView: (next) => {
      setChosenView(next);
      setPageSize(NOTIFICATION_PAGE_SIZE);
      setOpened(new Map());
    },
    // 10 more than the list shows; asking again before they arrive asks for the same page, and a scroll during a
    // refetch of the current page still asks for more (a second scroll event may never come).
    loadMore: () => {
      if (fetched.length < total)
        setPageSize((size) => Math.max(size, fetched.length + NOTIFICATION_PAGE_SIZE));
    },
    markRead,
    markAllRead,
    markingAll: markAllMutation.isPending,
  };
}
