// @vitest-environment node
/**
 * Which modules each first-visit layer holds (scripts/build/first-visit-layers.ts), on a module graph in small: the
 * portal's entry, its root, the sign-in page, and the signed-in screens around refine's root and the route table.
 */
import { describe, expect, it } from 'vitest';
import { assignLayers, type FirstVisitLayer, type ModuleGraph } from '../../scripts/build/first-visit-layers';

const STATIC: Record<string, string[]> = {
  'index.html': ['main'],
  main: ['session', 'http'],
  mount: ['react', 'router', 'http'],
  login: ['button', 'react'],
  portal: ['refine', 'button'],
  'signed-in-routes': ['table', 'icons', 'button'],
  'refine-root': ['refine', 'query'],
  layout: ['icons', 'menu'],
  form: ['table', 'antd'],
  list: ['list-view'],
  'list-view': ['table'],
  'upload-dialog': ['uploads'],
};
const DYNAMIC: Record<string, string[]> = {
  main: ['mount'],
  mount: ['login', 'portal', 'signed-in-routes', 'refine-root', 'layout'],
  'signed-in-routes': ['form', 'list'],
  // An upload dialog opened from the sign-in page and from the layout, loaded when opened.
  login: ['upload-dialog'],
  menu: ['upload-dialog'],
};
const GRAPH: ModuleGraph = {
  roots: new Set(['index.html', ...Object.values(DYNAMIC).flat()]),
  imports: (id) => STATIC[id] ?? [],
  dynamicImports: (id) => DYNAMIC[id] ?? [],
};

const LAYERS: FirstVisitLayer[] = [
  { name: 'start', modules: ['main'] },
  { name: 'root', modules: ['mount'] },
  { name: 'signed-in', modules: ['signed-in-routes', 'refine-root', 'layout'], pagesWithin: ['portal'] },
];

const held = (layers: readonly FirstVisitLayer[], name: string) =>
  [...assignLayers(GRAPH, layers)]
    .filter(([, layer]) => layer === name)
    .map(([id]) => id)
    .sort();

describe('the first-visit layers', () => {
  it('hold their modules with what they import, less what an earlier layer holds', () => {
    expect(held(LAYERS, 'start')).toEqual(['http', 'main', 'session']);
    expect(held(LAYERS, 'root')).toEqual(['mount', 'react', 'router']);
  });

  it('leave out what a screen that does not load the layer uses too, so that screen loads no more', () => {
    const signedIn = held(LAYERS, 'signed-in');
    // The sign-in page uses the button without the signed-in layer.
    expect(signedIn).not.toContain('button');
    // The form and the list load the layer (the route table loads them), so the table they share is in it.
    expect(signedIn).toEqual([
      'icons',
      'layout',
      'menu',
      'query',
      'refine',
      'refine-root',
      'signed-in-routes',
      'table',
    ]);
  });

  it('count a page rendered inside a layer module as loading the layer', () => {
    // /portal uses refine; without `pagesWithin` it is a screen of its own that does not load the layer.
    const without = LAYERS.map(({ pagesWithin: _pagesWithin, ...layer }) => layer);
    expect(held(without, 'signed-in')).not.toContain('refine');
    expect(held(LAYERS, 'signed-in')).toContain('refine');
  });

  it('leave the pages and dialogs loaded through import() in chunks of their own', () => {
    const all = assignLayers(GRAPH, LAYERS);
    for (const page of ['form', 'list', 'login', 'portal', 'upload-dialog'])
      expect(all.has(page), page).toBe(false);
    // ... and what only they use.
    for (const module of ['antd', 'list-view', 'uploads']) expect(all.has(module), module).toBe(false);
  });
});
