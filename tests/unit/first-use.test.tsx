/**
 * What a new user hits first (issue 12), in the real portal in jsdom: a record that does not exist, a record the
 * user may not see, the Back button of the error screens.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager, Query } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '@/providers/session';
import { mayAskAgain, shouldRetryQuery } from '@/providers/query-client';
import { portalI18n, renderPortal, signIn, stubApi, user } from './support/portal-app';

const VIEWER = ['view-projects', 'list-project-models', 'list-labels', 'update-labels'];

beforeAll(async () => {
  await session.start();
});

afterEach(() => {
  session.signOut('logout');
  vi.unstubAllGlobals();
});

const notFound = () =>
  Response.json({ message: 'No query results for model [App\\Models\\Project] 999999' }, { status: 404 });
const forbidden = () => Response.json({ message: 'This action is unauthorized.' }, { status: 403 });

describe('a record that cannot be shown', () => {
  it('is asked for once and shows Not found with a way back (a 404 is not retried)', async () => {
    const paths = stubApi({ '/projects/999999': notFound });
    signIn(user({ abilities: VIEWER }));
    const { router } = renderPortal('/projects/overview/999999');
    // With react-query's default retries it was asked four times (after 1 s, 2 s and 4 s more).
    await screen.findByRole('heading', { name: 'Not found' });
    expect(paths.filter((path) => path === '/projects/999999')).toHaveLength(1);
    // Nor when the tab is the user's again: react-query would refetch an errored query on focus, deciding so while
    // the focus changes (a refetch starts its query's fetch there and then).
    const fetches = vi.spyOn(Query.prototype, 'fetch');
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(fetches).not.toHaveBeenCalled();
    fetches.mockRestore();
    expect(paths.filter((path) => path === '/projects/999999')).toHaveLength(1);
    focusManager.setFocused(undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  it('shows Forbidden on an edit page the API refuses, without retrying', async () => {
    const paths = stubApi({ '/labels/7': forbidden });
    signIn(user({ abilities: VIEWER }));
    renderPortal('/tools/labels/edit/7');
    await screen.findByRole('heading', { name: '403 Forbidden' });
    expect(screen.getByText('You do not have permission to see this.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to the list' })).toBeInTheDocument();
    expect(paths.filter((path) => path === '/labels/7')).toHaveLength(1);
  });

  it('retries what may pass (no answer, 5xx, 408, 429) and never a refusal', () => {
    expect(shouldRetryQuery(0, { statusCode: 404 })).toBe(false);
    expect(shouldRetryQuery(0, { statusCode: 403 })).toBe(false);
    expect(shouldRetryQuery(0, { statusCode: 422 })).toBe(false);
    expect(shouldRetryQuery(0, { statusCode: 500 })).toBe(true);
    expect(shouldRetryQuery(0, { statusCode: 429 })).toBe(true);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(3, { statusCode: 503 })).toBe(false);
  });

  it('asks a refused query again never (on focus, on a push), one that may pass as react-query does', () => {
    expect(mayAskAgain({ state: { error: { statusCode: 404 } } })).toBe(false);
    expect(mayAskAgain({ state: { error: { statusCode: 403 } } })).toBe(false);
    expect(mayAskAgain({ state: { error: { statusCode: 500 } } })).toBe(true);
    expect(mayAskAgain({ state: { error: null } })).toBe(true);
  });
});

describe('the Back button of the error screens', () => {
  it("is the portal's styled primary button", async () => {
    stubApi();
    signIn(user({ abilities: VIEWER }));
    renderPortal('/admin/users');
    await screen.findByRole('heading', { name: '404 | Page Not Found' });
    expect(screen.getByRole('button', { name: 'Back' })).toHaveClass('ui-button', 'ui-button--primary');
  });
});

describe('notices', () => {
  const messages = () => screen.getByRole('region', { name: 'Messages' });
  const fillAndSave = async (name: string) => {
    await userEvent.type(await screen.findByLabelText('Name', {}), name);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  };

  it('shows a validation error under its field only, without a notice', async () => {
    const taken = 'The name has already been taken.';
    stubApi({
      '/projects': (init) =>
        init?.method === 'POST'
          ? Response.json({ message: taken, errors: { name: [taken] } }, { status: 422 })
          : Response.json({ data: [] }),
    });
    signIn(user({ abilities: [...VIEWER, 'create-projects'] }));
    renderPortal('/projects/create');
    await fillAndSave('Urgent');
    await screen.findByText(taken);
    expect(messages()).toBeEmptyDOMElement();
  });

  it('words any other failure without a status code', async () => {
    stubApi({
      '/projects': (init) =>
        init?.method === 'POST'
          ? Response.json({ message: 'Server Error' }, { status: 500 })
          : Response.json({ data: [] }),
    });
    signIn(user({ abilities: [...VIEWER, 'create-projects'] }));
    renderPortal('/projects/create');
    await fillAndSave('Urgent');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Something went wrong');
    expect(notice).toHaveTextContent('Server Error');
    expect(notice).not.toHaveTextContent(/status ?code|500/i);
  });

  it('shows no notice for a record the screen shows as Not found', async () => {
    stubApi({ '/projects/999999': notFound });
    signIn(user({ abilities: VIEWER }));
    renderPortal('/projects/overview/999999');
    await screen.findByRole('heading', { name: 'Not found' });
    expect(messages()).toBeEmptyDOMElement();
  });
});

describe('deleting from an overview', () => {
  it('does not ask for the deleted record again and returns to the list with the banner', async () => {
    const reads: string[] = [];
    stubApi({
      '/projects/5': (init) => {
        if (init?.method === 'DELETE')
          return Response.json({ project_name: 'Harbour Tower', status: 'successfully deleted' });
        reads.push('GET');
        return Response.json({
          data: {
            id: 5,
            name: 'Harbour Tower',
            description: 'Visualisation.',
            status: 'active',
            parent_id: null,
            preview_image: null,
            labels: [],
            users: [],
            models: [],
            sub_projects: [],
            created_at: '2026-01-02T10:00:00Z',
            updated_at: '2026-01-02T10:00:00Z',
          },
        });
      },
    });
    signIn(user({ abilities: ['view-projects', 'delete-projects'] }));
    const { router } = renderPortal('/projects/overview/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    await screen.findByText('Harbour Tower successfully deleted');
    expect(reads).toEqual(['GET']);
    expect(screen.queryByRole('heading', { name: 'Not found' })).not.toBeInTheDocument();
  });
});

describe('deleting from a list in Dutch', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  it('asks the API in Dutch, builds the banner as a Dutch sentence and puts the focus on the list', async () => {
    const languages: (string | undefined)[] = [];
    let deleted = false;
    stubApi({
      '/labels': () =>
        Response.json({
          data: deleted
            ? []
            : [{ id: 1, name: 'Urgent', color: '#f5222d', created_at: '2026-01-02T10:00:00Z' }],
          links: {},
          meta: { current_page: 1, last_page: 1, links: [], per_page: 5, total: deleted ? 0 : 1 },
        }),
      '/labels/1': (init) => {
        const language = (init?.headers as Record<string, string> | undefined)?.['Accept-Language'];
        languages.push(language);
        deleted = true;
        return Response.json({
          label_name: 'Urgent',
          status: language === 'nl' ? 'succesvol verwijderd' : 'successfully deleted',
        });
      },
    });
    signIn(user({ abilities: ['list-labels', 'delete-labels'] }));
    document.documentElement.lang = 'nl';
    renderPortal('/tools/labels', portalI18n('nl'));
    await userEvent.click(await screen.findByRole('button', { name: 'Acties voor Urgent' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bevestiging' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await screen.findByText('Urgent is succesvol verwijderd');
    expect(languages).toEqual(['nl']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Labels'));
    expect(document.activeElement).not.toBe(document.body);
  });
});

describe('keyboard', () => {
  const labels = () =>
    stubApi({
      '/labels': () =>
        Response.json({
          data: [{ id: 1, name: 'Urgent', color: '#f5222d', created_at: '2026-01-02T10:00:00Z' }],
          links: {},
          meta: { current_page: 1, last_page: 1, links: [], per_page: 5, total: 1 },
        }),
    });

  it("names the filter's search field 'Search' and closes the panel with Escape", async () => {
    labels();
    signIn(user({ abilities: ['list-labels'] }));
    renderPortal('/tools/labels');
    const toggle = await screen.findByRole('button', { name: 'Filter' });
    await userEvent.click(toggle);
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(search).toBeRequired();
    await userEvent.click(search);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('search', { name: 'Filter the list' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('starts with a skip link that leads past the navigation to the page', async () => {
    labels();
    signIn(user({ abilities: ['list-labels'] }));
    renderPortal('/tools/labels');
    await screen.findByRole('heading', { name: 'Labels' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('main')).toContainElement(document.activeElement as HTMLElement);
  });
});

describe('/portal', () => {
  it('never tells an admin (or a licensed user) that a licence is missing', async () => {
    stubApi();
    signIn(user({ admin: true, name: 'Ada Admin', abilities: [], licenses: [] }));
    const { router } = renderPortal('/portal');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText(/no license/i)).not.toBeInTheDocument();
  });

  it('still offers the platforms a user without the licence holds', async () => {
    stubApi();
    signIn(user({ abilities: VIEWER, licenses: ['design_and_sales'] }));
    renderPortal('/portal');
    await screen.findByRole('heading', {
      name: 'You have no Converter & Optimizer license for Preparation & Content',
    });
  });
});
