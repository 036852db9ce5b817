/**
 * The management declarations of libraries, items, materials and material categories against spec 2 §5, §7 and
 * §8, over the real registry and texts: every bulk action asks first (its confirmation in English and Dutch, or
 * its own dialog), every grid of cards offers the row menu, a library (and a material category) is archived and
 * activated singly through its bulk endpoint with §8's message (a card's menu, by keyboard), items keep their
 * `PATCH /libraries/items/{id}`.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import ResourceListPage from '@/pages/list/ResourceListPage';
import { RESOURCES } from '@/resources/index';
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
const en = portalI18n('en');
const nl = portalI18n('nl');
/** The text of a key in that language only (no fallback to English). */
const text = (i18n: typeof en, resource: ResourceDeclaration, key: string) =>
  i18n.getResource(i18n.language, resource.ns, key) as string | undefined;

/** The lists with bulk actions of their own; those with Edit alone (issue 46) are bulk-edit.test.ts's. */
const withBulk = RESOURCES.filter((resource) => resource.list?.bulk?.actions.length);

describe('the bulk actions of every declaration', () => {
  it('are the four lists of spec 2 §7 that have them', () => {
    expect(withBulk.map((resource) => resource.name).sort()).toEqual([
      'libraries',
      'libraries/items',
      'materials',
      'materials/categories',
    ]);
  });

  it.each(withBulk.map((resource) => [resource.name, resource] as const))(
    '%s: each asks first (spec 2 §5), its confirmation worded in English and Dutch',
    (_name, resource) => {
      for (const action of resource.list!.bulk!.actions) {
        if (action.form) continue; // its own dialog (a move's targets) is the confirmation
        expect(action.confirmKey, `${resource.name} ${action.action}`).toBeTruthy();
        expect(text(en, resource, action.confirmKey!), `${resource.name} ${action.action} en`).toMatch(
          /^Are you sure you want to /,
        );
        expect(text(nl, resource, action.confirmKey!), `${resource.name} ${action.action} nl`).toMatch(
          /^Weet je zeker dat je /,
        );
      }
    },
  );

  it("material categories' archive and activate ask like the libraries' do", () => {
    const categories = declaration('materials/categories');
    const confirmation = (action: string, i18n: typeof en) =>
      text(
        i18n,
        categories,
        categories.list!.bulk!.actions.find((declared) => declared.action === action)!.confirmKey!,
      );
    expect(confirmation('archive', en)).toBe('Are you sure you want to archive the selected categories?');
    expect(confirmation('activate', en)).toBe('Are you sure you want to activate the selected categories?');
    expect(confirmation('archive', nl)).toBe(
      'Weet je zeker dat je de geselecteerde categorieën wilt archiveren?',
    );
    expect(confirmation('activate', nl)).toBe(
      'Weet je zeker dat je de geselecteerde categorieën wilt activeren?',
    );
  });
});

describe('the cards of every declaration', () => {
  const withCards = RESOURCES.filter((resource) => resource.list?.cards);

  it.each(withCards.map((resource) => [resource.name, resource] as const))(
    '%s: carry the row menu of its rows',
    (_name, resource) => {
      const list = resource.list!;
      expect(list.rowActions?.length || resource.deletion).toBeTruthy();
      expect(list.cards!.menu).not.toBe(false);
    },
  );
});

describe('single archive and activate', () => {
  it.each(['libraries', 'materials/categories'])(
    'of one of %s runs the bulk action on that one (spec 2 §7 has no other call for it)',
    (name) => {
      const resource = declaration(name);
      const row = (key: string) => resource.list!.rowActions!.find((action) => action.key === key)!;
      expect(row('archive').call).toBeUndefined();
      expect(row('archive').bulk).toEqual({ action: 'archive', confirmKey: 'archiveConfirm' });
      expect(row('activate').call).toBeUndefined();
      expect(row('activate').bulk).toEqual({ action: 'activate', confirmKey: 'activateConfirm' });
    },
  );

  it.each([
    ['libraries', 'activate'],
    ['materials/categories', 'activate'],
    ['libraries/items', 'unarchive'],
    ['materials', 'unarchive'],
  ])(
    'of one of %s offers Archive, or %s once archived, each with its texts in both languages',
    (name, back) => {
      const resource = declaration(name);
      const row = (key: string) => resource.list!.rowActions!.find((action) => action.key === key)!;
      const active = { id: 7, name: 'Oak', status: 'ACTIVE' };
      const archived = { ...active, status: 'ARCHIVED' };
      expect([row('archive').visible!(active), row(back).visible!(active)]).toEqual([true, false]);
      expect([row('archive').visible!(archived), row(back).visible!(archived)]).toEqual([false, true]);
      for (const [action, record] of [
        [row('archive'), active],
        [row(back), archived],
      ] as const) {
        const call = action.call?.(record as never);
        const keys = [action.labelKey, action.bulk?.confirmKey, call?.confirmKey, call?.successKey].filter(
          (key): key is string => !!key,
        );
        expect(keys.length).toBeGreaterThan(1);
        for (const key of keys) {
          expect(text(en, resource, key), `${name} ${key}`).toBeTruthy();
          expect(text(nl, resource, key), `${name} ${key}`).toBeTruthy();
        }
      }
    },
  );

  it('of an item patches the item (PATCH /libraries/items/{id}, archived true or false)', () => {
    const items = declaration('libraries/items');
    const item = { id: 7, status: 'FINISHED' };
    const call = (key: string) =>
      items.list!.rowActions!.find((action) => action.key === key)!.call!(item as never);
    expect(call('archive')).toMatchObject({
      method: 'patch',
      path: 'libraries/items/7',
      values: { archived: true },
    });
    expect(call('unarchive')).toMatchObject({
      method: 'patch',
      path: 'libraries/items/7',
      values: { archived: false },
    });
  });

  it('row actions running a bulk action name a declared one with a confirmation', () => {
    for (const resource of RESOURCES) {
      for (const action of resource.list?.rowActions ?? []) {
        if (!action.bulk) continue;
        const bulk = resource.list!.bulk?.actions.find((declared) => declared.action === action.bulk!.action);
        expect(bulk?.confirmKey, `${resource.name} ${action.key}`).toBeTruthy();
        if (action.bulk.confirmKey) {
          expect(text(en, resource, action.bulk.confirmKey)).toBeTruthy();
          expect(text(nl, resource, action.bulk.confirmKey)).toBeTruthy();
        }
      }
    }
  });
});

describe('a library card', () => {
  const library = (id: number, name: string, status: 'ACTIVE' | 'ARCHIVED', deletable = true) => ({
    id,
    name,
    description: null,
    preview_image: null,
    parent_id: null,
    status,
    status_color: status === 'ACTIVE' ? '#52c41a' : '#8c8c8c',
    labels: [],
    sub_libraries: [],
    indirect_items_count: 3,
    is_deletable: deletable,
    meta_data: { breadcrumbs: [{ id, name }] },
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
  });

  let api: ApiStub;
  beforeEach(() => {
    signInAs({
      ...aliceUser,
      abilities: ['list-libraries', 'update-libraries', 'delete-libraries'],
    });
    tenantStore.setTenant(acmeTenant);
    api = stubApi().on('GET', '/libraries', {
      body: laravelList([library(1, 'Chairs', 'ACTIVE'), library(2, 'Tables', 'ARCHIVED', false)], {
        perPage: 10,
      }),
    });
  });

  const renderLibraries = () =>
    render(
      <RefineHarness path="/libraries" routePath="*" i18n={portalI18n('en')}>
        <ResourceListPage resource={declaration('libraries')} action="list" />
      </RefineHarness>,
    );

  it("archives its library by keyboard from the card's menu: one id to POST /libraries/update, §8's message", async () => {
    api.on('POST', '/libraries/update', {
      body: { action: 'archive', success: [{ id: 1, name: 'Chairs' }], failed: [] },
    });
    const user = userEvent.setup();
    renderLibraries();
    const cards = await screen.findByRole('list', { name: 'Libraries' });
    const chairs = within(cards).getByText('Chairs').closest('li')!;
    within(chairs).getByRole('button', { name: 'Actions for Chairs' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Archive', 'Delete']);
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText('Are you sure you want to archive this library?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    await statuses.shown('1 Libraries successfully archived');
    const calls = api.calls('/libraries/update', 'POST');
    expect(calls).toHaveLength(1);
    expect(formEntries(calls[0].body)).toEqual({ action: 'archive', 'libraries[0][id]': '1' });
    expect(api.requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('offers Activate for an archived library, and Delete disabled with its reason when not deletable', async () => {
    const user = userEvent.setup();
    renderLibraries();
    const cards = await screen.findByRole('list', { name: 'Libraries' });
    const tables = within(cards).getByText('Tables').closest('li')!;
    await user.click(within(tables).getByRole('button', { name: 'Actions for Tables' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Activate' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Archive' })).not.toBeInTheDocument();
    const remove = within(menu).getByRole('menuitem', { name: 'Delete' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription(
      'This library or a library below it is still connected to a model',
    );
  });
});
