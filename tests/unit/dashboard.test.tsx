import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/session';
import { calendarDay, groupChangelogByDate } from '@/shell/dashboard/changelog';
import { DashboardHeader } from '@/shell/dashboard/DashboardHeader';
import { DashboardPage } from '@/shell/dashboard/DashboardPage';
import { currentEnvironment } from '@/shell/dashboard/environment';
import { greetingPeriod } from '@/shell/dashboard/greeting';
import type { ChangelogItem } from '@/shell/dashboard/types';
import {
  aliceUser,
  type ApiStub,
  laravelList,
  renderInPortal,
  signInAs,
  stubApi,
  testI18n,
} from './data-provider-stub';

const at = (hours: number, minutes: number, seconds = 0) => new Date(2025, 0, 6, hours, minutes, seconds);

function changelogItem(
  id: number,
  type: ChangelogItem['type'],
  dates: Partial<ChangelogItem>,
  screenshot = false,
): ChangelogItem {
  return {
    id,
    type,
    description: `Change number ${id}`,
    screenshot,
    screenshot_url: screenshot ? `/api/v2/files/changelog/${id}.png` : null,
    date_on_development: null,
    date_on_test: null,
    date_on_acceptance: null,
    date_on_production: null,
    ...dates,
  };
}

const CHANGELOG: ChangelogItem[] = [
  changelogItem(1, 'added', {
    date_on_development: '2025-03-01',
    date_on_production: '2025-03-10T09:00:00.000Z',
  }),
  changelogItem(2, 'fixed', { date_on_production: '2025-03-12' }, true),
  changelogItem(3, 'updated', { date_on_development: '2025-03-15' }),
  changelogItem(4, 'updated', { date_on_production: '2025-03-10' }),
  changelogItem(5, 'added', {}),
];

const PROJECTS = [
  {
    id: 11,
    name: 'Harbour Tower',
    description: 'Waterfront offices',
    preview_image: null,
    status: 'active',
    labels: [],
    updated_at: '2025-03-01T10:00:00Z',
  },
  {
    id: 12,
    name: 'Dock Pavilion',
    description: null,
    preview_image: '/img/dock.png',
    status: 'inactive',
    labels: [],
    updated_at: '2025-02-01T10:00:00Z',
  },
  {
    id: 13,
    name: 'City Library',
    description: 'Reading rooms',
    preview_image: null,
    status: 'active',
    labels: [],
    updated_at: '2025-01-01T10:00:00Z',
  },
];

function stubDashboardApi(projects = PROJECTS): ApiStub {
  return stubApi()
    .on('GET', '/projects', (request) => {
      if (request.query.get('count') === '1') return { body: { data: { count: 34 } } };
      const perPage = Number(request.query.get('per_page'));
      return { body: laravelList(projects.slice(0, perPage), { perPage, total: projects.length }) };
    })
    .on('GET', '/libraries', { body: { data: { count: 12 } } })
    .on('GET', '/projects/models', { body: { data: { count: 1500 } } })
    .on('GET', '/admin/changelog-items', { body: { data: CHANGELOG } });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete window.__PORTAL_CONFIG__;
  signInAs(null);
});

describe('greeting', () => {
  it.each([
    [at(0, 0), 'morning'],
    [at(11, 59, 59), 'morning'],
    [at(12, 0), 'afternoon'],
    [at(16, 59, 59), 'afternoon'],
    [at(17, 0), 'evening'],
    [at(23, 59), 'evening'],
  ])('at %s it is %s', (time, period) => {
    expect(greetingPeriod(time)).toBe(period);
  });

  it('ticks every second, greeting the user by name and changing the greeting at noon', () => {
    vi.useFakeTimers();
    vi.setSystemTime(at(11, 59, 59));
    render(
      <I18nextProvider i18n={testI18n()}>
        <DashboardHeader user={{ ...aliceUser, profile_image: '/img/alice.png' }} />
      </I18nextProvider>,
    );
    // The greeting is the page's one h1.
    expect(
      screen.getByRole('heading', { name: 'Good morning, Alice Manager', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Alice Manager' })).toHaveAttribute('src', '/img/alice.png');
    const clock = screen.getByRole('group', { name: 'Current date and time' });
    expect(within(clock).getByText(/11:59:59/)).toBeInTheDocument();

    act(() => void vi.advanceTimersByTime(1000));

    expect(within(clock).getByText(/12:00:00/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Good afternoon, Alice Manager' })).toBeInTheDocument();
  });
});

describe('changelog for the Updates box', () => {
  it('keeps only items dated for the environment, grouped per day, newest day first', () => {
    const days = groupChangelogByDate(CHANGELOG, 'production');
    expect(days.map((day) => [day.date, day.items.map((item) => item.id)])).toEqual([
      ['2025-03-12', [2]],
      ['2025-03-10', [4, 1]],
    ]);
    expect(groupChangelogByDate(CHANGELOG, 'development').map((day) => day.date)).toEqual([
      '2025-03-15',
      '2025-03-01',
    ]);
    expect(groupChangelogByDate(CHANGELOG, 'test')).toEqual([]);
  });

  it('reads a calendar date without shifting it across time zones', () => {
    const day = calendarDay('2025-03-10');
    expect([day.getFullYear(), day.getMonth(), day.getDate()]).toEqual([2025, 2, 10]);
  });

  it('takes the environment from the runtime config, else production for a production build', () => {
    expect(currentEnvironment('acceptance', true)).toBe('acceptance');
    expect(currentEnvironment(undefined, true)).toBe('production');
    expect(currentEnvironment('staging', false)).toBe('development');
    expect(currentEnvironment(undefined, false)).toBe('development');
  });
});

// Component tests render a real refine tree; on a busy machine they get more time than the default.
describe('DashboardPage', () => {
  beforeEach(() => {
    Object.assign(window, { __PORTAL_CONFIG__: { environment: 'production' } });
  });

  it('shows a count tile per permission with the counts from the API', async () => {
    const api = stubDashboardApi();
    renderInPortal(<DashboardPage />);

    expect(await screen.findByTestId('count-projects')).toHaveTextContent('34');
    expect(await screen.findByTestId('count-libraries')).toHaveTextContent('12');
    expect(await screen.findByTestId('count-models')).toHaveTextContent('1,500');
    // The projects' count holds the sub-projects the list leaves out, and says so.
    expect(screen.getByRole('article', { name: 'Projects' })).toHaveTextContent('including sub-projects');
    const countQueries = api.requests
      .filter((request) => request.query.get('count') === '1')
      .map((request) => `${request.path}?${decodeURIComponent(request.query.toString())}`);
    expect(countQueries.sort()).toEqual([
      '/libraries?count=1',
      '/projects/models?count=1',
      '/projects?include_sub_projects=1&count=1',
    ]);
  });

  it('shows only the tiles the user may see, and no projects without view-projects', async () => {
    const api = stubDashboardApi();
    const librarian: SessionUser = { ...aliceUser, abilities: ['list-libraries'] };
    renderInPortal(<DashboardPage />, { user: librarian });

    expect(await screen.findByTestId('count-libraries')).toHaveTextContent('12');
    await screen.findByText('Change number 2');
    expect(screen.queryByTestId('count-projects')).not.toBeInTheDocument();
    expect(screen.queryByTestId('count-models')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent projects' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recently updated projects' })).not.toBeInTheDocument();
    expect(api.calls('/projects')).toHaveLength(0);
  });

  it('lists the updates of this environment under long dates and opens one in a modal', async () => {
    stubDashboardApi();
    const user = userEvent.setup();
    renderInPortal(<DashboardPage />);

    const updates = await screen.findByRole('region', { name: 'Updates' });
    await within(updates).findByText('Change number 2');
    const headings = within(updates)
      .getAllByRole('heading', { level: 5 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Wednesday, March 12, 2025', 'Monday, March 10, 2025']);
    expect(within(updates).queryByText('Change number 3')).not.toBeInTheDocument();
    expect(within(updates).queryByText('Change number 5')).not.toBeInTheDocument();
    const fixed = within(updates).getByRole('button', { name: /Change number 2/ });
    expect(within(fixed).getByText('Fixed')).toHaveClass('changelog-type-fixed');
    expect(within(fixed).getByText('Includes a screenshot')).toBeInTheDocument();
    expect(
      within(within(updates).getByRole('button', { name: /Change number 1/ })).getByText('Added'),
    ).toHaveClass('changelog-type-added');

    await user.click(fixed);
    const dialog = await screen.findByRole('dialog', { name: 'Update details' });
    expect(within(dialog).getByText('Fixed')).toBeInTheDocument();
    expect(within(dialog).getByText('Change number 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Screenshot of this update' })).toHaveAttribute(
      'src',
      '/api/v2/files/changelog/2.png',
    );
    const closeButton = within(dialog)
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.textContent === 'Close')!;
    await user.click(closeButton);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Update details' })).not.toBeInTheDocument(),
    );
  });

  it('slides through the 5 most recent projects with arrows disabled at the ends', async () => {
    const api = stubDashboardApi();
    const user = userEvent.setup();
    renderInPortal(<DashboardPage />, { routePath: '/' });

    const slider = await screen.findByRole('region', { name: 'Recent projects' });
    await within(slider).findByText('Harbour Tower');
    const sliderRequest = api.calls('/projects').find((request) => request.query.get('per_page') === '5')!;
    expect(decodeURIComponent(sliderRequest.query.toString())).toBe(
      'per_page=5&page=1&sort=-updated_at&included_fields[]=projects.id&included_fields[]=projects.name' +
        '&included_fields[]=projects.description&included_fields[]=projects.preview_image',
    );
    const previous = within(slider).getByRole('button', { name: 'Previous project' });
    const next = within(slider).getByRole('button', { name: 'Next project' });
    const visibleLink = () => within(slider).getByRole('link', { name: 'View Project' });

    expect(previous).toBeDisabled();
    expect(visibleLink()).toHaveAttribute('href', '/projects/overview/11');
    await user.click(next);
    expect(previous).toBeEnabled();
    expect(visibleLink()).toHaveAttribute('href', '/projects/overview/12');
    await user.click(next);
    expect(next).toBeDisabled();
    expect(visibleLink()).toHaveAttribute('href', '/projects/overview/13');
    expect(within(slider).getByText('3 of 3')).toBeInTheDocument();

    await user.click(visibleLink());
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/overview/13');
  });

  it('says there are no recent projects when there are none', async () => {
    stubDashboardApi([]);
    renderInPortal(<DashboardPage />);

    const slider = await screen.findByRole('region', { name: 'Recent projects' });
    await within(slider).findByText('No recent projects');
    expect(within(slider).queryByRole('button', { name: 'Next project' })).not.toBeInTheDocument();
  });

  it('lists recently updated projects 25 per page, sorted by -updated_at', async () => {
    const api = stubDashboardApi();
    renderInPortal(<DashboardPage />);

    const table = await screen.findByRole('region', { name: 'Recently updated projects' });
    expect(await within(table).findByRole('link', { name: 'City Library' })).toHaveAttribute(
      'href',
      '/projects/overview/13',
    );
    expect(within(table).getByText('Inactive')).toBeInTheDocument();
    const tableRequest = api.calls('/projects').find((request) => request.query.get('per_page') === '25')!;
    expect(tableRequest.query.toString()).toBe('per_page=25&page=1&sort=-updated_at');
    expect(within(table).queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('warns about an unconnected design-software account, leads to the profile and can be dismissed', async () => {
    const api = stubDashboardApi();
    const unconnected: SessionUser = { ...aliceUser, autodesk_integration: true, autodesk_connected: false };
    api
      .on('PATCH', '/my-account/preferences', (request) => ({ body: { data: request.body } }))
      .on('GET', '/auth/validate', {
        body: {
          access_token: 'token-123',
          token_type: 'Bearer',
          expires_at: '2099-01-01T00:00:00Z',
          user: { ...unconnected, preferences: { dismissed_design_software_warning: 'notConnected' } },
        },
      });
    const user = userEvent.setup();
    const view = renderInPortal(<DashboardPage />, { user: unconnected, routePath: '/' });

    await screen.findByText('Your design software account is not connected');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByText('Your design software account is not connected')).not.toBeInTheDocument(),
    );
    // Kept on the server for this user, so a reload or another device does not show it again.
    await waitFor(() => expect(api.calls('/my-account/preferences', 'PATCH')).toHaveLength(1));
    expect(api.calls('/my-account/preferences', 'PATCH')[0].body).toEqual({
      dismissed_design_software_warning: 'notConnected',
    });
    view.unmount();

    renderInPortal(<DashboardPage />, {
      user: { ...aliceUser, autodesk_integration: true, autodesk_scope_outdated: true },
      routePath: '/',
    });
    await screen.findByText('Your design software account needs to be reconnected');
    await user.click(screen.getByRole('link', { name: 'Open profile settings' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/user/profile');
  });

  it('keeps a dismissal whose write has not been answered yet: a quick reload does not bring the warning back', async () => {
    const api = stubDashboardApi();
    const unconnected: SessionUser = { ...aliceUser, autodesk_integration: true, autodesk_connected: false };
    api.on('PATCH', '/my-account/preferences', () => new Promise(() => undefined));
    const user = userEvent.setup();
    const view = renderInPortal(<DashboardPage />, { user: unconnected, routePath: '/' });
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(api.calls('/my-account/preferences', 'PATCH')).toHaveLength(1));
    view.unmount();

    // The reload: the session still says nothing of the dismissal.
    renderInPortal(<DashboardPage />, { user: unconnected, routePath: '/' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Your design software account is not connected')).not.toBeInTheDocument();
  });

  it('shows no warning once dismissed for this problem, but warns again for another one', async () => {
    stubDashboardApi();
    const dismissed = { dismissed_design_software_warning: 'notConnected' as const };
    const view = renderInPortal(<DashboardPage />, {
      user: { ...aliceUser, autodesk_integration: true, autodesk_connected: false, preferences: dismissed },
    });
    await screen.findByTestId('count-projects');
    expect(screen.queryByText(/design software account/)).not.toBeInTheDocument();
    view.unmount();

    renderInPortal(<DashboardPage />, {
      user: {
        ...aliceUser,
        autodesk_integration: true,
        autodesk_scope_outdated: true,
        preferences: dismissed,
      },
    });
    await screen.findByText('Your design software account needs to be reconnected');
  });

  it('shows no warning where the company has the Autodesk integration off: there is nothing to connect', async () => {
    stubDashboardApi();
    renderInPortal(<DashboardPage />, {
      user: {
        ...aliceUser,
        autodesk_integration: false,
        autodesk_connected: false,
        autodesk_scope_outdated: true,
      },
    });
    await screen.findByTestId('count-projects');
    expect(screen.queryByText(/design software account/)).not.toBeInTheDocument();
  });

  it('shows no warning when the account is connected', async () => {
    stubDashboardApi();
    renderInPortal(<DashboardPage />);
    await screen.findByTestId('count-projects');
    expect(screen.queryByText(/design software account/)).not.toBeInTheDocument();
  });
});
