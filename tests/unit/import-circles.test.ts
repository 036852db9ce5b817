// @vitest-environment node
/**
 * No import goes round in a circle (ARCHITECTURE.md "The rules"), not even through a lazy load (`import(…)`, or the
 * type of one, `typeof import(…)`) or a folder's loader (a registry that finds its modules rather than listing
 * them: `import.meta.glob(…)` in src/, a `readdir` with `import(pathToFileURL(…))` in server/): a type or helper
 * both sides need lives in a small module below them. A declaration's lazily loaded pages take their links from
 * such a module, not from the declaration; the shell's lazy screens never import the list that loads them; the
 * floating machinery of the light components (`floating-machinery.ts`, its panels) never imports its triggers or
 * its loader; no module below server/api loads the endpoint modules (their declarations reach the layers below
 * through the app's context).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const ALIASES: Record<string, string> = { '@/': 'src/', '@shared/': 'shared/' };

interface Imports {
  /** Loaded with the module (`import`, `import type`, `export … from`). */
  static: string[];
  /** Loaded apart (`import(…)`, `typeof import(…)`), and the modules a folder's loader finds. */
  lazy: string[];
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The tree's file a specifier names (null: a package, a stylesheet or an asset). */
function resolveSpecifier(from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  let base: string;
  if (alias) base = ALIASES[alias] + specifier.slice(alias.length);
  else if (specifier.startsWith('.')) base = relative(ROOT, resolve(ROOT, dirname(from), specifier));
  else return null;
  // The server's ES modules may name a TypeScript file by its compiled name (`../shared/session.js`).
  const compiled = base.replace(/\.js$/, '');
  const candidates = [base, `${compiled}.ts`, `${compiled}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return (
    candidates.find(
      (path) => /\.tsx?$/.test(path) && existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile(),
    ) ?? null
  );
}

const parsed = new Map<string, Imports>();

/**
 * A file's imports, read as text (a parser took seconds for the tree): a statement at the start of a line,
 * `import … from '…'`, `import '…'` or `export … from '…'`, is loaded with the module; `import('…')` anywhere is a
 * lazy load.
 */
const STATIC_IMPORT = /^[ \t]*(?:(?:import|export)\b[^'";]*?\bfrom|import)\s*['"]([^'"]+)['"]/gm;
const LAZY_IMPORT = /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** `import.meta.glob('…', …)`: its pattern of `*` segments, relative to the file. */
const GLOB_IMPORT = /\bimport\.meta\.glob\s*(?:<[^>]*>)?\s*\(\s*['"]([^'"]+)['"]/g;
/** A server registry's load of the files it read from a folder. */
const FOLDER_LOAD = /\bimport\s*\(\s*pathToFileURL\s*\(/;
/** The folders such a registry names: `join(import.meta.dirname, 'migrations')`, or `import.meta.dirname` itself. */
const NAMED_FOLDER = /\bjoin\(\s*import\.meta\.dirname((?:\s*,\s*'[^']+')*)\s*\)|\bimport\.meta\.dirname\b/g;

/** The modules of the tree whose path, relative to `from`'s folder, matches a glob of `*` segments. */
function globbed(from: string, pattern: string): string[] {
  const parts = relative(ROOT, resolve(ROOT, dirname(from), pattern)).split('/');
  const walk = (folder: string, rest: string[]): string[] => {
    const [part, ...more] = rest;
    if (!existsSync(join(ROOT, folder)) || !statSync(join(ROOT, folder)).isDirectory()) return [];
    const matcher = new RegExp(`^${part!.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    const names = part!.includes('*')
      ? readdirSync(join(ROOT, folder)).filter((name) => matcher.test(name))
      : [part!];
    return names.flatMap((name) => {
      const path = folder ? `${folder}/${name}` : name;
      if (!more.length)
        return existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile() ? [path] : [];
      return walk(path, more);
    });
  };
  return walk('', parts);
}

/** The modules a server registry may load: every TypeScript file of the folders it names but itself. */
function folderLoaded(file: string, text: string): string[] {
  if (!FOLDER_LOAD.test(text)) return [];
  const folders = new Set(
    [...text.matchAll(NAMED_FOLDER)].map(([, segments]) =>
      join(dirname(file), ...[...(segments ?? '').matchAll(/'([^']+)'/g)].map(([, segment]) => segment!)),
    ),
  );
  return [...folders].flatMap((folder) =>
    existsSync(join(ROOT, folder))
      ? readdirSync(join(ROOT, folder))
          .filter((name) => /\.tsx?$/.test(name))
          .map((name) => join(folder, name))
          .filter((path) => path !== file && statSync(join(ROOT, path)).isFile())
      : [],
  );
}

function importsOf(file: string): Imports {
  const known = parsed.get(file);
  if (known) return known;
  const text = readFileSync(join(ROOT, file), 'utf8');
  const targets = (pattern: RegExp) =>
    [...text.matchAll(pattern)].flatMap(([, specifier]) => resolveSpecifier(file, specifier!) ?? []);
  const found = {
    static: targets(STATIC_IMPORT),
    lazy: [
      ...targets(LAZY_IMPORT),
      ...[...text.matchAll(GLOB_IMPORT)].flatMap(([, pattern]) => globbed(file, pattern!)),
      ...folderLoaded(file, text),
    ],
  };
  parsed.set(file, found);
  return found;
}

/** The circles (strongly connected components of more than one file, or a file importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return found;
}

function graphOf(files: string[]): Map<string, string[]> {
  const inside = new Set(files);
  return new Map(
    files.map((file) => {
      const { static: loaded, lazy } = importsOf(file);
      return [file, [...loaded, ...lazy].filter((target) => inside.has(target))];
    }),
  );
}

describe('import circles', () => {
  it('has none in src/, server/ or shared/, not even through a lazy load', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('server'), ...sourceFiles('shared')];
    expect(circles(graphOf(files))).toEqual([]);
  });

  it("sees the modules a folder's loader finds", () => {
    const graph = graphOf([...sourceFiles('src'), ...sourceFiles('server')]);
    expect(graph.get('src/resources/index.ts')).toContain('src/resources/projects/projects.resource.tsx');
    expect(graph.get('src/shell/routes/first-lists.ts')).toContain('src/resources/projects/list-settings.ts');
    expect(graph.get('server/api/index.ts')).toContain('server/api/my-account.ts');
    expect(graph.get('server/db/migrate.ts')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^server\/db\/migrations\/.+\.ts$/)]),
    );
    expect(graph.get('server/seed/index.ts')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^server\/seed\/areas\/.+\.ts$/)]),
    );
  });

  it('sees a circle where there is one (the check itself)', () => {
    const graph = graphOf(sourceFiles('src/ui'));
    expect(graph.get('src/ui/floating-machinery-loader.ts')).toContain('src/ui/floating-machinery.ts');
    expect(graph.get('src/ui/floating-machinery.ts')).toContain('src/ui/MenuPanel.tsx');
    expect(
      circles(new Map([...graph, ['src/ui/MenuPanel.tsx', ['src/ui/floating-machinery-loader.ts']]])),
    ).toEqual([
      ['src/ui/MenuPanel.tsx', 'src/ui/floating-machinery-loader.ts', 'src/ui/floating-machinery.ts'],
    ]);
  });
});
