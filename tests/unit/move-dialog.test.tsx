/**
 * The move of items into libraries (issue 31; spec 2 §5, §7, §8) in a library of the tree browser: one dialog for
 * items and materials (`MoveToContainersDialog`). Its targets are the libraries' tree (nesting, and each one's path
 * while a search narrows them as one types), without archived libraries and the library being browsed; the tree
 * opens inside the dialog, before its buttons, and Escape closes only the tree. After the move, the sub-libraries'
 * item counts on the same screen are asked again (the libraries' lists are refreshed with the items'). Materials
 * move into categories through the same dialog.
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
  formEntries,
  laravelList,
  RefineHarness,
  signInAs,
  stubApi,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';

const libraries = RESOURCES.find((resource) => resource.name === 'libraries')!;

const library = (
  id: number,
  name: string,
  parentId: number | null,
  options: { archived?: boolean; items?: number } = {},
) => ({
  id,
  name,
  description: null,
  preview_image: null,
  parent_id: parentId,
  status: options.archived ? 'ARCHIVED' : 'ACTIVE',
  status_color: options.archived ? '#8c8c8c' : '#52c41a',
  labels: [],
  sub_libraries: [],
  indirect_items_count: options.items ?? 0,
  is_deletable: true,
  meta_data: { breadcrumbs: [{ id, name }] },
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

/**
 * Opened, a dialog moves the focus into itself after a frame (DialogPanel's initial focus); a user acts in it after
 * that, and a click before would have its focus taken away by it.
 */
const dialogFocused = (dialog: HTMLElement) =>
  waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement | null));

describe('the move of items in a library', () => {
  let api: ApiStub;
  /** Items in Dining, as the server counts them. */
  let inDining: number;

  beforeEach(() => {
    inDining = 0;
    signInAs({
      ...aliceUser,
      abilities: ['list-libraries', 'list-library-items', 'update-library-items', 'update-libraries'],
    });
    tenantStore.setTenant(acmeTenant);
    // Furniture (browsed) › Dining › Chairs; Lighting; Old stock (archived) › Lamps.
    const all = () => [
      library(1, 'Furniture', null),
      library(2, 'Dining', 1, { items: inDining }),
      library(3, 'Chairs', 2),
      library(4, 'Lighting', null),
      library(5, 'Old stock', null, { archived: true }),
      library(6, 'Lamps', 5),
      library(7, 'Archived chairs', 2, { archived: true }),
    ];
    api = stubApi()
      .on('GET', '/libraries/1', { body: { data: library(1, 'Furniture', null) } })
      .on('GET', '/libraries', (request) => {
        const parent = request.query.get('filter[parent_id]');
        const rows = parent === null ? all() : all().filter((row) => String(row.parent_id) === parent);
        return { body: laravelList(rows, { perPage: parent === null ? 1000 : 10 }) };
      })
      .on('GET', '/libraries/items', {
        body: laravelList([item(11, 'Oak chair'), item(12, 'Pine chair')], { perPage: 10 }),
      })
      .on('POST', '/libraries/items/update', () => {
        inDining = 2;
        return {
          body: {
            action: 'move',
            success: [
              { id: 11, name: 'Oak chair' },
              { id: 12, name: 'Pine chair' },
            ],
            failed: [],
          },
        };
      });
  });

  const openMove = async () => {
    const user = userEvent.setup();
    render(
      <RefineHarness path="/libraries/1" routePath="libraries/:libraryId" i18n={portalI18n('en')}>
        <TreeBrowserPage resource={libraries} action="list" />
      </RefineHarness>,
    );
    const cards = await screen.findByRole('list', { name: 'Libraries' });
    await within(cards).findByText('Dining');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Oak chair' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Pine chair' }));
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Actions on the selected rows' })).getByRole('button', {
        name: 'Move',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 items' });
    await dialogFocused(dialog);
    await user.click(within(dialog).getByRole('button', { name: /^Libraries/ }));
    const tree = within(dialog).getByRole('group', { name: 'Libraries' });
    await within(tree).findByRole('checkbox', { name: 'Dining' });
    return { user, dialog, tree, cards };
  };

  it('shows the libraries as a tree, without archived ones and the one browsed', async () => {
    const { tree } = await openMove();
    const choices = within(tree)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')!.textContent);
    expect(choices).toEqual(['Dining', 'Chairs', 'Lighting', 'Lamps']);
    // Furniture (browsed) and Old stock (archived) hold targets: shown as their branches, not to be chosen.
    expect(within(tree).getByText('Furniture').closest('label')).toBeNull();
    expect(within(tree).getByText('Old stock').closest('label')).toBeNull();
    // An archived library with nothing to choose below it is left out.
    expect(within(tree).queryByText('Archived chairs')).not.toBeInTheDocument();
    // Nesting: Chairs is in Dining's branch, Dining in Furniture's.
    const dining = within(tree).getByRole('checkbox', { name: 'Dining' }).closest('li')!;
    expect(within(dining).getByRole('checkbox', { name: 'Chairs' })).toBeInTheDocument();
    expect(within(tree).getByText('Furniture').closest('li')).toContainElement(dining);
  });

  it('narrows the tree as one types, each match with its path', async () => {
    const { user, tree } = await openMove();
    const search = within(tree).getByRole('textbox', { name: 'Search libraries' });
    expect(search).toHaveFocus();
    await user.type(search, 'chai');
    expect(
      within(tree)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['Chairs']);
    expect(within(tree).getByRole('checkbox', { name: 'Chairs' })).toHaveAccessibleDescription(
      'Furniture / Dining',
    );
    await user.clear(search);
    await user.type(search, 'xyz');
    expect(within(tree).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(tree).getByText('no results found')).toBeInTheDocument();
  });

  it('opens the tree inside the dialog before its buttons; Escape closes the tree only', async () => {
    const { user, dialog, tree } = await openMove();
    const move = within(dialog).getByRole('button', { name: 'Move' });
    // In the dialog's own flow (not a panel floating over it), before the buttons it pushes down.
    expect(tree.compareDocumentPosition(move) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (let element: HTMLElement | null = tree; element !== dialog; element = element!.parentElement) {
      expect(element!.style.position).toBe('');
    }
    await user.click(within(tree).getByRole('checkbox', { name: 'Lighting' }));
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('group', { name: 'Libraries' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Move 2 items' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Libraries/ })).toHaveAccessibleName(
      'Libraries Lighting',
    );
    expect(within(dialog).getByRole('button', { name: /^Libraries/ })).toHaveFocus();
  });

  it("moves them and the target library's item count follows without a reload", async () => {
    const { user, dialog, tree, cards } = await openMove();
    expect(within(cards).getByText('0 items')).toBeInTheDocument();
    await user.click(within(tree).getByRole('checkbox', { name: 'Dining' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Remove from current category' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    await screen.findByText('2 Items successfully moved');
    const calls = api.calls('/libraries/items/update', 'POST');
    expect(calls).toHaveLength(1);
    expect(formEntries(calls[0].body)).toEqual({
      action: 'move',
      'items[0][id]': '11',
      'items[1][id]': '12',
      'libraries[0][id]': '2',
      remove_from_current_libraries: '1',
    });
    await waitFor(() => expect(within(cards).getByText('2 items')).toBeInTheDocument());
  });
});

describe('the move of materials in a category', () => {
  const categories = RESOURCES.find((resource) => resource.name === 'materials/categories')!;
  const category = (id: number, name: string, parentId: number | null, archived = false) => ({
    id,
    parent_id: parentId,
    name,
    description: null,
    preview_image_url: null,
    status: archived ? 'ARCHIVED' : 'ACTIVE',
    status_color: archived ? '#8c8c8c' : '#52c41a',
    indirect_materials_count: 0,
    deletable: true,
    sub_categories: [],
    meta_data: { materials_count: 0, sub_categories_count: 0, ancestors: [] },
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    deleted_at: null,
  });
  const material = (name: string) => ({
    id: name.length,
    name,
    description: null,
    preview_image_url: null,
    viewer_texture_url: null,
    status: 'ACTIVE',
    status_color: '#52c41a',
    categories: [{ id: 1, name: 'Wood' }],
    parent_name: null,
    deletable: true,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    deleted_at: null,
    active_version_creator_name: null,
  });

  it('is the same dialog: the categories browsed and archived left out, categories[n][id] sent', async () => {
    signInAs({
      ...aliceUser,
      abilities: [
        'list-materials',
        'list-material-categories',
        'update-materials',
        'update-material-categories',
      ],
    });
    tenantStore.setTenant(acmeTenant);
    const all = [category(1, 'Wood', null), category(2, 'Oak', 1), category(3, 'Stone', null, true)];
    const api = stubApi()
      .on('GET', '/materials/categories/1', { body: { data: all[0] } })
      .on('GET', '/materials/categories', (request) => {
        const parent = request.query.get('filter[parent_id]');
        const rows = parent === null ? all : all.filter((row) => String(row.parent_id) === parent);
        return { body: laravelList(rows, { perPage: parent === null ? 1000 : 10 }) };
      })
      .on('GET', '/materials', {
        body: laravelList([material('Walnut'), material('Teak')], { perPage: 10 }),
      })
      .on('POST', '/materials/update', {
        body: { action: 'move', success: [{ name: 'Walnut' }, { name: 'Teak' }], failed: [] },
      });
    const user = userEvent.setup();
    render(
      <RefineHarness
        path="/materials/categories/1"
        routePath="materials/categories/:categoryId"
        i18n={portalI18n('en')}
      >
        <TreeBrowserPage resource={categories} action="list" />
      </RefineHarness>,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select Walnut' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Teak' }));
    await user.click(screen.getByRole('button', { name: 'Move to categories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move materials' });
    await dialogFocused(dialog);
    await user.click(within(dialog).getByRole('button', { name: /^Categories/ }));
    const tree = within(dialog).getByRole('group', { name: 'Categories' });
    expect(within(tree).getByRole('textbox', { name: 'Search categories' })).toHaveFocus();
    await within(tree).findByRole('checkbox', { name: 'Oak' });
    expect(within(tree).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(tree).getByRole('checkbox', { name: 'Oak' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    await screen.findByText('2 Materials successfully moved');
    const [call] = api.calls('/materials/update', 'POST');
    expect(formEntries(call.body)).toMatchObject({
      action: 'move',
      'categories[0][id]': '2',
      remove_from_current_categories: '0',
    });
  });
});
