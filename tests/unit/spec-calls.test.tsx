/**
 * Issue 31: the requests the portal sends are the calls of spec 2 §7, through the real data provider:
 *
 * | GET | /projects | per_page, page, sort, filter[search], filter[status], filter[label], included_fields[] |
 * | GET | /projects/models | same query style; also excluded_fields, filter[status] |
 * | GET | /libraries | filter[parent_id], filter[status], filter[search], included_fields |
 * | GET | /libraries/{id} | included_fields (name, meta_data) |
 * | POST | /libraries/update | form: libraries[n][id], action (delete, archive, activate) |
 * | GET | /libraries/items | filter[library], filter[search], filter[status], included_fields |
 * | GET | /materials | filter[category], filter[search], filter[status], excluded_fields |
 * | PATCH | /materials/{name} | name, archived |
 * | GET | /materials/categories | filter[parent_id], excluded_fields |
 * | POST | /materials/categories/update | categories[n][id], action |
 * | GET | /users | plus filter[admin] (default false), excluded_fields |
 * | GET | /roles | plus excluded_fields; also used by the role picker |
 * | GET / DELETE | /admin/users, /admin/users/{id} | list query, excluded_fields |
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '@/providers/data-provider';
import ResourceListPage from '@/pages/list/ResourceListPage';
import TreeBrowserPage from '@/pages/tree/TreeBrowserPage';
import { RESOURCES } from '@/resources/index';
import { PROCESSOR_TABS } from '@/pages/processor/processor-tabs';
import type { ResourceDeclaration } from '@/declarations/types';
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

const declaration = (name: string) => RESOURCES.find((resource) => resource.name === name)!;
const processorTab = (key: string) => PROCESSOR_TABS.find((tab) => tab.key === key)!.resource;

beforeEach(() => {
  signInAs(aliceUser);
  tenantStore.setTenant(acmeTenant);
});

/** The query of the list call a declaration's list makes (its `list.meta`), as the data provider sends it. */
async function listQueryOf(resource: ResourceDeclaration) {
  const api = stubApi().on('GET', `/${resource.name}`, { body: laravelList([]) });
  await createDataProvider().getList({
    resource: resource.name,
    pagination: { currentPage: 1, pageSize: resource.list!.pageSize },
    meta: resource.list!.meta,
  });
  return api.calls(`/${resource.name}`)[0].query;
}

describe('included_fields[] and excluded_fields[] of the lists (spec 2 §7)', () => {
  it('the projects list names the project fields it shows (spec 2 §3)', async () => {
    const query = await listQueryOf(declaration('projects'));
    expect(query.getAll('included_fields[]')).toEqual([
      'projects.id',
      'projects.status',
      'projects.preview_image',
      // The cover its image column shows (issue 42).
      'projects.cover_image',
      'projects.name',
      'projects.description',
      'projects.labels',
      'projects.created_at',
      'projects.updated_at',
      'projects.users',
      'projects.is_favorited',
    ]);
    expect(query.has('excluded_fields[]')).toBe(false);
  });

  it.each([
    ['libraries', declaration('libraries'), 'libraries.indirect_items_count'],
    ['libraries/items', declaration('libraries/items'), 'items.uploader_name'],
    ['libraries/items (processor)', processorTab('items'), 'items.latest_geometry_event'],
  ])('%s sends included_fields', async (_name, resource, field) => {
    const query = await listQueryOf(resource);
    const included = query.getAll('included_fields[]');
    expect(included).toContain(field);
    expect(included).toContain(`${field.split('.')[0]}.id`);
    expect(included).toContain(`${field.split('.')[0]}.name`);
    expect(query.has('excluded_fields[]')).toBe(false);
  });

  it.each([
    ['projects/models (processor)', processorTab('models'), ['models.project_id', 'models.deleted_at']],
    [
      'materials',
      declaration('materials'),
      ['materials.description', 'materials.viewer_texture_url', 'materials.deleted_at'],
    ],
    [
      'materials (processor)',
      processorTab('materials'),
      ['materials.description', 'materials.viewer_texture_url', 'materials.deleted_at'],
    ],
    [
      'materials/categories',
      declaration('materials/categories'),
      ['categories.meta_data', 'categories.deleted_at'],
    ],
    ['users', declaration('users'), ['users.abilities', 'users.project_count']],
    ['roles', declaration('roles'), ['roles.abilities', 'roles.notification_settings']],
    ['admin/users', declaration('admin/users'), ['users.abilities', 'users.project_count']],
  ])('%s sends excluded_fields', async (_name, resource, fields) => {
    const query = await listQueryOf(resource);
    expect(query.getAll('excluded_fields[]')).toEqual(fields);
    expect(query.has('included_fields[]')).toBe(false);
  });

  it('the users list keeps filter[admin]=false beside them', async () => {
    const query = await listQueryOf(declaration('users'));
    expect(query.get('filter[admin]')).toBe('false');
  });
});

describe('a library in the tree (GET /libraries/{id} | included_fields (name, meta_data))', () => {
  it('asks for its name and breadcrumbs only, and lists its sub-libraries with the included fields', async () => {
    const api = stubApi()
      .on('GET', '/libraries/5', {
        body: {
          data: { name: 'Office Chairs', meta_data: { breadcrumbs: [{ id: 5, name: 'Office Chairs' }] } },
        },
      })
      .on('GET', '/libraries', { body: laravelList([]) })
      .on('GET', '/libraries/items', { body: laravelList([]) });
    const libraries = declaration('libraries');
    render(
      <RefineHarness path="/libraries/5" routePath="libraries/:libraryId" i18n={portalI18n('en')}>
        <TreeBrowserPage resource={libraries} action="list" />
      </RefineHarness>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Office Chairs' });
    const [read] = api.calls('/libraries/5');
    expect(read.query.getAll('included_fields[]')).toEqual(['libraries.name', 'libraries.meta_data']);
    await screen.findAllByText('No Libraries Found');
    const [list] = api.calls('/libraries');
    expect(list.query.get('filter[parent_id]')).toBe('5');
    expect(list.query.getAll('included_fields[]')).toContain('libraries.is_deletable');
  });
});

describe('PATCH /materials/{name} | name, archived', () => {
  const material = { name: 'Oak Veneer', status: 'ACTIVE' };
  const archiveCall = (resource: ResourceDeclaration, key: string, record: object) =>
    resource.list!.rowActions!.find((action) => action.key === key)!.call!(record as never);

  it.each([
    ['the materials list', declaration('materials')],
    ["the processor's Materials tab", processorTab('materials')],
  ])('%s archives and unarchives with the name and the flag', (_where, resource) => {
    expect(archiveCall(resource, 'archive', material)).toMatchObject({
      method: 'patch',
      path: 'materials/Oak%20Veneer',
      values: { name: 'Oak Veneer', archived: true },
    });
    expect(archiveCall(resource, 'unarchive', { ...material, status: 'ARCHIVED' })).toMatchObject({
      method: 'patch',
      path: 'materials/Oak%20Veneer',
      values: { name: 'Oak Veneer', archived: false },
    });
  });
});

describe('deleting one library or category through its bulk endpoint (spec 2 §7, §8)', () => {
  const library = {
    id: 1,
    name: 'Chairs',
    description: null,
    preview_image: null,
    parent_id: null,
    status: 'ACTIVE',
    status_color: '#52c41a',
    labels: [],
    indirect_items_count: 3,
    is_deletable: true,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
  };
  const category = {
    id: 1,
    name: 'Woods',
    description: null,
    preview_image_url: null,
    parent_id: null,
    status: 'ACTIVE',
    status_color: '#52c41a',
    indirect_materials_count: 2,
    deletable: true,
    sub_categories: [],
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
  };

  const cases = [
    {
      name: 'libraries',
      record: library,
      confirmation: 'Are you sure you want to delete this library and all its descendants?',
      banner: '1 Libraries successfully deleted',
      form: { action: 'delete', 'libraries[0][id]': '1' },
      abilities: ['list-libraries', 'delete-libraries'],
    },
    {
      name: 'materials/categories',
      record: category,
      confirmation: 'Are you sure you want to delete this category?',
      banner: '1 Categories successfully deleted',
      form: { action: 'delete', 'categories[0][id]': '1' },
      abilities: ['list-materials', 'list-material-categories', 'delete-material-categories'],
    },
  ];

  let api: ApiStub;
  it.each(cases)(
    '$name: Delete in the row menu sends POST /$name/update with the one record, and shows the bulk banner',
    async ({ name, record, confirmation, banner, form, abilities }) => {
      signInAs({ ...aliceUser, abilities });
      api = stubApi()
        .on('GET', `/${name}`, { body: laravelList([record], { perPage: 10 }) })
        .on('POST', `/${name}/update`, {
          body: { action: 'delete', success: [{ id: record.id, name: record.name }], failed: [] },
        });
      const user = userEvent.setup();
      render(
        <RefineHarness path={`/${name}`} routePath="*" i18n={portalI18n('en')}>
          <ResourceListPage resource={declaration(name)} action="list" />
        </RefineHarness>,
      );
      await user.click(await screen.findByRole('button', { name: `Actions for ${record.name}` }));
      await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
      expect(within(dialog).getByText(confirmation)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      await statuses.shown(banner);
      const calls = api.calls(`/${name}/update`, 'POST');
      expect(calls).toHaveLength(1);
      expect(formEntries(calls[0].body)).toEqual(form);
      expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);
    },
  );
});
