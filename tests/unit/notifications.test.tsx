import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListExport } from '@shared/list-exports';
import { NotificationBell } from '@/shell/notifications/NotificationBell';
import { formatRelativeTime } from '@/shell/notifications/relative-time';
import type { UserNotification } from '@/shell/notifications/types';
import { withOpened } from '@/shell/notifications/useNotifications';
import {
  type ApiStub,
  formEntries,
  laravelList,
  renderInPortal,
  signInAs,
  stubApi,
  stubLive,
} from './data-provider-stub';

/** A notifications endpoint that behaves like the contract: filters, sorts by -date, paginates, counts unread. */
function notificationServer(count: number, unread: number, exports: ListExport[] = []) {
  const notifications: UserNotification[] = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    title: `Notice ${index + 1}`,
    text: `Full text of notice ${index + 1}, with all the details.`,
    read: index >= unread,
    date: new Date(Date.UTC(2025, 0, 31 - index, 9)).toISOString(),
  }));
  let gate: Promise<void> = Promise.resolve();
  const api: ApiStub = stubApi()
    .on('GET', '/my-account/notifications', async (request) => {
      await gate;
      const onlyUnread = request.query.get('with_read') === '1';
      const perPage = Number(request.query.get('per_page'));
      const matching = notifications
        .filter((item) => !onlyUnread || !item.read)
        .sort((left, right) => right.date.localeCompare(left.date));
      return {
        body: laravelList(matching.slice(0, perPage), {
          perPage,
          total: matching.length,
          extraMeta: { unread_count: notifications.filter((item) => !item.read).length },
        }),
      };
    })
    .on('POST', '/my-account/notifications/:id', (_request, { id }) => {
      const notification = notifications.find((item) => item.id === Number(id))!;
      notification.read = true;
      return { body: { data: notification } };
    })
    .on('GET', '/list-exports', () => ({ body: { data: exports } }))
    .on('POST', '/my-account/notifications/read-all', () => {
      notifications.forEach((item) => (item.read = true));
      return { body: { message: 'All notifications marked as read.', unread_count: 0 } };
    });
  return {
    api,
    notifications,
    listCalls: () => api.calls('/my-account/notifications'),
    /** Holds list answers until the returned function is called. */
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  signInAs(null);
});

// Component tests of a whole dropdown are slow on a busy machine: they get more time than the default.
describe('NotificationBell', () => {
  it('pings while anything is unread and lists the newest notifications in the dropdown', async () => {
    const server = notificationServer(15, 5);
    const user = userEvent.setup();
    renderInPortal(<NotificationBell />);

    const bell = await screen.findByRole('button', { name: 'Notifications, 5 unread' });
    expect(screen.getByTestId('notification-ping')).toBeInTheDocument();
    expect(decodeURIComponent(server.listCalls()[0].query.toString())).toBe(
      'with_read=0&per_page=10&page=1&sort=-date',
    );

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('5 unread')).toBeInTheDocument();
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(within(items[0]).getByText('Notice 1')).toBeInTheDocument();
    expect(within(items[0]).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(within(items[7]).queryByRole('img', { name: 'Unread' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Mark all as read/ })).toBeEnabled();
  });

  it('asks for its notifications only once the first screen has painted, keeping the same button', async () => {
    const server = notificationServer(15, 5);
    renderInPortal(<NotificationBell />);
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(server.listCalls()).toHaveLength(0);

    await waitFor(() => expect(server.listCalls()).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' })).toBe(bell);
  });

  it('takes the focus into the dropdown and gives it back to the bell on Escape', async () => {
    notificationServer(3, 1);
    const user = userEvent.setup();
    renderInPortal(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(panel).toHaveFocus());
    await user.keyboard('{Escape}');

    await waitFor(() => expect(bell).toHaveFocus());
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it("says 'Loading Notifications...' until the list arrives", async () => {
    const server = notificationServer(3, 1);
    const release = server.hold();
    const user = userEvent.setup();
    renderInPortal(<NotificationBell />);

    const panel = await openPanel(user);
    expect(within(panel).getByText('Loading Notifications...')).toBeInTheDocument();
    release();
    await within(panel).findByText('Notice 1');
    expect(within(panel).queryByText('Loading Notifications...')).not.toBeInTheDocument();
  });

  it('expands a clicked notification, marks it read with a multipart PATCH and refetches the list', async () => {
    const server = notificationServer(15, 5);
    const user = userEvent.setup();
    renderInPortal(<NotificationBell />);
    const panel = await openPanel(user);
    const item = (await within(panel).findByText('Notice 2')).closest('button')!;
    const callsBefore = server.listCalls().length;

    expect(item).toHaveAttribute('aria-expanded', 'false');
    await user.click(item);

    expect(item).toHaveAttribute('aria-expanded', 'true');
    expect(within(item).queryByRole('img', { name: 'Unread' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.api.calls('/my-account/notifications/2', 'POST')).toHaveLength(1));
    expect(formEntries(server.api.calls('/my-account/notifications/2', 'POST')[0].body)).toEqual({
      read: '1',
      _method: 'PATCH',
    });
    await waitFor(() => expect(server.listCalls().length).toBeGreaterThan(callsBefore));
    await within(panel).findByText('4 unread');
    expect(screen.getByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
  });

  it('marks everything read, then disables mark-all and the toggle and stops pinging', async () => {
    const server = notificationServer(12, 3);
    const user = userEvent.setup();
    renderInPortal(<NotificationBell />);
    const panel = await openPanel(user);
    await within(panel).findByText('3 unread');

    await user.click(within(panel).getByRole('button', { name: /Mark all as read/ }));

    expect(server.api.calls('/my-account/notifications/read-all', 'POST')[0].body).toEqual({ read: true });
    await within(panel).findByText('0 unread');
    expect(within(panel).getByRole('button', { name: /Mark all as read/ })).toBeDisabled();
    for (const option of within(panel).getAllByRole('radio')) expect(option).toBeDisabled();
    expect(within(panel).queryByRole('img', { name: 'Unread' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('notification-ping')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('shows all notifications once everything is read in the unread view', async () => {
    const server = notificationServer(12, 3);
    const user = userEvent.setup();
    renderInPortal(<NotificationBell />);
    const panel = await openPanel(user);
    await user.click(within(panel).getByText('Unread'));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(3));

    await user.click(within(panel).getByRole('button', { name: /Mark all as read/ }));

    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(10));
    expect(server.listCalls().at(-1)!.query.get('with_read')).toBe('0');
    expect(within(panel).getByRole('radio', { name: 'All' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'All' })).toBeDisabled();
  });

  it('switches to the unread ones (with_read=1) and keeps an opened one readable there', async () => {
    const server = notificationServer(15, 5);
    const user = userEvent.setup();
    renderInPortal(<NotificationBell />);
    const panel = await openPanel(user);
    await within(panel).findByText('Notice 1');

    await user.click(within(panel).getByText('Unread'));

    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(5));
    expect(server.listCalls().at(-1)!.query.get('with_read')).toBe('1');
    const opened = within(panel).getByText('Notice 3').closest('button')!;
    await user.click(opened);
    await waitFor(() => expect(within(panel).getByText('4 unread')).toBeInTheDocument());
    expect(within(panel).getByText('Notice 3')).toBeInTheDocument();
    expect(opened).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(5);
  });

  it('asks for 10 more each time the list is scrolled to the bottom', async () => {
    const server = notificationServer(25, 5);
    const user = userEvent.setup();
    renderInPortal(<NotificationBell />);
    const panel = await openPanel(user);
    await within(panel).findByText('Notice 1');
    const list = within(panel).getByTestId('notification-scroll');
    const scrollTo = (scrollTop: number) => {
      Object.defineProperties(list, {
        scrollHeight: { value: 1000, configurable: true },
        clientHeight: { value: 400, configurable: true },
        scrollTop: { value: scrollTop, configurable: true },
      });
      fireEvent.scroll(list);
    };

    scrollTo(100);
    expect(server.listCalls().every((call) => call.query.get('per_page') === '10')).toBe(true);
    scrollTo(600);
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(20));
    expect(server.listCalls().at(-1)!.query.get('per_page')).toBe('20');
    scrollTo(600);
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(25));
    scrollTo(600);
    expect(server.listCalls().at(-1)!.query.get('per_page')).toBe('30');
  });

  it('still asks for 10 more when the list is scrolled to the bottom while it is being refetched', async () => {
    const server = notificationServer(25, 5);
    const user = userEvent.setup();
    renderInPortal(<NotificationBell />);
    const panel = await openPanel(user);
    await within(panel).findByText('Notice 10');
    await user.click(within(panel).getByText('Unread', { exact: true }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(5));
    // Back to all: the cached page shows at once while it is fetched again.
    const release = server.hold();
    const callsBefore = server.listCalls().length;
    await user.click(within(panel).getByText('All', { exact: true }));
    await waitFor(() => expect(server.listCalls().length).toBe(callsBefore + 1));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(10);
    const list = within(panel).getByTestId('notification-scroll');
    Object.defineProperties(list, {
      scrollHeight: { value: 1000, configurable: true },
      clientHeight: { value: 400, configurable: true },
      scrollTop: { value: 600, configurable: true },
    });
    fireEvent.scroll(list);
    fireEvent.scroll(list);
    release();
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(20));
    expect(server.listCalls().map((call) => call.query.get('per_page'))).not.toContain('30');
  });

  it('refetches on UserNotificationUpdated from the user channel', async () => {
    const server = notificationServer(3, 0);
    const live = stubLive();
    const user = userEvent.setup();
    renderInPortal(<NotificationBell />, { live });
    const panel = await openPanel(user);
    await within(panel).findByText('Notice 1');
    expect(live.subscriptions.map(({ channel, types }) => [channel, types])).toEqual([
      ['Company.1.User.2', ['UserNotificationUpdated']],
      ['Company.1.User.2', ['ListExportUpdated']],
    ]);
    expect(screen.queryByTestId('notification-ping')).not.toBeInTheDocument();

    server.notifications.push({
      id: 99,
      title: 'Model finished',
      text: 'Your model is ready.',
      read: false,
      date: '2025-02-01T10:00:00Z',
    });
    act(() =>
      live.emit('Company.1.User.2', 'UserNotificationUpdated', { notification: null, unread_count: 1 }),
    );

    await within(panel).findByText('Model finished');
    // The count follows the answer that brought the list (one render later, from its meta).
    await within(panel).findByText('1 unread');
    await screen.findByTestId('notification-ping');
  });
});

describe('the bell’s exports (issue 46)', () => {
  const running: ListExport = {
    id: 7,
    name: 'Library items',
    format: 'csv',
    status: 'RUNNING',
    rows_done: 500,
    rows_total: 12000,
    file_name: 'Library items 2026-12-01.csv',
    created_at: '2026-12-01T09:00:00Z',
    finished_at: null,
  };

  it('shows how far each export under way is, follows its events, and lets it go when it ends', async () => {
    notificationServer(1, 0, [running, { ...running, id: 6, status: 'FINISHED' }]);
    const live = stubLive();
    const user = userEvent.setup();
    renderInPortal(<NotificationBell />, { live });
    const panel = await openPanel(user);
    const bar = await within(panel).findByRole('progressbar', { name: 'Library items: 500 of 12,000 rows' });
    expect(bar).toHaveAttribute('value', '500');
    // Only the exports under way are shown; one still queued says so.
    expect(within(panel).getAllByRole('progressbar')).toHaveLength(1);
    act(() =>
      live.emit('Company.1.User.2', 'ListExportUpdated', {
        export: { ...running, id: 8, name: 'Users', status: 'QUEUED', rows_done: 0 },
      }),
    );
    await within(panel).findByRole('progressbar', { name: 'Users: waiting to start' });

    act(() =>
      live.emit('Company.1.User.2', 'ListExportUpdated', { export: { ...running, rows_done: 6000 } }),
    );
    expect(
      await within(panel).findByRole('progressbar', { name: 'Library items: 6,000 of 12,000 rows' }),
    ).toHaveAttribute('value', '6000');
    act(() =>
      live.emit('Company.1.User.2', 'ListExportUpdated', {
        export: { ...running, status: 'FINISHED', rows_done: 12000 },
      }),
    );
    await waitFor(() =>
      expect(within(panel).queryByRole('progressbar', { name: /^Library items/ })).not.toBeInTheDocument(),
    );
  });

  it('offers the file of a finished export in its notification', async () => {
    const server = notificationServer(1, 1);
    Object.assign(server.notifications[0], {
      message_key: 'notifications:messages.listExportReady',
      message_params: { name: 'Library items', count: 12000, export_id: 7, file_name: running.file_name },
    });
    const user = userEvent.setup();
    renderInPortal(<NotificationBell />);
    const panel = await openPanel(user);
    await within(panel).findByText('The export of “Library items” is ready: 12,000 rows.');
    expect(
      within(panel).getByRole('button', { name: 'Download Library items 2026-12-01.csv' }),
    ).toBeInTheDocument();
  });
});

describe('notification helpers', () => {
  it('keeps opened notifications in date order and shows them read', () => {
    const item = (id: number, date: string, read = false): UserNotification => ({
      id,
      title: `N${id}`,
      text: '',
      read,
      date,
    });
    const fetched = [item(1, '2025-01-03'), item(3, '2025-01-01')];
    const opened = new Map([[2, item(2, '2025-01-02')]]);

    expect(withOpened(fetched, opened).map(({ id, read }) => [id, read])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
  });

  it('formats dates relative to now', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(formatRelativeTime(new Date('2025-03-10T11:55:00Z'), now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(new Date('2025-03-09T12:00:00Z'), now, 'en')).toBe('yesterday');
    expect(formatRelativeTime(new Date('2025-03-10T09:00:00Z'), now, 'nl')).toBe('3 uur geleden');
    expect(formatRelativeTime(new Date('2025-02-01T12:00:00Z'), now, 'en')).toBe('Feb\u00a01');
  });
});
