/**
 * A library's item count follows a single item's delete or archive from its row menu (issue 31: 'A successful
 * write updates every list that shows the record'), as it follows a move: the libraries shown beside the items are
 * asked again, without a reload.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import TreeBrowserPage from '@/pages/tree/TreeBrowserPage';
import { RESOURCES } from '@/resources/index';
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

const libraries = RESOURCES.find((resource) => resource.name === 'libraries')!;

const library = (items: number) => ({
  id: 1,
  name: 'Furniture',
  description: null,
  preview_image: null,
  parent_id: null,
  status: 'ACTIVE',
  status_color: '#52c41a',
  labels: [],
  sub_libraries: [],
  indirect_items_count: items,
  is_deletable: true,
  meta_data: { breadcrumbs: [{ id: 1, name: 'Furniture' }] },
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
});

const item = (id: number, name: string) => ({
  id,
  name,
  description: null,
  preview_image_url: null,
  status: 'FINISHED',
  status_color: '#52c41a',
  libraries: [{ id: 1, name: 'Furniture' }],
  is_deletable: true,
  deletable: true,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  uploader_name: null,
  latest_geometry_event: null,
});

describe("a library's item count after one item's row action", () => {
  let api: ApiStub;
  let items: Array<ReturnType<typeof item>>;

  beforeEach(() => {
    items = [item(11, 'Oak chair'), item(12, 'Pine chair')];
    signInAs({
      ...aliceUser,
      abilities: ['list-libraries', 'list-library-items', 'update-library-items', 'delete-library-items'],
    });
    tenantStore.setTenant(acmeTenant);
    api = stubApi()
      .on('GET', '/libraries', () => ({ body: laravelList([library(items.length)], { perPage: 10 }) }))
      .on('GET', '/libraries/items', () => ({ body: laravelList(items, { perPage: 10 }) }))
      .on('DELETE', '/libraries/items/:id', (_request, params) => {
        items = items.filter((row) => String(row.id) !== params.id);
        return { body: { library_item_name: 'Oak chair', status: 'successfully deleted' } };
      })
      .on('PATCH', '/libraries/items/:id', () => ({ body: { data: { ...item(11, 'Oak chair') } } }));
  });

  const openMenuOf = async (name: string) => {
    const user = userEvent.setup();
    render(
      <RefineHarness path="/libraries" routePath="libraries" i18n={portalI18n('en')}>
        <TreeBrowserPage resource={libraries} action="list" />
      </RefineHarness>,
    );
    const cards = await screen.findByRole('list', { name: 'Libraries' });
    await within(cards).findByText('2 items');
    await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
    return { user, cards };
  };

  it('deleting one item from its row menu lowers the count without a reload', async () => {
    const { user, cards } = await openMenuOf('Oak chair');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(api.calls('/libraries/items/11', 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(within(cards).getByText('1 item')).toBeInTheDocument());
  });

  it('archiving one item from its row menu asks the libraries again', async () => {
    const { user } = await openMenuOf('Oak chair');
    const asked = api.calls('/libraries').length;
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    expect(api.calls('/libraries/items/11', 'PATCH')).toHaveLength(1);
    await waitFor(() => expect(api.calls('/libraries').length).toBeGreaterThan(asked));
  });
});
