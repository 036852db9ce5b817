import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/session';
import { GlobalSearchBox } from '@/shell/search/GlobalSearchBox';
import { GlobalSearchPage } from '@/shell/search/GlobalSearchPage';
import { Toaster } from '@/ui/toast';
import { SEARCH_GROUPS } from '@/shell/search/search-groups';
import { CHECKBOX_STATES_KEY, loadCategories, saveCategories } from '@/shell/search/search-settings';
import {
  aliceUser,
  laravelList,
  LocationProbe,
  renderInPortal,
  signInAs,
  stubApi,
} from './data-provider-stub';

function stubSearchApi() {
  return stubApi()
    .on('GET', '/projects', {
      body: laravelList([
        {
          id: 7,
          name: 'Harbour Tower',
          description: 'Waterfront offices',
          updated_at: '2025-03-01T10:00:00Z',
        },
        { id: 8, name: 'Harbour Bridge', description: null, updated_at: '2025-02-01T10:00:00Z' },
      ]),
    })
    .on('GET', '/projects/models', {
      body: laravelList([{ id: 31, name: 'Harbour Tower facade', status: 'FINISHED' }]),
    })
    .on('GET', '/libraries', { body: laravelList([]) })
    .on('GET', '/users', {
      body: laravelList([{ id: 5, name: 'Harbour Master', email: 'master@acme.test' }]),
    })
    .on('GET', '/labels', { status: 500, body: { message: 'Server Error' } });
}

beforeEach(() => sessionStorage.clear());

afterEach(() => {
  vi.unstubAllGlobals();
  signInAs(null);
});

// The search's groups, their permissions, order, sort and targets, and when a search may run (the rules the
// page follows, without rendering): search-groups.test.ts.

describe('search settings', () => {
  it('keeps the category switches in session storage under checkboxStates', () => {
    sessionStorage.setItem(CHECKBOX_STATES_KEY, JSON.stringify({ projectsList: { active: true } }));
    saveCategories({ projects: false, labels: true });
    expect(JSON.parse(sessionStorage.getItem(CHECKBOX_STATES_KEY)!)).toEqual({
      projectsList: { active: true },
      globalSearch: { projects: false, labels: true },
    });
    expect(loadCategories()).toEqual({ projects: false, labels: true });
  });
});

describe('GlobalSearchPage', () => {
  it('searches every permitted group and shows the ones with results', async () => {
    const api = stubSearchApi();
    // Six groups: with results, without, a missing endpoint (materials) and a failing one (labels).
    const searcher: SessionUser = {
      ...aliceUser,
      abilities: [
        'view-projects',
        'list-project-models',
        'list-libraries',
        'list-materials',
        'view-system-users',
        'update-users',
        'list-labels',
      ],
    };
    renderInPortal(<GlobalSearchPage />, {
      path: '/global-search?search=harbour',
      routePath: '/global-search',
      user: searcher,
    });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Search results for: "harbour"' }),
    ).toBeInTheDocument();
    const projects = await screen.findByRole('region', { name: 'Projects' });
    expect(decodeURIComponent(api.calls('/projects')[0].query.toString())).toBe(
      'per_page=25&page=1&sort=-updated_at&filter[search]=harbour',
    );
    expect(await within(projects).findByRole('link', { name: 'Harbour Tower' })).toHaveAttribute(
      'href',
      '/projects/overview/7',
    );
    expect(within(projects).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/projects');
    await screen.findByRole('region', { name: 'Models' });
    expect(api.calls('/users')[0].query.get('sort')).toBe('email_verified_at');
    const users = await screen.findByRole('region', { name: 'Users' });
    expect(await within(users).findByRole('link', { name: 'View Users' })).toHaveAttribute(
      'href',
      '/security/users',
    );
    expect(within(users).getByRole('link', { name: 'Harbour Master' })).toHaveAttribute(
      'href',
      '/security/users/edit/5',
    );

    // No matches: no group; a missing endpoint (404): nothing at all; a failing one: a short note.
    await waitFor(() => expect(api.calls('/materials')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Libraries' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Materials' })).not.toBeInTheDocument();
    const labels = await screen.findByRole('region', { name: 'Labels' });
    expect(
      await within(labels).findByText('This category could not be searched right now.'),
    ).toBeInTheDocument();
    const summary = screen.getByRole('navigation', { name: 'Results per category' });
    await waitFor(() => expect(within(summary).getByRole('button', { name: /Libraries/ })).toBeDisabled());
    expect(within(summary).queryByRole('button', { name: /Materials/ })).not.toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: /Projects/ })).toHaveTextContent('2');
  });

  it('opens user rows only with update-users and navigates a row to its page', async () => {
    stubSearchApi();
    const user = userEvent.setup();
    const viewer: SessionUser = { ...aliceUser, abilities: ['view-projects', 'view-system-users'] };
    renderInPortal(<GlobalSearchPage />, {
      path: '/global-search?search=harbour',
      routePath: '/global-search',
      user: viewer,
    });

    const users = await screen.findByRole('region', { name: 'Users' });
    await within(users).findByText('Harbour Master');
    expect(within(users).queryByRole('link', { name: 'Harbour Master' })).not.toBeInTheDocument();

    await user.click(
      within(await screen.findByRole('region', { name: 'Projects' })).getByRole('link', {
        name: 'Harbour Bridge',
      }),
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/overview/8');
  });

  it('refuses an empty term', async () => {
    const api = stubSearchApi();
    renderInPortal(<GlobalSearchPage />, { path: '/global-search?search=%20', routePath: '/global-search' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The search term cannot be empty. Please enter a valid search term.',
    );
    expect(api.requests).toHaveLength(0);
  });

  it('tells the user when every category is switched off', async () => {
    const api = stubSearchApi();
    saveCategories(Object.fromEntries(SEARCH_GROUPS.map((group) => [group.key, false])));
    renderInPortal(<GlobalSearchPage />, {
      path: '/global-search?search=harbour',
      routePath: '/global-search',
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'All search categories have been disabled. Re-enable a search category using the filters menu.',
    );
    expect(api.requests).toHaveLength(0);
  });

  describe('the filter menu', () => {
    /** Two groups keep these renders light: projects and users. */
    const searcher: SessionUser = {
      ...aliceUser,
      abilities: ['view-projects', 'view-system-users', 'update-users'],
    };

    async function openFilters() {
      const api = stubSearchApi();
      const user = userEvent.setup();
      renderInPortal(<GlobalSearchPage />, {
        path: '/global-search?search=harbour',
        routePath: '/global-search',
        user: searcher,
      });
      await within(await screen.findByRole('region', { name: 'Users' })).findByText('Harbour Master');
      await user.click(screen.getByRole('button', { name: /Filter Search/ }));
      const drawer = await screen.findByRole('dialog', { name: 'Filter Search' });
      return { api, user, drawer };
    }

    it('requires a term and applies a new one 250 ms after the last keystroke', async () => {
      const { api, user, drawer } = await openFilters();
      const term = within(drawer).getByLabelText(/Search term/);

      await user.clear(term);
      expect(
        within(drawer).getByText('The search term cannot be empty. Please enter a valid search term.'),
      ).toBeInTheDocument();
      // Keystrokes 100 ms apart on a fake clock (typing may take any time on a busy machine): the term is applied
      // 250 ms after the last one, not before.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        for (const typed of ['t', 'to', 'tow', 'towe', 'tower']) {
          fireEvent.change(term, { target: { value: typed } });
          act(() => vi.advanceTimersByTime(100));
        }
        act(() => vi.advanceTimersByTime(149));
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('harbour');
        act(() => vi.advanceTimersByTime(1));
      } finally {
        vi.useRealTimers();
      }
      await waitFor(() =>
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search results for: "tower"'),
      );
      expect(api.calls('/projects').at(-1)!.query.get('filter[search]')).toBe('tower');
    });

    it('switches categories off and keeps the choice for the session', async () => {
      const { user, drawer } = await openFilters();

      await user.click(within(drawer).getByRole('checkbox', { name: 'Projects' }));

      await waitFor(() => expect(screen.queryByRole('region', { name: 'Projects' })).not.toBeInTheDocument());
      expect(screen.getByRole('region', { name: 'Users' })).toBeInTheDocument();
      expect(loadCategories()).toEqual({ projects: false });
    });

    it('changes rows per page (5 to 25) and the sort', async () => {
      const { api, user, drawer } = await openFilters();

      await user.click(within(drawer).getByRole('combobox', { name: 'Rows per page' }));
      const dropdown = await waitFor(() => document.querySelector<HTMLElement>('.ant-select-dropdown')!);
      expect(
        within(dropdown)
          .getAllByTitle(/^\d+$/)
          .map((option) => option.title),
      ).toEqual(['5', '10', '15', '20', '25']);
      await user.click(within(dropdown).getByTitle('10'));
      await waitFor(() => expect(api.calls('/users').at(-1)!.query.get('per_page')).toBe('10'));

      await user.click(within(drawer).getByRole('combobox', { name: 'Sort by' }));
      await user.click(await screen.findByTitle('Name (A–Z)'));
      await waitFor(() => expect(api.calls('/users').at(-1)!.query.get('sort')).toBe('name'));
    });

    it('shows the results as a grid', async () => {
      const { user, drawer } = await openFilters();

      await user.click(within(drawer).getByText('Grid'));

      const users = screen.getByRole('region', { name: 'Users' });
      expect(within(users).queryByRole('table')).not.toBeInTheDocument();
      expect(within(users).getByRole('listitem')).toHaveTextContent('Harbour Master');
      expect(within(users).getByRole('link', { name: 'View Users' })).toBeInTheDocument();
    });
  });
});

describe('GlobalSearchBox', () => {
  it('goes to the search page with the term, and refuses an empty one', async () => {
    stubApi();
    const user = userEvent.setup();
    renderInPortal(
      <>
        <GlobalSearchBox />
        <LocationProbe />
        <Toaster label="Messages" closeLabel="Close" />
      </>,
      { path: '/projects' },
    );
    const box = screen.getByRole('searchbox', { name: 'Search the portal' });

    await user.type(box, '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The search term cannot be empty. Please enter a valid search term.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/projects');

    await user.clear(box);
    await user.type(box, 'Harbour Tower{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/global-search?search=Harbour%20Tower');
    expect(screen.getByRole('searchbox', { name: 'Search the portal' })).toHaveValue('Harbour Tower');
  });

  it('on a phone opens the box in a dialog from a button, and closes it after searching', async () => {
    stubApi();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const user = userEvent.setup();
    renderInPortal(
      <>
        <GlobalSearchBox />
        <LocationProbe />
      </>,
      { path: '/projects' },
    );
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Open search' });

    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Search the portal' });
    await waitFor(() =>
      expect(within(dialog).getByRole('searchbox', { name: 'Search the portal' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());

    await user.click(button);
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search the portal' })).toHaveFocus());
    await user.keyboard('Lakeside{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/global-search?search=Lakeside');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
