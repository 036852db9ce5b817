/**
 * No module of the portal, the shared code, the server or the scripts imports itself back, through any chain of
 * imports, lazy `import()` included (a declaration's lazily loaded page that imports a constant back from the
 * declaration is a cycle too). The layers' direction is ESLint's (`eslint.config.js`); this walks the whole graph.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const FOLDERS = ['src', 'shared', 'server', 'scripts'];
/** The path aliases of tsconfig.json and vite.config.ts. */
const ALIASES: Array<[string, string]> = [
  ['@/', 'src/'],
  ['@shared/', 'shared/'],
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

/** The module file an import names, or null for a package (or a file that is no module of ours: CSS, JSON). */
function resolveImport(from: string, specifier: string): string | null {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  const base = alias
    ? join(ROOT, alias[1], specifier.slice(alias[0].length))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  const candidates = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending);
  return (
    candidates.find((path) => /\.tsx?$/.test(path) && existsSync(path) && statSync(path).isFile()) ?? null
  );
}

/** The import graph, static and lazy imports alike (TypeScript's own scanner finds both). */
function importGraph(): Map<string, string[]> {
  const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
  return new Map(
    files.map((file) => [
      file,
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((imported) => resolveImport(file, imported.fileName))
        .filter((path): path is string => path !== null),
    ]),
  );
}

/** The graph's cycles: its strongly connected components of more than one module, or a module importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (module: string) => {
    order.set(module, order.size);
    lowest.set(module, order.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const imported of graph.get(module) ?? []) {
      if (!order.has(imported)) {
        visit(imported);
        lowest.set(module, Math.min(lowest.get(module)!, lowest.get(imported)!));
      } else if (onStack.has(imported))
        lowest.set(module, Math.min(lowest.get(module)!, order.get(imported)!));
    }
    if (lowest.get(module) !== order.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)?.includes(module)) found.push(component);
  };
  for (const module of graph.keys()) if (!order.has(module)) visit(module);
  return found.map((component) => component.map((path) => relative(ROOT, path)).sort());
}

describe('imports', () => {
  it('form no cycle, lazy imports included', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(500);
    expect(cycles(graph)).toEqual([]);
  });

  it('are walked lazily too: a cycle closed by an import() is found', () => {
    const a = join(ROOT, 'src/a.ts');
    const b = join(ROOT, 'src/b.ts');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['src/a.ts', 'src/b.ts']]);
    // The models' declaration loads its overview only lazily (`page: () => import('./models.overview')`).
    const models = join(ROOT, 'src/resources/models/models.resource.tsx');
    expect(importGraph().get(models)).toContain(join(ROOT, 'src/resources/models/models.overview.tsx'));
  });
});
