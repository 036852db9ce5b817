/** The layout's planned-maintenance banner: windows the API announces, dismissed per window and remembered. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '@/providers/session';
import { DISMISSED_MAINTENANCE_KEY } from '@/shell/layout/UpcomingMaintenance';
import { renderPortal, signIn, stubApi, user } from './support/portal-app';

const WINDOW = {
  id: 7,
  name: 'Database upgrade',
  description: 'The portal is unavailable for two hours.',
  start_datetime: '2030-03-04T22:00:00.000Z',
  end_datetime: '2030-03-05T00:00:00.000Z',
};

beforeAll(async () => {
  await session.start();
});

afterEach(() => {
  session.signOut('logout');
  vi.unstubAllGlobals();
  localStorage.clear();
});

const announce = (windows: unknown[]) =>
  stubApi({ '/planned-maintenance/upcoming': () => Response.json({ data: windows }) });

describe('the planned-maintenance banner', () => {
  it('announces a window, and a dismissed window stays dismissed', async () => {
    const paths = announce([WINDOW]);
    signIn(user());
    const first = renderPortal('/');
    const banner = await screen.findByText(/Planned maintenance "Database upgrade" from/);
    const alert = banner.closest('.ui-alert') as HTMLElement;
    expect(within(alert).getByText('The portal is unavailable for two hours.')).toBeInTheDocument();
    expect(paths).toContain('/planned-maintenance/upcoming');

    await userEvent.click(
      within(alert).getByRole('button', { name: 'Dismiss the notice about Database upgrade' }),
    );
    await waitFor(() => expect(screen.queryByText(/Planned maintenance "Database upgrade"/)).toBeNull());
    expect(JSON.parse(localStorage.getItem(DISMISSED_MAINTENANCE_KEY)!)).toEqual([
      `7@${WINDOW.start_datetime}@${WINDOW.end_datetime}`,
    ]);
    first.unmount();

    renderPortal('/');
    await screen.findByRole('button', { name: /^Account menu of/ });
    expect(screen.queryByText(/Planned maintenance "Database upgrade"/)).toBeNull();
  });

  it('announces a window again when its times change', async () => {
    localStorage.setItem(
      DISMISSED_MAINTENANCE_KEY,
      JSON.stringify([`7@${WINDOW.start_datetime}@${WINDOW.end_datetime}`]),
    );
    announce([{ ...WINDOW, end_datetime: '2030-03-05T02:00:00.000Z' }]);
    signIn(user());
    renderPortal('/');
    await screen.findByText(/Planned maintenance "Database upgrade" from/);
  });

  it('shows nothing without windows', async () => {
    const paths = announce([]);
    signIn(user());
    renderPortal('/');
    await screen.findByRole('button', { name: /^Account menu of/ });
    await waitFor(() => expect(paths).toContain('/planned-maintenance/upcoming'));
    expect(screen.queryByText(/Planned maintenance/)).toBeNull();
  });
});
