/**
 * Saved views on a declared list (issue 33), over the real data provider and a stubbed API: the list opens with the
 * user's default view (from the session) when its URL says nothing of its own, in its first request; the 'Views'
 * menu asks for the views only when opened, applies a picked one to the URL state, saves the current state under a
 * name with the server's 422 shown under the field, and makes the shown view the user's default. Issue 42: the
 * Filter button counts the filters, Reset takes the list back to its defaults, the Views button names the view the
 * list is in (from the first paint after a reload) and marks it modified, 'Update' writes the list's state into it,
 * and 'Manage views…' renames, sets as default and deletes any view.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SavedViewStateValue } from '@shared/entities/saved-view-values';
import type { SavedView } from '@shared/entities/saved-views';
import type { SessionUser } from '@shared/session';
import ResourceListPage from '@/pages/list/ResourceListPage';
import { defineResource } from '@/declarations/types';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  type ApiStub,
  laravelList,
  RefineHarness,
  signInAs,
  stubApi,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';

interface Widget {
  id: number;
  name: string;
  status: string;
}

// A permission names only real abilities (shared/abilities.ts): the widgets borrow the labels'.
const widgets = defineResource<Widget>({
  name: 'widgets',
  ns: 'widgets',
  screen: 'widgets',
  idParam: 'widgetId',
  routes: { list: 'widgets' },
  permission: { ability: 'list-labels' },
  list: {
    sortKey: 'saved_view_widgets',
    defaultSort: '-created_at',
    pageSize: 5,
    columns: [{ field: 'name', titleKey: 'columns.name', sort: 'name' }],
    filters: [
      {
        key: 'status',
        labelKey: 'columns.status',
        options: [
          { value: 'FINISHED', labelKey: 'values.finished' },
          { value: 'FAILED', labelKey: 'values.failed' },
        ],
      },
    ],
  },
});

const FINISHED_BY_NAME: SavedViewStateValue = {
  filters: { status: ['FINISHED'] },
  sort: 'name',
  per_page: 10,
  view: 'list',
};

const savedView: SavedView = {
  id: 7,
  list: 'widgets',
  name: 'Finished by name',
  state: FINISHED_BY_NAME,
  is_default: false,
  created_at: '2026-11-27T10:00:00Z',
  updated_at: '2026-11-27T10:00:00Z',
};

let api: ApiStub;
beforeEach(() => {
  sessionStorage.clear();
  tenantStore.setTenant(acmeTenant);
  api = stubApi()
    .on('GET', '/widgets', { body: laravelList([{ id: 1, name: 'Anchor', status: 'FINISHED' }]) })
    .on('GET', '/saved-views', { body: laravelList([savedView]) })
    .on('GET', '/auth/validate', {
      body: {
        access_token: 'token-123',
        token_type: 'Bearer',
        expires_at: '2099-01-01T00:00:00Z',
        user: aliceUser,
      },
    });
});
afterEach(cleanup);

function Screen() {
  const location = useLocation();
  return (
    <>
      <ResourceListPage resource={widgets} action="list" />
      <output data-testid="location">{location.search}</output>
    </>
  );
}

function renderList(path = '/widgets', user: SessionUser = aliceUser) {
  signInAs({ ...user, abilities: ['list-labels'] });
  const i18n = portalI18n('en');
  i18n.addResourceBundle('en', 'widgets', { title: 'Widgets', columns: { name: 'Name', status: 'Status' } });
  render(
    <RefineHarness path={path} i18n={i18n}>
      <Screen />
    </RefineHarness>,
  );
}

const listQueries = () => api.calls('/widgets').map((request) => request.query);
const location = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');

async function openViews(user: ReturnType<typeof userEvent.setup>) {
  // The menu's own button, once its chunk is in (after the list's paint): a press on the stand-in is the subject of
  // saved-views-button.test.tsx; here the button must not be swapped between finding it and pressing it.
  const name = /^(Views|View: .+)$/;
  await waitFor(() =>
    expect(screen.getByRole('button', { name }).closest('.ui-menu-trigger')).not.toBeNull(),
  );
  await user.click(screen.getByRole('button', { name }));
  return screen.findByRole('menu');
}

describe('the default view', () => {
  it('opens the list with the user’s default when the URL says nothing, in its first request', async () => {
    renderList('/widgets', { ...aliceUser, default_views: { widgets: FINISHED_BY_NAME } });
    await screen.findByText('Anchor');
    const [first] = listQueries();
    expect(first.get('filter[status]')).toBe('FINISHED');
    expect(first.get('sort')).toBe('name');
    expect(first.get('per_page')).toBe('10');
    await waitFor(() => expect(location().get('status')).toBe('FINISHED'));
    expect(location().get('sort')).toBe('name');
    // The default's state was asked for from the start, and kept while the URL takes it: no request with the
    // declared state, nor with the default's sort and no filter (its sort is remembered before the URL has it).
    expect(
      listQueries().map((query) => [query.get('sort'), query.get('filter[status]'), query.get('per_page')]),
    ).toEqual(listQueries().map(() => ['name', 'FINISHED', '10']));
    // Its name is looked up once the menu's chunk is in, and shown on the Views button.
    await screen.findByRole('button', { name: 'View: Finished by name' });
  });

  it('leaves a URL that has state of its own as it is', async () => {
    renderList('/widgets?sort=-name', { ...aliceUser, default_views: { widgets: FINISHED_BY_NAME } });
    await screen.findByText('Anchor');
    expect(listQueries()[0].get('sort')).toBe('-name');
    expect(listQueries()[0].get('filter[status]')).toBeNull();
  });
});

describe('the Views menu', () => {
  it('asks for the views only when opened, and applies a picked one to the URL state', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Anchor');
    expect(api.calls('/saved-views')).toHaveLength(0);
    const menu = await openViews(user);
    expect(api.calls('/saved-views')[0].query.get('filter[list]')).toBe('widgets');
    await user.click(await within(menu).findByRole('menuitemradio', { name: 'Finished by name' }));
    await waitFor(() => expect(location().get('status')).toBe('FINISHED'));
    expect(location().get('sort')).toBe('name');
    expect(location().get('per_page')).toBe('10');
    await waitFor(() => expect(listQueries().at(-1)?.get('filter[status]')).toBe('FINISHED'));
    // The menu now shows it as the list's view, with what can be done with it; the button names it.
    expect(screen.getByRole('button', { name: 'View: Finished by name' })).toBeInTheDocument();
    const again = await openViews(user);
    expect(within(again).getByRole('menuitemradio', { name: 'Finished by name' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(again).getByRole('menuitem', { name: 'Use as my default' })).toBeInTheDocument();
  });

  it('saves the current view under a name, showing the server’s 422 under the field', async () => {
    let attempts = 0;
    api.on('POST', '/saved-views', (request) =>
      ++attempts === 1
        ? {
            status: 422,
            body: {
              message: 'The name has already been taken.',
              errors: { name: ['The name has already been taken.'] },
            },
          }
        : { status: 201, body: { data: { ...savedView, id: 8, ...(request.body as object) } } },
    );
    const user = userEvent.setup();
    renderList('/widgets?sort=name&status=FAILED');
    await screen.findByText('Anchor');
    await user.click(within(await openViews(user)).getByRole('menuitem', { name: 'Save current view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save current view' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Failed by name');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('The name has already been taken.');
    expect(name).toHaveAccessibleDescription('The name has already been taken.');
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('/saved-views', 'POST').at(-1)?.body).toEqual({
      list: 'widgets',
      name: 'Failed by name',
      state: { filters: { status: ['FAILED'] }, sort: 'name', per_page: 5, view: 'list' },
    });
  });

  it('makes the shown view the user’s default, and takes the session’s defaults again', async () => {
    api.on('PATCH', '/saved-views/:id', (request) => ({
      body: { data: { ...savedView, ...(request.body as object) } },
    }));
    const user = userEvent.setup();
    renderList('/widgets?sort=name&per_page=10&status=FINISHED&view=list');
    await screen.findByText('Anchor');
    const menu = await openViews(user);
    await user.click(await within(menu).findByRole('menuitem', { name: 'Use as my default' }));
    await waitFor(() => expect(api.calls('/saved-views/7', 'PATCH')).toHaveLength(1));
    expect(api.calls('/saved-views/7', 'PATCH')[0].body).toEqual({ is_default: true });
    await waitFor(() => expect(api.calls('/auth/validate')).toHaveLength(1));
  });
});

describe('the Filter count and Reset', () => {
  it('counts the filters and the search on the Filter button, and shows Reset only while the list is filtered', async () => {
    renderList('/widgets?status=FAILED&search=anc');
    await screen.findByText('Anchor');
    const filter = screen.getByRole('button', { name: 'Filter, 2 active' });
    expect(filter).toHaveTextContent('Filter2');
    expect(screen.getByRole('button', { name: 'Reset the list' })).toBeInTheDocument();
    cleanup();

    renderList('/widgets?sort=name');
    await screen.findByText('Anchor');
    expect(screen.getByRole('button', { name: 'Filter' })).toHaveTextContent(/^Filter$/);
    expect(screen.queryByRole('button', { name: 'Reset the list' })).toBeNull();
  });

  it('Reset takes the list back to its defaults on the first page, and the focus to the Filter button', async () => {
    const user = userEvent.setup();
    renderList('/widgets?status=FAILED&search=anc&sort=name&per_page=10&page=2');
    await screen.findByText('Anchor');
    await user.click(screen.getByRole('button', { name: 'Reset the list' }));
    await waitFor(() => expect(location().toString()).toBe(''));
    await waitFor(() => expect(listQueries().at(-1)?.get('filter[status]')).toBeNull());
    const last = listQueries().at(-1)!;
    expect(last.get('filter[search]')).toBeNull();
    expect(last.get('sort')).toBe('-created_at');
    expect(last.get('page')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Reset the list' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Filter' })).toHaveFocus();
  });
});

describe('the view the list is in', () => {
  /** The server's views, changed by the stubbed writes. */
  let views: SavedView[];
  beforeEach(() => {
    views = [
      savedView,
      {
        ...savedView,
        id: 9,
        name: 'Failed',
        state: { ...FINISHED_BY_NAME, filters: { status: ['FAILED'] } },
      },
    ];
    api
      .on('GET', '/saved-views', () => ({ body: laravelList(views) }))
      .on('PATCH', '/saved-views/:id', (request) => {
        const id = Number(request.path.split('/').at(-1));
        const body = request.body as Partial<SavedView>;
        if (body.name === 'Failed')
          return {
            status: 422,
            body: {
              message: 'The name has already been taken.',
              errors: { name: ['The name has already been taken.'] },
            },
          };
        views = views.map((view) =>
          view.id === id ? { ...view, ...body } : body.is_default ? { ...view, is_default: false } : view,
        );
        return { body: { data: views.find((view) => view.id === id) } };
      })
      .on('DELETE', '/saved-views/:id', (request) => {
        const id = Number(request.path.split('/').at(-1));
        views = views.filter((view) => view.id !== id);
        return { body: { data: { id } } };
      });
  });

  it('names the applied view, marks it modified when the list changes, and updates it with the list’s state', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Anchor');
    await user.click(
      await within(await openViews(user)).findByRole('menuitemradio', { name: 'Finished by name' }),
    );
    const button = await screen.findByRole('button', { name: 'View: Finished by name' });
    expect(button).toHaveTextContent('Finished by name');
    expect(screen.getByRole('button', { name: 'Filter, 1 active' })).toBeInTheDocument();

    // Sorted the other way: the list is no longer the view.
    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    await waitFor(() => expect(location().get('sort')).toBe('-name'));
    expect(
      await screen.findByRole('button', { name: 'View: Finished by name (modified)' }),
    ).toHaveTextContent('Finished by name(modified)');

    const menu = await openViews(user);
    await user.click(
      within(menu).getByRole('menuitem', { name: 'Update “Finished by name” with current view' }),
    );
    await waitFor(() => expect(api.calls('/saved-views/7', 'PATCH')).toHaveLength(1));
    expect(api.calls('/saved-views/7', 'PATCH')[0].body).toEqual({
      state: { ...FINISHED_BY_NAME, sort: '-name' },
    });
    await screen.findByRole('button', { name: 'View: Finished by name' });
    // The views asked for again after the write keep it unmodified.
    await waitFor(() => expect(api.calls('/saved-views', 'GET').length).toBeGreaterThan(1));
    expect(screen.getByRole('button', { name: 'View: Finished by name' })).toBeInTheDocument();
  });

  it('names the view from the first paint after a reload, and forgets it when the list opens without state', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Anchor');
    await user.click(
      await within(await openViews(user)).findByRole('menuitemradio', { name: 'Finished by name' }),
    );
    await waitFor(() => expect(location().get('status')).toBe('FINISHED'));
    const reloaded = `/widgets${screen.getByTestId('location').textContent}`;
    cleanup();

    renderList(reloaded);
    expect(screen.getByRole('button', { name: 'View: Finished by name' })).toBeInTheDocument();
    cleanup();

    renderList('/widgets');
    expect(screen.getByRole('button', { name: 'Views' })).toBeInTheDocument();
    await screen.findByText('Anchor');
    expect(screen.getByRole('button', { name: 'Views' })).toBeInTheDocument();
  });

  it('renames, sets as default and deletes any view from “Manage views…”', async () => {
    const user = userEvent.setup();
    renderList('/widgets?sort=name&per_page=10&status=FINISHED&view=list');
    await screen.findByText('Anchor');
    await user.click(within(await openViews(user)).getByRole('menuitem', { name: 'Manage views…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage views' });

    // Rename in place: the server's 422 under the field, then a free name; the focus back on the row's button.
    await user.click(within(dialog).getByRole('button', { name: 'Rename “Finished by name”' }));
    const field = within(dialog).getByRole('textbox', { name: 'Name of “Finished by name”' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Failed{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The name has already been taken.');
    expect(field).toHaveAccessibleDescription('The name has already been taken.');
    await user.clear(field);
    await user.type(field, 'Finished{Enter}');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Rename “Finished”' })).toHaveFocus(),
    );
    expect(api.calls('/saved-views/7', 'PATCH').at(-1)?.body).toEqual({ name: 'Finished' });
    // The list is in that view: the button says its new name.
    expect(screen.getByRole('button', { name: 'View: Finished', hidden: true })).toBeInTheDocument();

    // Another view than the list's: made the default.
    await user.click(within(dialog).getByRole('button', { name: 'Use “Failed” as my default' }));
    await waitFor(() =>
      expect(api.calls('/saved-views/9', 'PATCH').at(-1)?.body).toEqual({ is_default: true }),
    );
    expect(
      await within(dialog).findByRole('button', { name: 'Stop using “Failed” as my default' }),
    ).toBeInTheDocument();

    // Deleted after its confirmation in its row; the list is then in no view.
    await user.click(within(dialog).getByRole('button', { name: 'Delete “Finished”' }));
    expect(within(dialog).getByText('Delete the view “Finished”?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('/saved-views/7', 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).queryByText('Finished')).toBeNull());
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Views' })).toBeInTheDocument();
  });
});
