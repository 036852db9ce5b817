/** refine's notifications on the portal's own notices: texts, the undo countdown, closing by key. */
import type { OpenNotificationParams } from '@refinedev/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotificationProvider } from '@/providers/notification-provider';
import { Toaster, toast } from '@/ui/toast';
import { portalI18n } from './support/portal-app';

function Notifier({ open, closeKey }: { open: OpenNotificationParams; closeKey?: string }) {
  const provider = useNotificationProvider();
  return (
    <>
      <button onClick={() => provider.open(open)}>open</button>
      {closeKey && <button onClick={() => provider.close(closeKey)}>close</button>}
    </>
  );
}

const renderNotifier = (open: OpenNotificationParams, closeKey?: string) =>
  render(
    <I18nextProvider i18n={portalI18n()}>
      <Notifier open={open} closeKey={closeKey} />
      <Toaster label="Messages" closeLabel="Close" />
    </I18nextProvider>,
  );

describe('the notification provider', () => {
  afterEach(() => toast.clear());

  it("titles a notification with refine's description and writes its message below", async () => {
    renderNotifier({
      key: 'saved',
      type: 'success',
      message: 'Successfully edited Harbour Tower',
      description: 'Projects',
    });
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('ProjectsSuccessfully edited Harbour Tower');
    expect(within(screen.getByRole('region', { name: 'Messages' })).getByRole('status')).toBe(notice);
  });

  it('closes a notification by its key', async () => {
    renderNotifier({ key: 'failed', type: 'error', message: 'Error (status code: 500)' }, 'failed');
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error (status code: 500)');
    await userEvent.click(screen.getByRole('button', { name: 'close' }));
    await waitFor(() => expect(screen.queryByText('Error (status code: 500)')).not.toBeInTheDocument());
  });

  it('counts down an undoable action and cancels it on request', async () => {
    const cancelMutation = vi.fn();
    renderNotifier({
      key: 'undo',
      type: 'progress',
      message: 'Deleting Harbour Tower',
      cancelMutation,
      undoableTimeout: 4,
    });
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await screen.findByText('You have 4 seconds to undo');
    expect(screen.getByText('Deleting Harbour Tower')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancelMutation).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Deleting Harbour Tower')).not.toBeInTheDocument());
  });
});

describe('the notices', () => {
  afterEach(() => toast.clear());

  it('replaces a notice opened again under its key, and the close button removes it', async () => {
    render(<Toaster label="Messages" closeLabel="Close" />);
    act(() => {
      toast.open({ key: 'count', type: 'info', text: '3 seconds', duration: 0 });
      toast.open({ key: 'count', type: 'info', text: '2 seconds', duration: 0 });
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('2 seconds');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('lets a notice leave by itself after its duration', () => {
    vi.useFakeTimers();
    try {
      render(<Toaster label="Messages" closeLabel="Close" />);
      act(() => void toast.success('Saved'));
      expect(screen.getByRole('status')).toHaveTextContent('Saved');
      act(() => vi.advanceTimersByTime(4_400));
      expect(screen.getByRole('status')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
