// @vitest-environment node
/**
 * A declaration becomes refine's resource, its routes, its menu entry and its search group, written nowhere
 * else; it replaces the placeholder of a screen not declared yet; the real registry has each path and each
 * resource name once.
 */
import { describe, expect, it } from 'vitest';
import {
  actionAccess,
  recordPath,
  refineRoute,
  toRefineResource,
  toResourceRoutes,
} from '@/declarations/derive';
import { isPermitted } from '@/lib/permissions';
import { RESOURCES } from '@/resources/index';
import { defineResource } from '@/declarations/types';
import { buildNavigation, NAVIGATION, navigationResources } from '@/shell/navigation/navigation';
import { ROUTE_TABLE, routeTable } from '@/shell/routes/route-table';
import { buildSearchGroups, SEARCH_GROUPS } from '@/shell/search/search-groups';
import type { UndeclaredScreen } from '@/shell/undeclared-screens';

/**
 * A throw-away entity, declared as a new one would be; it asks the property maps' abilities, since a permission
 * names only abilities of shared/abilities.ts (a new entity adds its own there first).
 */
const stickers = defineResource<{ id: number; name: string }>({
  name: 'stickers',
  ns: 'stickers',
  screen: 'stickers',
  idParam: 'stickerId',
  routes: {
    list: 'tools/stickers',
    create: 'tools/stickers/create',
    edit: 'tools/stickers/edit/:stickerId',
  },
  guard: { ability: 'list-property-maps' },
  actionGuards: { create: { admin: true } },
  permission: { ability: 'list-property-maps' },
  actions: { create: { ability: 'create-property-maps' }, delete: { ability: 'delete-property-maps' } },
  navigation: { labelKey: 'nav.stickers', icon: null, group: 'tools', order: 15 },
  search: { key: 'stickers', order: 105, rowAbility: 'update-property-maps' },
  liveEvents: ['StickersChanged'],
});

/** The placeholder the declaration replaces, and a screen that stays. */
const screens: UndeclaredScreen[] = [
  {
    name: 'stickers',
    routes: [{ path: 'tools/stickers', screen: 'stickers.list' }],
    navigation: { labelKey: 'nav.stickers', icon: null, route: '/tools/stickers', group: 'tools', order: 15 },
  },
  {
    name: 'trash',
    routes: [{ path: 'tools/trash', screen: 'trash' }],
    navigation: { labelKey: 'nav.trash', icon: null, route: '/tools/trash', group: 'tools', order: 40 },
  },
];

describe('deriving from a declaration', () => {
  it("makes refine's resource with refine routes, the access declaration and the live events", () => {
    expect(toRefineResource(stickers)).toEqual({
      name: 'stickers',
      list: '/tools/stickers',
      create: '/tools/stickers/create',
      edit: '/tools/stickers/edit/:id',
      meta: {
        labelKey: 'nav.stickers',
        access: {
          permission: { ability: 'list-property-maps' },
          actions: {
            create: { ability: 'create-property-maps' },
            delete: { ability: 'delete-property-maps' },
          },
        },
        liveEvents: ['StickersChanged'],
        liveChannel: undefined,
        parent: 'tools',
      },
    });
    expect(refineRoute('projects/copy/:projectId', 'projectId')).toBe('/projects/copy/:id');
  });

  it('makes one route per declared route, with the screen name, the guard and the action', () => {
    expect(
      toResourceRoutes(stickers).map(({ path, screen, guard, action }) => ({ path, screen, guard, action })),
    ).toEqual([
      {
        path: 'tools/stickers',
        screen: 'stickers.list',
        guard: { ability: 'list-property-maps' },
        action: 'list',
      },
      { path: 'tools/stickers/create', screen: 'stickers.create', guard: { admin: true }, action: 'create' },
      {
        path: 'tools/stickers/edit/:stickerId',
        screen: 'stickers.edit',
        guard: { ability: 'list-property-maps' },
        action: 'edit',
      },
    ]);
  });

  it('replaces the placeholder routes with routes that load a page', () => {
    const table = routeTable([stickers], screens);
    expect(table.map((entry) => entry.path)).toEqual([
      'tools/trash',
      'tools/stickers',
      'tools/stickers/create',
      'tools/stickers/edit/:stickerId',
    ]);
    expect(table.find((entry) => entry.path === 'tools/stickers')!.page).toBeTypeOf('function');
    // Undeclared, it is a placeholder ('not available yet').
    expect(routeTable([], screens).find((entry) => entry.path === 'tools/stickers')!.page).toBeUndefined();
  });

  it('replaces the menu entry: one entry, in its group by order, with the resource permission', () => {
    const tools = buildNavigation([stickers], screens).find((item) => item.name === 'tools')!;
    expect(tools.children!.map((item) => [item.name, item.route, item.permission])).toEqual([
      ['stickers', '/tools/stickers', { ability: 'list-property-maps' }],
      ['trash', '/tools/trash', undefined],
    ]);
    const names = navigationResources([stickers], screens).map((resource) => resource.name);
    expect(names.filter((name) => name === 'stickers')).toHaveLength(1);
    expect(navigationResources([stickers], screens).find((item) => item.name === 'stickers')!.edit).toBe(
      '/tools/stickers/edit/:id',
    );
  });

  it('shows a group when any of its entries is permitted, a declared entry included', () => {
    const user = (abilities: string[]) => ({ admin: false, abilities, licenses: [] });
    const [placeholder] = screens;
    const tools = buildNavigation([stickers], [placeholder]).find((item) => item.name === 'tools')!;
    expect(isPermitted(user(['list-property-maps']), 'hatch', tools.permission)).toBe(true);
    expect(isPermitted(user(['view-roles']), 'hatch', tools.permission)).toBe(false);
    const real = (name: string) => NAVIGATION.find((item) => item.name === name)!.permission;
    // Spec 1 §6: Tools for list-downloads, list-labels or access-recycling-bin; Security for its three abilities.
    for (const ability of ['list-downloads', 'list-labels', 'access-recycling-bin'])
      expect(isPermitted(user([ability]), 'hatch', real('tools'))).toBe(true);
    // Property Maps' entry also needs its route's tools abilities: on its own it opens no group.
    expect(isPermitted(user(['list-property-maps']), 'hatch', real('tools'))).toBe(false);
    for (const ability of ['view-system-users', 'view-roles', 'view-groups'])
      expect(isPermitted(user([ability]), 'hatch', real('security'))).toBe(true);
    expect(isPermitted(user(['list-labels']), 'hatch', real('security'))).toBe(false);
    expect(isPermitted(user(['view-roles']), 'hatch', real('admin'))).toBe(false);
    expect(isPermitted({ ...user([]), admin: true }, 'hatch', real('admin'))).toBe(true);
  });

  it('derives its search group from the declaration', () => {
    const [group] = buildSearchGroups([stickers]);
    expect(group).toMatchObject({
      key: 'stickers',
      order: 105,
      resource: 'stickers',
      ability: 'list-property-maps',
      viewAll: '/tools/stickers',
      viewAllLabel: 'viewAll',
      rowAbility: 'update-property-maps',
    });
    expect(group.rowTarget({ id: 4 })).toEqual({ to: '/tools/stickers/edit/4' });
  });

  it('an action needs the resource permission and its own', () => {
    expect(actionAccess(stickers, 'create')).toEqual({
      permission: { ability: 'list-property-maps' },
      actions: { create: { ability: 'create-property-maps' } },
    });
  });

  it('keys records by their declared id field, URL-encoded (materials by name)', () => {
    const materials = { idParam: 'materialName', idField: 'name' };
    expect(recordPath('materials/edit/:materialName', materials, { id: 1, name: 'Oak / natural' })).toBe(
      '/materials/edit/Oak%20%2F%20natural',
    );
  });
});

describe('the registry of the portal', () => {
  it('has every route path once', () => {
    const paths = ROUTE_TABLE.map((route) => route.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it("has every refine resource name once, and every search group's key once", () => {
    const names = navigationResources().map((resource) => resource.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    const keys = SEARCH_GROUPS.map((group) => group.key);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('finds the declarations without a list of them', () => {
    expect(RESOURCES.map((resource) => resource.name)).toEqual(
      expect.arrayContaining(['projects', 'projects/models']),
    );
  });

  it('shows the declared resources in the side navigation', () => {
    expect(NAVIGATION.map((item) => item.name).slice(0, 3)).toEqual(['dashboard', 'projects', 'libraries']);
    expect(navigationResources().map((resource) => resource.name)).toContain('projects/models');
  });
});
