/**
 * A first visit in as few files as it has layers: code-splitting groups that put each layer of a first visit into
 * one chunk (and its styles into one style sheet) instead of the many shared chunks the automatic splitting makes
 * of it. The layers, in load order: what the entry runs first, the portal's root, and what every signed-in screen
 * loads around its page. Each file costs the browser work of its own on the main thread (its request, its
 * response, its module record), and each chunk boundary costs bytes (the imports and exports between them):
 * docs/performance.md, web; the measurements in the git history of README.md.
 *
 * A layer holds the static import closure of its modules, less what an earlier layer holds, and less every module
 * that a screen which does not load the layer also imports: such a module keeps the automatic splitting, so no
 * screen loads more than it would without the layers. A screen loads a layer when the layer's modules can load
 * its page (statically or through `import()`), when its page is one of the layer's `pagesWithin`, or when it
 * imports one of the layer's modules itself. Modules loaded through `import()` other than the layer's own keep
 * chunks of their own.
 *
 * The build's inputs stay the facades of their own chunks. A layer's module loaded through `import()` has no
 * manifest entry of its own once the layer holds it, so the plugin writes `.vite/module-chunks.json`, the manifest
 * key of the chunk that holds each of them (read through `readPortalManifest`, server/portal-preloads.ts).
 */
import type { Plugin, Rollup } from 'vite';

export interface FirstVisitLayer {
  /** The chunk's name. */
  name: string;
  /** Modules whose static import closure the layer holds. */
  modules: readonly string[];
  /** Pages that load the layer without importing it: routes rendered only inside one of its modules. */
  pagesWithin?: readonly string[];
}

/** The parts of the module graph the layers are computed from. */
export interface ModuleGraph {
  /** The build's inputs and the modules loaded through `import()`. */
  roots: ReadonlySet<string>;
  imports: (id: string) => readonly string[];
  dynamicImports: (id: string) => readonly string[];
}

/** A code-splitting group (`build.rolldownOptions.output.codeSplitting.groups`). */
export interface LayerGroup {
  name: string;
  priority: number;
  includeDependenciesRecursively: false;
  test: (id: string) => boolean;
}

export const MODULE_CHUNKS_FILE = '.vite/module-chunks.json';

function reachable(starts: Iterable<string>, next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  while (pending.length) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...next(id));
  }
  return seen;
}

/** The layer that holds each module, for the modules a layer holds (module ids throughout). */
export function assignLayers(graph: ModuleGraph, layers: readonly FirstVisitLayer[]): Map<string, string> {
  const layerOf = new Map<string, string>();
  const closures = new Map<string, Set<string>>();
  const staticClosure = (root: string) => {
    let closure = closures.get(root);
    if (!closure) closures.set(root, (closure = reachable([root], graph.imports)));
    return closure;
  };
  const anyImport = (id: string) => [...graph.imports(id), ...graph.dynamicImports(id)];
  for (const layer of layers) {
    const loadable = reachable([...layer.modules, ...(layer.pagesWithin ?? [])], anyImport);
    const loadsLayer = (root: string) =>
      loadable.has(root) || layer.modules.some((module) => staticClosure(root).has(module));
    const usedElsewhere = new Set<string>();
    for (const root of graph.roots)
      if (!loadsLayer(root)) staticClosure(root).forEach((id) => usedElsewhere.add(id));
    const mayHold = (id: string) => !layerOf.has(id) && !usedElsewhere.has(id);
    for (const id of reachable(layer.modules, graph.imports))
      if ((layer.modules.includes(id) || !graph.roots.has(id)) && mayHold(id)) layerOf.set(id, layer.name);
  }
  return layerOf;
}

export interface FirstVisitLayers {
  plugin: Plugin;
  /** For `codeSplitting.groups`: their priorities put them before any other group. */
  groups: LayerGroup[];
}

/** The layers' plugin and groups, for layers of modules named relative to `root` (the project's directory). */
export function firstVisitLayers(root: string, layers: readonly FirstVisitLayer[]): FirstVisitLayers {
  const absolute = (module: string) => `${root}/${module}`;
  const relative = (id: string) => (id.startsWith(`${root}/`) ? id.slice(root.length + 1) : id);
  const layerModules = new Set(layers.flatMap((layer) => layer.modules));
  // Filled once the module graph is complete (buildEnd), read when the chunks are made.
  let layerOf = new Map<string, string>();
  const inputs = new Set<string>();
  const plugin: Plugin = {
    name: 'portal:first-visit-layers',
    apply: 'build',
    buildEnd() {
      const info = (id: string): Rollup.ModuleInfo => {
        const module = this.getModuleInfo(id);
        if (!module) this.error(`first-visit-layers: ${id} is not a module of the build.`);
        return module;
      };
      inputs.clear();
      const roots = new Set<string>();
      for (const id of this.getModuleIds()) {
        const module = info(id);
        if (module.isEntry) inputs.add(id);
        if (module.isEntry || module.dynamicImporters.length) roots.add(id);
      }
      const graph: ModuleGraph = {
        roots,
        imports: (id) => info(id).importedIds,
        dynamicImports: (id) => info(id).dynamicallyImportedIds,
      };
      layerOf = assignLayers(
        graph,
        layers.map((layer) => ({
          name: layer.name,
          modules: layer.modules.map((module) => info(absolute(module)).id),
          pagesWithin: layer.pagesWithin?.map((module) => info(absolute(module)).id),
        })),
      );
    },
    generateBundle(_options, bundle) {
      const held: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        // Vite's manifest key of the chunk: its facade module, or its file name after an underscore.
        const key = output.facadeModuleId
          ? relative(output.facadeModuleId)
          : `_${output.fileName.split('/').pop()}`;
        for (const id of output.moduleIds)
          if (id !== output.facadeModuleId && layerModules.has(relative(id))) held[relative(id)] = key;
      }
      this.emitFile({
        type: 'asset',
        fileName: MODULE_CHUNKS_FILE,
        source: `${JSON.stringify(held, null, 2)}\n`,
      });
    },
  };
  const groups = layers.map((layer, index): LayerGroup => ({
    name: layer.name,
    priority: 100 + layers.length - index,
    // The layer's modules only: what they import from outside it is used by other screens too, and stays so.
    includeDependenciesRecursively: false,
    test: (id) => !inputs.has(id) && layerOf.get(id) === layer.name,
  }));
  return { plugin, groups };
}
