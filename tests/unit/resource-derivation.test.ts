/** A declaration becomes refine's resource, route-table entries and a navigation entry, written nowhere else. */
import { describe, expect, it } from 'vitest';
import { actionAccess, refineRoute, toRefineResource, toRouteEntries } from '@/resources/derive';
import { RESOURCES } from '@/resources/index';
import { defineResource } from '@/resources/types';
import { mergeNavigation, NAVIGATION, navigationResources } from '@/shell/navigation/navigation';
import { ROUTE_TABLE } from '@/shell/routes/route-table';

const labels = defineResource({
  name: 'labels',
  ns: 'labels',
  screen: 'labels',
  idParam: 'labelId',
  routes: { list: 'tools/labels', create: 'tools/labels/create', edit: 'tools/labels/edit/:labelId' },
  guard: { ability: 'list-labels' },
  actionGuards: { create: { admin: true } },
  permission: { ability: 'list-labels' },
  actions: { create: { ability: 'create-labels' }, delete: { ability: 'delete-labels' } },
  navigation: { labelKey: 'nav.labels', icon: null, group: 'tools', order: 5 },
  liveEvents: ['LabelsChanged'],
});

describe('deriving from a declaration', () => {
  it("makes refine's resource with refine routes, the access declaration and the live events", () => {
    expect(toRefineResource(labels)).toEqual({
      name: 'labels',
      list: '/tools/labels',
      create: '/tools/labels/create',
      edit: '/tools/labels/edit/:id',
      meta: {
        labelKey: 'nav.labels',
        access: {
          permission: { ability: 'list-labels' },
          actions: { create: { ability: 'create-labels' }, delete: { ability: 'delete-labels' } },
        },
        liveEvents: ['LabelsChanged'],
        liveChannel: undefined,
        parent: 'tools',
      },
    });
    expect(refineRoute('projects/copy/:projectId', 'projectId')).toBe('/projects/copy/:id');
  });

  it('makes one route-table entry per route, with the screen name, the guard and a page', () => {
    const entries = toRouteEntries(labels);
    expect(entries.map(({ path, screen, guard }) => ({ path, screen, guard }))).toEqual([
      { path: 'tools/labels', screen: 'labels.list', guard: { ability: 'list-labels' } },
      { path: 'tools/labels/create', screen: 'labels.create', guard: { admin: true } },
      { path: 'tools/labels/edit/:labelId', screen: 'labels.edit', guard: { ability: 'list-labels' } },
    ]);
    expect(entries.every((entry) => typeof entry.page === 'function')).toBe(true);
  });

  it('an action needs the resource permission and its own', () => {
    expect(actionAccess(labels, 'create')).toEqual({
      permission: { ability: 'list-labels' },
      actions: { create: { ability: 'create-labels' } },
    });
  });

  it('slots the menu entry into its group by order', () => {
    const items = mergeNavigation(
      [
        { name: 'dashboard', labelKey: 'nav.dashboard', icon: null, route: '/', order: 10 },
        {
          name: 'tools',
          labelKey: 'nav.tools',
          icon: null,
          order: 70,
          children: [{ name: 'trash', labelKey: 'nav.trash', icon: null, route: '/tools/trash' }],
        },
      ],
      [labels],
    );
    expect(items[1].children?.map((item) => [item.name, item.route, item.permission])).toEqual([
      ['labels', '/tools/labels', { ability: 'list-labels' }],
      ['trash', '/tools/trash', undefined],
    ]);
  });
});

describe('the declared resources of the portal', () => {
  it('own their routes in the route table (each path once)', () => {
    for (const resource of RESOURCES) {
      for (const entry of toRouteEntries(resource)) {
        expect(ROUTE_TABLE.filter((route) => route.path === entry.path)).toHaveLength(1);
      }
    }
  });

  it('appear in the side navigation and in refine’s resources once', () => {
    expect(NAVIGATION.map((item) => item.name).slice(0, 3)).toEqual(['dashboard', 'projects', 'libraries']);
    const names = navigationResources().map((resource) => resource.name);
    expect(names.filter((name) => name === 'projects')).toHaveLength(1);
    expect(names).toContain('projects/models');
  });
});
