/** refine's notifications on antd's themed notification API: texts, the undo countdown, closing by key. */
import type { OpenNotificationParams } from '@refinedev/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { useNotificationProvider } from '@/providers/notification-provider';
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
      {/* Without motion a closed notice leaves at once (jsdom plays no transitions). */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <Notifier open={open} closeKey={closeKey} />
        </App>
      </ConfigProvider>
    </I18nextProvider>,
  );

describe('the notification provider', () => {
  it("titles a notification with refine's description and writes its message below", async () => {
    renderNotifier({
      key: 'saved',
      type: 'success',
      message: 'Successfully edited Harbour Tower',
      description: 'Projects',
    });
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    const title = await screen.findByText('Projects');
    expect(title.closest('.ant-notification-notice-success')).not.toBeNull();
    expect(screen.getByText('Successfully edited Harbour Tower')).toBeInTheDocument();
  });

  it('closes a notification by its key', async () => {
    renderNotifier({ key: 'failed', type: 'error', message: 'Error (status code: 500)' }, 'failed');
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByText('Error (status code: 500)')).toBeInTheDocument();
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
    expect(await screen.findByText('You have 4 seconds to undo')).toBeInTheDocument();
    expect(screen.getByText('Deleting Harbour Tower')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancelMutation).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Deleting Harbour Tower')).not.toBeInTheDocument());
  });
});
