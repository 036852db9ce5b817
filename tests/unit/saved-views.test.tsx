/**
 * Saved views on a declared list (issue 33), over the real data provider and a stubbed API: the list opens with the
 * user's default view (from the session) when its URL says nothing of its own, in its first request; the 'Views'
 * menu asks for the views only when opened, applies a picked one to the URL state, saves the current state under a
 * name with the server's 422 shown under the field, and makes the shown view the user's default.
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
  // Whether the stand-in or the menu's own button is there (its chunk arrives after the list's paint), a press
  // opens the menu: the stand-in is not swapped under a press.
  await user.click(screen.getByRole('button', { name: 'Views' }));
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
    // The default's state was asked for from the start: no request with the declared state.
    expect(listQueries().every((query) => query.get('sort') === 'name')).toBe(true);
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
    // The menu now shows it as the list's view, with what can be done with it.
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
    expect(await within(dialog).findByText('The name has already been taken.')).toBeInTheDocument();
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
