/**
 * The list features the remaining screens of spec 2 declare, on a throw-away entity rendered by the generic list
 * page over the real data provider and a stubbed API: the list's loading and empty texts, header actions (a link
 * with navigation state, a call after a confirmation), row actions (a call after a confirmation, shown only where
 * it applies, disabled with the reason), a row click that opens a dialog only with its ability, bulk selection
 * through `POST /{collection}/update` with spec 2 §8's banner, a row action running a declared bulk action on its
 * one record, the grid view with cards carrying the row menu (by keyboard too) unless declared without, and
 * records keyed by name.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { listCall, listRequest } from '@/pages/list/list-request';
import ResourceListPage from '@/pages/list/ResourceListPage';
import { apiQuiet, apiRequest } from '@/providers/http-client';
import { apiMeta, listPageQuery } from '@/providers/list-query';
import { type ActionDialogProps, defineResource, type ResourceDeclaration } from '@/declarations/types';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  type ApiStub,
  formEntries,
  laravelList,
  RefineHarness,
  signInAs,
  stubApi,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';
import { statusesOfEachTest } from './support/shown-statuses';

/** The 3-s banners each test showed, seen however long the machine took to look. */
const statuses = statusesOfEachTest();

interface Widget {
  id: number;
  name: string;
  status: 'FINISHED' | 'PROCESSING';
  is_deletable: boolean;
}

const TEXTS = {
  title: 'Widgets',
  create: 'New Widget',
  loading: 'Loading Widgets...',
  empty: 'No Widgets Found',
  columns: { name: 'Name' },
  actions: { import: 'Import', sync: 'Sync', reprocess: 'Reprocess', details: 'Details' },
  syncConfirm: 'Sync every widget?',
  synced: '{{count}} widgets synced',
  reprocessConfirm: 'Are you sure you want to reprocess this widget?',
  reprocessing: 'Reprocessing started...',
  stillConnected: 'This widget is still connected to a model',
  deleteConfirm: 'Are you sure you want to delete this widget?',
  archive: 'Archive',
  archiveConfirm: 'Are you sure you want to archive this widget?',
  bulk: {
    archive: 'Archive selected',
    archiveConfirm: 'Are you sure you want to archive the selected widgets?',
    archived: '{{count}} Widgets successfully archived',
    notArchived: 'The following widgets have not been archived; {{names}}',
    delete: 'Delete selected',
    deleted: '{{count}} Widgets successfully deleted',
    notDeleted:
      'The following widgets have not been deleted because they are still connected to a model; {{names}}',
  },
  dialog: { title: 'Widget {{name}}' },
};

function WidgetDialog({ record, close }: ActionDialogProps<Widget>) {
  return (
    <div role="dialog" aria-label={`Widget ${record?.name}`}>
      <button type="button" onClick={close}>
        Close
      </button>
    </div>
  );
}

// A permission names only real abilities (shared/abilities.ts): the widgets borrow the labels'.
const widgets = defineResource<Widget>({
  name: 'widgets',
  ns: 'widgets',
  screen: 'widgets',
  idParam: 'widgetId',
  routes: { list: 'widgets', create: 'widgets/create' },
  permission: { ability: 'list-labels' },
  actions: {
    create: { ability: 'create-labels' },
    edit: { ability: 'update-labels' },
    delete: { ability: 'delete-labels' },
  },
  list: {
    sortKey: 'widgets',
    defaultSort: '-created_at',
    pageSize: 5,
    loadingKey: 'loading',
    emptyKey: 'empty',
    columns: [{ field: 'name', titleKey: 'columns.name' }],
    headerActions: [
      {
        key: 'import',
        labelKey: 'actions.import',
        to: { to: '/widgets/import', state: { processor: true } },
      },
      {
        key: 'sync',
        labelKey: 'actions.sync',
        needs: 'edit',
        call: { method: 'patch', path: 'widgets/sync', confirmKey: 'syncConfirm', successKey: 'synced' },
      },
    ],
    rowActions: [
      {
        key: 'reprocess',
        labelKey: 'actions.reprocess',
        needs: 'edit',
        visible: (widget) => widget.status === 'FINISHED',
        call: (widget) => ({
          method: 'post',
          path: `widgets/${widget.id}/reprocess`,
          confirmKey: 'reprocessConfirm',
          successKey: 'reprocessing',
        }),
      },
    ],
    rowLink: { dialog: WidgetDialog, needs: 'edit' },
    bulk: {
      field: 'widgets',
      actions: [
        {
          action: 'delete',
          labelKey: 'bulk.delete',
          needs: 'delete',
          confirmKey: 'deleteConfirm',
          successKey: 'bulk.deleted',
          failureKey: 'bulk.notDeleted',
          danger: true,
        },
      ],
    },
  },
  deletion: {
    confirmKey: 'deleteConfirm',
    answerNameKey: 'widget_name',
    disabledReason: (record) => (record.is_deletable ? undefined : 'stillConnected'),
  },
});

const rows: Widget[] = [
  { id: 1, name: 'Anchor', status: 'FINISHED', is_deletable: true },
  { id: 2, name: 'Bracket', status: 'PROCESSING', is_deletable: false },
];

const everything = ['list-labels', 'create-labels', 'update-labels', 'delete-labels'];

let api: ApiStub;
beforeEach(() => {
  signInAs({ ...aliceUser, abilities: everything });
  tenantStore.setTenant(acmeTenant);
  api = stubApi().on('GET', '/widgets', { body: laravelList(rows, { perPage: 5 }) });
});

/** The list at /widgets; elsewhere, where the app went and the navigation state it carried. */
function Screen({ resource }: { resource: ResourceDeclaration }) {
  const location = useLocation();
  if (location.pathname === '/widgets') return <ResourceListPage resource={resource} action="list" />;
  return <output data-testid="location">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>;
}

/** `onCommit`: told of each commit of the screen, its mount and each update after. */
function renderList(resource: ResourceDeclaration = widgets, onCommit?: (phase: string) => void) {
  const i18n = portalI18n('en');
  i18n.addResourceBundle('en', 'widgets', TEXTS);
  render(
    <RefineHarness path="/widgets" routePath="*" i18n={i18n}>
      <Profiler id="widgets" onRender={(_id, phase) => onCommit?.(phase)}>
        <Screen resource={resource} />
      </Profiler>
    </RefineHarness>,
  );
}

/** Asks for the list's first page as a first visit does ahead of the page (first-screen.ts), and waits for it. */
async function prefetchFirstPage() {
  const call = listCall(widgets, listRequest(widgets.list!, new URLSearchParams(), 'hatch'));
  await apiRequest(`/${call.resource}`, { query: listPageQuery(apiMeta(call.meta), call), prefetch: true });
}

describe('a declared list', () => {
  it('shows rows a first visit asked for ahead in its first render, and asks the server for them once', async () => {
    await prefetchFirstPage();
    expect(api.calls('/widgets', 'GET')).toHaveLength(1);
    renderList();
    // No waiting: the rows are in the first render's output.
    expect(screen.getByText('Anchor')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading Widgets...' })).toBeNull());
    expect(api.calls('/widgets', 'GET')).toHaveLength(1);
  });

  it('does not render rows a first visit asked for ahead a second time, and reloads them from the server', async () => {
    await prefetchFirstPage();
    const commits: string[] = [];
    renderList(widgets, (phase) => commits.push(phase));
    expect(screen.getByText('Anchor')).toBeInTheDocument();
    await act(() => apiQuiet());
    expect(commits.filter((phase) => phase !== 'mount')).toEqual([]);

    // A reload after the first render asks the server: the rows it shows may have changed since.
    api.on('GET', '/widgets', { body: laravelList([{ ...rows[0], name: 'Anchor II' }], { perPage: 5 }) });
    api.on('PATCH', '/widgets/sync', { body: { count: 4 } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sync' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Anchor II');
    expect(api.calls('/widgets', 'GET')).toHaveLength(2);
  });

  it('shows its own loading and empty texts', async () => {
    let release: () => void = () => undefined;
    api.on(
      'GET',
      '/widgets',
      () =>
        new Promise((resolve) => {
          release = () => resolve({ body: laravelList([], { perPage: 5 }) });
        }),
    );
    renderList();
    await screen.findByRole('status', { name: 'Loading Widgets...' });
    act(() => release());
    await screen.findByText('No Widgets Found');
  });

  it('has header actions: a link with navigation state, and a call after its confirmation', async () => {
    api.on('PATCH', '/widgets/sync', { body: { count: 4 } });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Anchor');

    await user.click(screen.getByRole('button', { name: 'Sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText('Sync every widget?')).toBeInTheDocument();
    expect(api.calls('/widgets/sync', 'PATCH')).toHaveLength(0);
    const listCalls = api.calls('/widgets').length;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await statuses.shown('4 widgets synced');
    expect(api.calls('/widgets/sync', 'PATCH')).toHaveLength(1);
    await waitFor(() => expect(api.calls('/widgets').length).toBeGreaterThan(listCalls));

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/widgets/import {"processor":true}');
  });

  it('hides header and row actions the user may not use', async () => {
    signInAs({ ...aliceUser, abilities: ['list-labels'] });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Anchor');
    expect(screen.queryByRole('button', { name: 'Sync' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Widget' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // Without update-widgets, a row click opens nothing.
    await user.click(screen.getByText('Anchor'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('runs a row action after its confirmation, only where it applies', async () => {
    api.on('POST', '/widgets/:id/reprocess', { body: {} });
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Actions for Bracket' }));
    expect(screen.queryByRole('menuitem', { name: 'Reprocess' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for Anchor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reprocess' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText('Are you sure you want to reprocess this widget?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await statuses.shown('Reprocessing started...');
    expect(api.calls('/widgets/1/reprocess', 'POST')).toHaveLength(1);
  });

  it('disables delete for a record that cannot be deleted, saying why', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Actions for Bracket' }));
    // The reason is the item's description and its tooltip (issue 33).
    const remove = await screen.findByRole('menuitem', { name: 'Delete' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription('This widget is still connected to a model');
    await user.hover(remove);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('This widget is still connected to a model');
    await user.click(remove);
    expect(screen.queryByRole('dialog', { name: 'Confirmation' })).not.toBeInTheDocument();
  });

  it('opens a dialog on a row click with the ability', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByText('Bracket'));
    const dialog = await screen.findByRole('dialog', { name: 'Widget Bracket' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends the selected rows to POST /widgets/update; a failure suppresses the success', async () => {
    api.on('POST', '/widgets/update', {
      body: { action: 'delete', success: [{ id: 1, name: 'Anchor' }], failed: [{ id: 2, name: 'Bracket' }] },
    });
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all rows shown' }));
    expect(screen.getByRole('checkbox', { name: 'Select Anchor' })).toBeChecked();
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected rows' });
    expect(bar).toHaveTextContent('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete selected' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The following widgets have not been deleted because they are still connected to a model; Bracket',
    );
    expect(screen.queryByText(/successfully deleted/)).not.toBeInTheDocument();
    const body = api.calls('/widgets/update', 'POST')[0].body as FormData;
    expect(body.get('action')).toBe('delete');
    expect(body.get('widgets[0][id]')).toBe('1');
    expect(body.get('widgets[1][id]')).toBe('2');
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('shows cards in the grid view and switches to the table', async () => {
    const user = userEvent.setup();
    renderList({
      ...widgets,
      list: {
        ...widgets.list!,
        cards: { initial: 'grid', card: (record) => <h3>{`Card ${String(record.name)}`}</h3> },
      },
    });
    await screen.findByRole('heading', { name: 'Card Anchor' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'List view' }));
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Card Anchor' })).not.toBeInTheDocument();
  });

  it('keys records by a declared id field, URL-encoded in calls', async () => {
    api
      .on('GET', '/widgets', {
        body: laravelList([{ name: 'Oak / natural', status: 'FINISHED', is_deletable: true }]),
      })
      .on('DELETE', '/widgets/:name', {
        body: { widget_name: 'Oak / natural', status: 'successfully deleted' },
      });
    const user = userEvent.setup();
    renderList({ ...widgets, idField: 'name' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Oak / natural' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await statuses.shown('Oak / natural successfully deleted');
    expect(
      api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path),
    ).toEqual(['/widgets/Oak%20%2F%20natural']);
  });
});

/** The widgets as cards (the grid view first), with the declaration's row menu and nothing said of a card menu. */
const widgetCards = (menu?: boolean): ResourceDeclaration => ({
  ...widgets,
  list: {
    ...widgets.list!,
    cards: {
      initial: 'grid',
      card: (record) => <h3>{`Card ${String(record.name)}`}</h3>,
      ...(menu !== undefined && { menu }),
    },
  },
});

describe('the cards of a grid view', () => {
  const card = (name: string) =>
    screen.getByRole('heading', { name: `Card ${name}` }).closest('li') as HTMLElement;

  it('carry the row menu of the list rows without declaring it, usable by keyboard', async () => {
    api.on('POST', '/widgets/:id/reprocess', { body: {} });
    const user = userEvent.setup();
    renderList(widgetCards());
    await screen.findByRole('heading', { name: 'Card Anchor' });

    // The three-dot button named like the rows' ('Actions for {name}'), inside its card.
    const button = within(card('Anchor')).getByRole('button', { name: 'Actions for Anchor' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Reprocess' })).toHaveFocus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText('Are you sure you want to reprocess this widget?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await statuses.shown('Reprocessing started...');
    expect(api.calls('/widgets/1/reprocess', 'POST')).toHaveLength(1);
  });

  it('open the menu from the focused card (Shift+F10), with Delete disabled and its reason', async () => {
    const user = userEvent.setup();
    renderList(widgetCards());
    await screen.findByRole('heading', { name: 'Card Bracket' });
    const bracket = card('Bracket');
    bracket.focus();
    await user.keyboard('{Shift>}{F10}{/Shift}');
    const remove = await screen.findByRole('menuitem', { name: 'Delete' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription('This widget is still connected to a model');
    expect(screen.queryByRole('menuitem', { name: 'Reprocess' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('carry no menu where the declaration says so, or where the user may use no row action', async () => {
    renderList(widgetCards(false));
    await screen.findByRole('heading', { name: 'Card Anchor' });
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    cleanup();

    signInAs({ ...aliceUser, abilities: ['list-labels'] });
    renderList(widgetCards());
    await screen.findByRole('heading', { name: 'Card Anchor' });
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });
});

describe('a row action running a bulk action', () => {
  const archiving: ResourceDeclaration = {
    ...widgets,
    list: {
      ...widgets.list!,
      rowActions: [
        {
          key: 'archive',
          labelKey: 'archive',
          needs: 'edit',
          bulk: { action: 'archive', confirmKey: 'archiveConfirm' },
        },
      ],
      bulk: {
        field: 'widgets',
        actions: [
          {
            action: 'archive',
            labelKey: 'bulk.archive',
            needs: 'edit',
            confirmKey: 'bulk.archiveConfirm',
            successKey: 'bulk.archived',
            failureKey: 'bulk.notArchived',
          },
        ],
      },
    },
  };

  it("sends the one record to POST /widgets/update after the row's confirmation, with the bulk banner", async () => {
    api.on('POST', '/widgets/update', {
      body: { action: 'archive', success: [{ id: 2, name: 'Bracket' }], failed: [] },
    });
    const user = userEvent.setup();
    renderList(archiving);
    // A selection elsewhere stays as it is.
    await user.click(await screen.findByRole('checkbox', { name: 'Select Anchor' }));
    await user.click(screen.getByRole('button', { name: 'Actions for Bracket' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText('Are you sure you want to archive this widget?')).toBeInTheDocument();
    expect(api.calls('/widgets/update', 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    await statuses.shown('1 Widgets successfully archived');
    const calls = api.calls('/widgets/update', 'POST');
    expect(calls).toHaveLength(1);
    expect(formEntries(calls[0].body)).toEqual({ action: 'archive', 'widgets[0][id]': '2' });
    expect(api.requests.some((request) => request.method === 'PATCH')).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Select Anchor' })).toBeChecked();
  });

  it('shows the failure with the name, and no success', async () => {
    api.on('POST', '/widgets/update', {
      body: { action: 'archive', success: [], failed: [{ id: 1, name: 'Anchor' }] },
    });
    const user = userEvent.setup();
    renderList(archiving);
    await user.click(await screen.findByRole('button', { name: 'Actions for Anchor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The following widgets have not been archived; Anchor',
    );
    expect(screen.queryByText(/successfully archived/)).not.toBeInTheDocument();
  });
});
