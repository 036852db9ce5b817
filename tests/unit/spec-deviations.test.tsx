/**
 * Issue 31, "Deviations from the spec": each test quotes the spec text it holds the portal to.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { isPermitted } from '@/lib/permissions';
import { fieldsFor } from '@/pages/form/form-values';
import ResourceListPage from '@/pages/list/ResourceListPage';
import RecyclingBinPage from '@/pages/recycling-bin/RecyclingBinPage';
import adminUsers from '@/resources/admin-users/admin-users.resource';
import { type LibraryItem, libraryItems } from '@/resources/library-items/library-items.resource';
import { type Project, projects } from '@/resources/projects/projects.resource';
import users from '@/resources/users/users.resource';
import { NAVIGATION } from '@/shell/navigation/navigation';
import { ROUTE_TABLE } from '@/shell/routes/route-table';
import { GlobalSearchPage } from '@/shell/search/GlobalSearchPage';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  type ApiStub,
  laravelList,
  RefineHarness,
  renderInPortal,
  signInAs,
  stubApi,
} from './data-provider-stub';
import { portalI18n, user } from './support/portal-app';
import { statusesOfEachTest } from './support/shown-statuses';

/** The 3-s banners each test showed, seen however long the machine took to look. */
const statuses = statusesOfEachTest();

let api: ApiStub;
beforeEach(() => {
  sessionStorage.clear();
  signInAs(aliceUser);
  tenantStore.setTenant(acmeTenant);
  api = stubApi();
});

describe('the side navigation', () => {
  it("shows Materials with list-materials: spec 1 §6 'Materials (authoring only): list-materials'", () => {
    const materials = NAVIGATION.find((item) => item.labelKey === 'nav.materials')!;
    const holding = (abilities: string[]) => isPermitted(user({ abilities }), 'hatch', materials.permission);
    expect(holding(['list-materials'])).toBe(true);
    expect(holding(['list-material-categories'])).toBe(false);
    // Authoring only.
    expect(isPermitted(user({ abilities: ['list-materials'] }), 'customerportal', materials.permission)).toBe(
      false,
    );
  });
});

describe('the user forms', () => {
  const names = (declaration: typeof users, action: 'create' | 'edit') =>
    fieldsFor(declaration.form!.fields, action).map((field) => field.name);

  it("show the licence toggles only on edit: spec 2 §2 '/security/users/edit/{userId}: user edit with role picker and licence toggles (these appear only here)'", () => {
    expect(names(users, 'edit')).toContain('licenses');
    expect(names(users, 'create')).not.toContain('licenses');
    expect(names(users, 'create')).toContain('role_id');
  });

  it("show the Admin toggle only on edit: spec 2 §Admin 'the Admin toggle appears only on admin user edit'", () => {
    expect(names(adminUsers, 'edit')).toContain('admin');
    expect(names(adminUsers, 'create')).not.toContain('admin');
  });
});

const project = (id: number, name: string): Project => ({
  id,
  parent_id: null,
  status: 'active',
  preview_image: null,
  cover_image: null,
  name,
  description: `About ${name}.`,
  labels: [],
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
  users: [],
  is_favorited: false,
  deleted_at: null,
});

describe("the projects' row menu", () => {
  it("offers Duplicate to everyone, disabled with its reason without create-projects: spec 2 §2 'Row menu: Duplicate (/projects/copy/{id}), Edit (/projects/edit/{id}, needs update-projects), Delete (needs delete-projects)'", async () => {
    api.on('GET', '/projects', { body: laravelList([project(1, 'Harbour Tower')], { perPage: 5 }) });
    signInAs({ ...aliceUser, abilities: ['view-projects'] });
    const clicks = userEvent.setup();
    render(
      <RefineHarness path="/projects" routePath="/projects" i18n={portalI18n('en')}>
        <ResourceListPage resource={projects} action="list" />
      </RefineHarness>,
    );
    await clicks.click(await screen.findByRole('button', { name: 'Actions for Harbour Tower' }));
    const menu = screen.getByRole('menu', { name: 'Actions for Harbour Tower' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(1);
    const duplicate = items[0];
    expect(duplicate).toHaveAccessibleName('Duplicate');
    expect(duplicate).toHaveAccessibleDescription(
      'Duplicating makes a new project: you need the permission to create projects',
    );
    expect(duplicate).toHaveAttribute('aria-disabled', 'true');
    // Nothing happens: the list stays (the harness shows the location only on another route).
    await clicks.click(duplicate);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Projects', level: 1 })).toBeInTheDocument();
  });
});

describe('the global search', () => {
  const search = (abilities: string[]) => {
    api
      .on('GET', '/projects', {
        body: laravelList([
          {
            id: 7,
            name: 'Harbour Tower',
            description: 'Waterfront offices',
            updated_at: '2025-03-01T10:00:00Z',
          },
        ]),
      })
      .on('GET', '/users', {
        body: laravelList([{ id: 5, name: 'Harbour Master', email: 'master@acme.test' }]),
      });
    return renderInPortal(<GlobalSearchPage />, {
      path: '/global-search?search=harbour',
      routePath: '/global-search',
      user: { ...aliceUser, abilities },
    });
  };

  it("opens a row's target on a click anywhere on the row: spec 1 §2.6 'Row click targets: project /projects/overview/{id}'", async () => {
    search(['view-projects']);
    const projectsGroup = await screen.findByRole('region', { name: 'Projects' });
    await userEvent.click(await within(projectsGroup).findByText('Waterfront offices'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/overview/7');
  });

  it("does not open user rows without update-users: spec 1 §2.6 'User, role, group, label and property-map rows navigate only when the user has update-users, …'", async () => {
    search(['view-system-users']);
    const usersGroup = await screen.findByRole('region', { name: 'Users' });
    await userEvent.click(await within(usersGroup).findByText('master@acme.test'));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Users' })).toBeInTheDocument();
  });
});

const item = (id: number, name: string): LibraryItem => ({
  id,
  name,
  description: null,
  preview_image_url: null,
  status: 'FINISHED',
  status_color: '#52c41a',
  libraries: [],
  is_deletable: true,
  deletable: true,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  deleted_at: null,
  uploader_name: null,
  latest_geometry_event: null,
});

describe('the grid view', () => {
  it("offers spec 2 §9's 'Sort choices: Name, Created, Modified, ascending or descending'", async () => {
    api.on('GET', '/libraries/items', { body: laravelList([item(1, 'Oak chair'), item(2, 'Ash table')]) });
    const clicks = userEvent.setup();
    render(
      <RefineHarness path="/items" routePath="/items" i18n={portalI18n('en')}>
        <ResourceListPage resource={libraryItems} action="list" />
      </RefineHarness>,
    );
    await screen.findByText('Oak chair');
    // The grid is the list's first view: no column headers to sort by.
    expect(screen.queryByRole('columnheader')).not.toBeInTheDocument();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Name (A–Z)',
      'Name (Z–A)',
      'Created (newest first)',
      'Created (oldest first)',
      'Modified (newest first)',
      'Modified (oldest first)',
    ]);
    // The declared default, -updated_at, is 'Modified (newest first)'.
    expect(sort).toHaveDisplayValue('Modified (newest first)');
    await clicks.selectOptions(sort, 'Name (A–Z)');
    await waitFor(() => expect(api.calls('/libraries/items').at(-1)!.query.get('sort')).toBe('name'));
    await clicks.selectOptions(sort, 'Created (oldest first)');
    await waitFor(() => expect(api.calls('/libraries/items').at(-1)!.query.get('sort')).toBe('created_at'));
    expect(sort).toHaveDisplayValue('Created (oldest first)');
  });
});

describe('the recycling bin', () => {
  it("has every list's Filter toggle: spec 2 §2 'Every list screen has: a title bar, a Filter toggle opening a panel (search, rows per page, reset)'", async () => {
    const trashed = Array.from({ length: 10 }, (_, index) => ({
      ...project(index + 1, `Old project ${index + 1}`),
      deleted_at: new Date().toISOString(),
    }));
    api.on('GET', '/projects', (request) => ({
      body: laravelList(trashed.slice(0, Number(request.query.get('per_page'))), {
        total: 12,
        perPage: Number(request.query.get('per_page')),
      }),
    }));
    const clicks = userEvent.setup();
    render(
      <RefineHarness path="/tools/trash" routePath="/tools/trash" i18n={portalI18n('en')}>
        <RecyclingBinPage />
      </RefineHarness>,
    );
    await screen.findByText('Old project 1');
    expect(api.calls('/projects')[0].query.get('trashed')).toBe('1');
    // 12 trashed, 10 a page: two pages, so more than 3 links.
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Filter' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await clicks.click(toggle);
    const panel = screen.getByRole('search', { name: 'Filter the list' });
    const search = within(panel).getByRole('textbox', { name: 'Search' });
    expect(search).toBeRequired();
    await clicks.type(search, 'old');
    await waitFor(() => expect(api.calls('/projects').at(-1)!.query.get('filter[search]')).toBe('old'));
    expect(api.calls('/projects').at(-1)!.query.get('trashed')).toBe('1');

    await clicks.selectOptions(within(panel).getByRole('combobox', { name: 'Rows per page' }), '20');
    await waitFor(() => expect(api.calls('/projects').at(-1)!.query.get('per_page')).toBe('20'));

    await clicks.click(within(panel).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(api.calls('/projects').at(-1)!.query.get('per_page')).toBe('5'));
    expect(api.calls('/projects').at(-1)!.query.get('filter[search]')).toBeNull();
    expect(search).toHaveValue('');
  });
});

describe('the FAQ list', () => {
  const categories = [
    { id: 1, name: 'Getting started', questions_count: 2 },
    { id: 2, name: 'Uploads', questions_count: 1 },
  ].map((category) => ({
    ...category,
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-03T10:00:00.000Z',
  }));

  /** The page the route table binds to /faq, as an administrator. */
  async function renderFaq() {
    signInAs({ ...aliceUser, admin: true, abilities: [] });
    const Page = await ROUTE_TABLE.find((entry) => entry.path === 'faq')!.page!();
    return render(
      <RefineHarness path="/faq" routePath="/faq" i18n={portalI18n('en')}>
        <Page />
      </RefineHarness>,
    );
  }

  it("has the Filter toggle and pages only with more than 3 links: spec 2 §2 'Every list screen has: a title bar, a Filter toggle opening a panel (search, rows per page, reset)', §9 'Pagination shown only when more than 3 links'", async () => {
    api.on('GET', '/questions/categories', (request) => ({
      body: laravelList(categories, { total: 12, perPage: Number(request.query.get('per_page')) }),
    }));
    const clicks = userEvent.setup();
    await renderFaq();
    await screen.findByText('Getting started');
    expect(api.calls('/questions/categories')[0].query.get('sort')).toBe('-updated_at');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New FAQ' })).toBeInTheDocument();

    await clicks.click(screen.getByRole('button', { name: 'Filter' }));
    const panel = screen.getByRole('search', { name: 'Filter the list' });
    // Spec 2 §5: 'Filter menu search input is required', marked so before anything is typed.
    const search = within(panel).getByRole('textbox', { name: 'Search' });
    expect(search).toBeRequired();
    await clicks.type(search, 'upl');
    await waitFor(() =>
      expect(api.calls('/questions/categories').at(-1)!.query.get('filter[search]')).toBe('upl'),
    );
    expect(within(panel).getByRole('combobox', { name: 'Rows per page' })).toHaveDisplayValue('5');
    expect(within(panel).getByRole('button', { name: 'Reset' })).toBeInTheDocument();
  });

  it("shows a renamed category at once: spec 2 §4 'FAQ rename: Edit turns the name into an input; saving on blur or Enter'", async () => {
    let names = categories;
    api
      .on('GET', '/questions/categories', () => ({ body: laravelList(names, { perPage: 5 }) }))
      .on('PATCH', '/admin/questions/categories/:id', (request, params) => {
        const { name } = request.body as { name: string };
        names = names.map((category) =>
          category.id === Number(params.id) ? { ...category, name } : category,
        );
        return { body: { data: names.find((category) => category.id === Number(params.id)) } };
      });
    const clicks = userEvent.setup();
    await renderFaq();
    await clicks.click(await screen.findByRole('button', { name: 'Actions for Getting started' }));
    await clicks.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const input = await screen.findByRole('textbox', { name: 'New name for Getting started' });
    await waitFor(() => expect(input).toHaveFocus());
    await clicks.clear(input);
    await clicks.type(input, 'First steps{Enter}');
    await screen.findByText('First steps');
    expect(api.calls('/admin/questions/categories/1', 'PATCH')[0].body).toEqual({ name: 'First steps' });
    expect(screen.queryByRole('textbox', { name: /^New name for/ })).not.toBeInTheDocument();
    // Nothing was opened by the Enter.
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("says 'Category deleted successfully' after a delete: spec 2 §4 'Delete: 'Category deleted successfully''", async () => {
    api
      .on('GET', '/questions/categories', { body: laravelList(categories, { perPage: 5 }) })
      .on('DELETE', '/admin/questions/categories/:id', {
        body: { category_name: 'Uploads', status: 'deleted' },
      });
    const clicks = userEvent.setup();
    await renderFaq();
    await clicks.click(await screen.findByRole('button', { name: 'Actions for Uploads' }));
    await clicks.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this category and all its questions? This action is irreversible!',
    );
    await clicks.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await statuses.shown('Category deleted successfully');
    expect(api.calls('/admin/questions/categories/2', 'DELETE')).toHaveLength(1);
  });
});
