/**
 * "A second entity by declaration alone": an entity declared only with `defineResource` (no page code of its own)
 * gets the generic list (rows, sorting, row menu with delete and its banner) and the generic form (create, with
 * the server's validation under the field), the same pages the projects use. Then the list anatomy every list
 * shares (spec 2 §2, §9), on the projects declaration: filters, URL state, pagination, loading, empty, 403,
 * stored sorts, row links and the row menu.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ResourceFormPage from '@/pages/form/ResourceFormPage';
import ResourceListPage from '@/pages/list/ResourceListPage';
import { type Project, projects } from '@/resources/projects/projects.resource';
import { defineResource } from '@/declarations/types';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  type ApiStub,
  laravelList,
  RefineHarness,
  signInAs,
  holdingSecondRead,
  renderInPortal,
  stubApi,
  stubLive,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';
import { statusesOfEachTest } from './support/shown-statuses';

/** The 3-s banners each test showed, seen however long the machine took to look. */
const statuses = statusesOfEachTest();

interface Label {
  id: number;
  name: string;
  color: string;
  created_at: string;
}

// Texts from an existing namespace: a real entity would bring its own public/locales/{en,nl}/<ns>.json.
const labels = defineResource<Label>({
  name: 'labels',
  ns: 'projects',
  screen: 'labels',
  idParam: 'labelId',
  routes: { list: 'tools/labels', create: 'tools/labels/create', edit: 'tools/labels/edit/:labelId' },
  permission: { ability: 'list-labels' },
  actions: { create: { ability: 'create-labels' }, delete: { ability: 'delete-labels' } },
  list: {
    sortKey: 'tools_labels',
    defaultSort: '-created_at',
    pageSize: 5,
    columns: [
      { field: 'name', titleKey: 'columns.name', sort: 'name' },
      { field: 'created_at', titleKey: 'columns.created', kind: 'date', sort: 'created_at' },
    ],
  },
  form: { fields: [{ name: 'name', labelKey: 'fields.name', kind: 'text', required: true }] },
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'label_name' },
});

const rows = [
  { id: 1, name: 'Urgent', color: '#f5222d', created_at: '2026-01-02T10:00:00.000Z' },
  { id: 2, name: 'Concept', color: '#722ed1', created_at: '2026-01-01T10:00:00.000Z' },
];

let api: ApiStub;
beforeEach(() => {
  signInAs(aliceUser);
  tenantStore.setTenant(acmeTenant);
  api = stubApi().on('GET', '/labels', { body: laravelList(rows, { perPage: 5 }) });
});

describe('an entity declared once', () => {
  it('is listed, sorted and deleted by the generic list page', async () => {
    api.on('DELETE', '/labels/:id', { body: { label_name: 'Urgent', status: 'successfully deleted' } });
    const user = userEvent.setup();
    render(
      <RefineHarness path="/tools/labels" routePath="/tools/labels" i18n={portalI18n('en')}>
        <ResourceListPage resource={labels} action="list" />
      </RefineHarness>,
    );
    await screen.findByText('Urgent');
    expect(api.calls('/labels')[0].query.get('sort')).toBe('-created_at');
    expect(screen.getByRole('button', { name: 'New Project' })).toBeInTheDocument();

    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader).not.toHaveAttribute('aria-sort');
    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(api.calls('/labels').at(-1)!.query.get('sort')).toBe('name'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Actions for Urgent' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText(/^Are you sure you want to delete this project/)).toBeInTheDocument();
    expect(api.calls('/labels/1', 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await statuses.shown('Urgent successfully deleted');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('/labels/1', 'DELETE')).toHaveLength(1);
  });

  it('keeps its rows usable while they are fetched again in the background', async () => {
    // The read after a live event stays unanswered meanwhile.
    const labelsRead = holdingSecondRead(() => ({ body: laravelList(rows, { perPage: 5 }) }));
    api.on('GET', '/labels', labelsRead.handler);
    const user = userEvent.setup();
    const live = stubLive();
    renderInPortal(<ResourceListPage resource={labels} action="list" />, {
      path: '/tools/labels',
      routePath: '/tools/labels',
      live,
      liveMode: 'auto',
      i18n: portalI18n('en'),
    });
    await screen.findByText('Urgent');
    act(() => live.emit('resources/labels', '*', { ids: [1] }));
    await waitFor(() => expect(labelsRead.reads()).toBe(2));

    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
    await user.click(screen.getByRole('button', { name: 'Actions for Urgent' }));
    await screen.findByRole('menuitem', { name: 'Delete' });
  });

  it('is created through the generic form, with server validation under the field', async () => {
    api.on('POST', '/labels', {
      status: 422,
      body: {
        message: 'The name has already been taken.',
        errors: { name: ['The name has already been taken.'] },
      },
    });
    const user = userEvent.setup();
    render(
      <RefineHarness path="/tools/labels/create" routePath="/tools/labels/create" i18n={portalI18n('en')}>
        <ResourceFormPage resource={labels} action="create" />
      </RefineHarness>,
    );
    await user.type(await screen.findByLabelText('Name'), 'Urgent');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The name has already been taken.');
    expect(api.calls('/labels', 'POST')[0].body).toEqual({ name: 'Urgent' });
  });

  it('hides what the user may not do', async () => {
    signInAs({ ...aliceUser, abilities: ['list-labels'] });
    render(
      <RefineHarness path="/tools/labels" routePath="/tools/labels" i18n={portalI18n('en')}>
        <ResourceListPage resource={labels} action="list" />
      </RefineHarness>,
    );
    await screen.findByText('Urgent');
    expect(screen.queryByRole('button', { name: 'New Project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });
});

const project = (id: number, name: string, overrides: Partial<Project> = {}): Project => ({
  id,
  parent_id: null,
  status: 'active',
  preview_image: null,
  cover_image: null,
  name,
  description: `About ${name}.`,
  labels: [{ id: 1, name: 'Urgent', color: '#f5222d' }],
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
  users: [
    { id: 2, name: 'Alice Anders', function: '3D artist', email: 'alice@acme.test', profile_image: null },
  ],
  is_favorited: false,
  deleted_at: null,
  ...overrides,
});

const PROJECTS = [project(1, 'Harbour Tower'), project(2, 'Atrium Mall', { status: 'inactive', labels: [] })];
const LABEL_FILTERS = {
  meta_data: {
    filters: {
      labels: [
        { id: 1, name: 'Urgent', color: '#f5222d' },
        { id: 4, name: 'Concept', color: '#722ed1' },
      ],
    },
  },
};

function renderProjects(path = '/projects') {
  return render(
    <RefineHarness path={path} routePath="/projects" i18n={portalI18n('en')}>
      <ResourceListPage resource={projects} action="list" />
    </RefineHarness>,
  );
}

describe('the list anatomy (projects)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    api = stubApi().on('GET', '/projects', (request) => ({
      body: {
        ...laravelList(PROJECTS, {
          perPage: Number(request.query.get('per_page')),
          page: Number(request.query.get('page')),
          total: 12,
        }),
        ...LABEL_FILTERS,
      },
    }));
  });
  const lastCall = () => api.calls('/projects').at(-1)!.query;

  it('filters: search 250 ms after typing stops, the declared filters, rows per page and Reset', async () => {
    const user = userEvent.setup();
    renderProjects();
    await screen.findByText('Harbour Tower');
    const toggle = screen.getByRole('button', { name: 'Filter' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('search', { name: 'Filter the list' });

    const search = within(panel).getByRole('textbox', { name: 'Search' });
    expect(search).toBeRequired();
    // Keystrokes 100 ms apart on a fake clock (typing may take any time on a busy machine): the search is applied
    // 250 ms after the last one, not before.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const typed of ['h', 'ha', 'har', 'harb']) {
        fireEvent.change(search, { target: { value: typed } });
        act(() => vi.advanceTimersByTime(100));
      }
      act(() => vi.advanceTimersByTime(149));
      expect(lastCall().get('filter[search]')).toBeNull();
      act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(lastCall().get('filter[search]')).toBe('harb'));
    // One call for the whole word, none per keystroke.
    expect(api.calls('/projects').filter((call) => call.query.has('filter[search]'))).toHaveLength(1);

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Status' }), 'Inactive');
    await waitFor(() => expect(lastCall().get('filter[status]')).toBe('inactive'));

    await user.click(within(panel).getByRole('button', { name: 'Label Any' }));
    await user.click(screen.getByRole('checkbox', { name: 'Concept' }));
    await user.click(screen.getByRole('checkbox', { name: 'Urgent' }));
    await waitFor(() => expect(lastCall().get('filter[label]')).toBe('1,4'));
    await user.keyboard('{Escape}');
    expect(within(panel).getByRole('button', { name: 'Label Urgent, Concept' })).toHaveFocus();

    const rowsPerPage = within(panel).getByRole('combobox', { name: 'Rows per page' });
    expect([...rowsPerPage.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      '5',
      '10',
      '15',
      '20',
      '25',
    ]);
    await user.selectOptions(rowsPerPage, '20');
    await waitFor(() => expect(lastCall().get('per_page')).toBe('20'));

    await user.click(within(panel).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(lastCall().get('per_page')).toBe('5'));
    expect(lastCall().get('page')).toBe('1');
    expect(lastCall().get('filter[search]')).toBeNull();
    expect(lastCall().get('filter[status]')).toBeNull();
    expect(lastCall().get('filter[label]')).toBeNull();
    expect(search).toHaveValue('');
  });

  it('reads page, sort, search and filters from the URL, and pages when there are more than 3 links', async () => {
    const user = userEvent.setup();
    renderProjects('/projects?page=2&sort=name&search=tower&status=active');
    await screen.findByText('Harbour Tower');
    const first = api.calls('/projects')[0].query;
    expect(
      Object.fromEntries(
        ['page', 'per_page', 'sort', 'filter[search]', 'filter[status]'].map((key) => [key, first.get(key)]),
      ),
    ).toEqual({
      page: '2',
      per_page: '5',
      sort: 'name',
      'filter[search]': 'tower',
      'filter[status]': 'active',
    });
    // A filtered list opens with its filter panel showing what filters it.
    const panel = screen.getByRole('search', { name: 'Filter the list' });
    expect(within(panel).getByRole('textbox', { name: 'Search' })).toHaveValue('tower');
    expect(within(panel).getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Active');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('6–10 of 12')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pages).getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastCall().get('page')).toBe('3'));
    expect(lastCall().get('sort')).toBe('name');
  });

  it('has no pagination for a single page', async () => {
    api.on('GET', '/projects', { body: { ...laravelList(PROJECTS, { perPage: 5 }), ...LABEL_FILTERS } });
    renderProjects();
    await screen.findByText('Harbour Tower');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it("shows a loading placeholder, then 'no results found'", async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    api.on('GET', '/projects', () => new Promise((resolve) => (answer = resolve)));
    renderProjects();
    await screen.findByRole('status', { name: 'Loading...' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    answer({ body: laravelList([], { perPage: 5 }) });
    await screen.findByRole('cell', { name: 'no results found' });
    expect(screen.queryByRole('status', { name: 'Loading...' })).not.toBeInTheDocument();
  });

  it('shows the Forbidden (403) page when the API refuses the list', async () => {
    api.on('GET', '/projects', { status: 403, body: { message: 'This action is unauthorized.' } });
    renderProjects();
    await screen.findByRole('heading', { name: '403 Forbidden', level: 1 });
    expect(screen.getByText('You do not have permission to see this list.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the sort the user chose for this list in user_sorts, with antd’s order cycle', async () => {
    const user = userEvent.setup();
    const { unmount } = renderProjects();
    await screen.findByText('Harbour Tower');
    expect(lastCall().get('sort')).toBe('-created_at');
    const created = screen.getByRole('columnheader', { name: 'Created' });
    expect(created).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(created).getByRole('button'));
    await waitFor(() => expect(lastCall().get('sort')).toBe('created_at'));
    await user.click(within(screen.getByRole('columnheader', { name: 'Name' })).getByRole('button'));
    await waitFor(() => expect(lastCall().get('sort')).toBe('name'));
    await user.click(within(screen.getByRole('columnheader', { name: 'Name' })).getByRole('button'));
    await waitFor(() => expect(lastCall().get('sort')).toBe('-name'));
    expect(JSON.parse(sessionStorage.getItem('user_sorts') ?? '{}')).toEqual({ projects: '-name' });

    unmount();
    renderProjects();
    await screen.findByText('Harbour Tower');
    expect(lastCall().get('sort')).toBe('-name');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('opens a project by a row click', async () => {
    const user = userEvent.setup();
    renderProjects();
    await user.click(await screen.findByText('Atrium Mall'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/overview/2');
  });

  it('opens a project by Enter on its row', async () => {
    const user = userEvent.setup();
    renderProjects();
    const row = (await screen.findByText('Harbour Tower')).closest('tr')!;
    row.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/overview/1');
  });

  it('opens the labels tab with the plus of a row, not the overview', async () => {
    const user = userEvent.setup();
    renderProjects();
    const row = (await screen.findByText('Harbour Tower')).closest('tr')!;
    expect(within(row).getByText('Urgent')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Add a label' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/edit/1?tab=5');
  });

  it('offers the row actions in a keyboard menu: Duplicate and Edit lead to their forms', async () => {
    const user = userEvent.setup();
    renderProjects();
    const trigger = await screen.findByRole('button', { name: 'Actions for Harbour Tower' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Actions for Harbour Tower' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Duplicate', 'Edit', 'Delete']);
    expect(within(menu).getByRole('menuitem', { name: 'Duplicate' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/edit/1');
  });

  it('shows the refusal of a delete as an alert and keeps the row', async () => {
    api.on('DELETE', '/projects/:id', {
      status: 500,
      body: { message: 'The project could not be deleted.' },
    });
    const user = userEvent.setup();
    renderProjects();
    await user.click(await screen.findByRole('button', { name: 'Actions for Harbour Tower' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this project and all its descendants? This action is irreversible!',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The project could not be deleted.');
    expect(screen.getByText('Harbour Tower')).toBeInTheDocument();
  });

  it('cancels a delete without calling the API', async () => {
    const user = userEvent.setup();
    renderProjects();
    await user.click(await screen.findByRole('button', { name: 'Actions for Harbour Tower' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('/projects/1', 'DELETE')).toHaveLength(0);
  });
});
