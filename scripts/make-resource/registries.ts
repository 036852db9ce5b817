/**
 * What a new entity must be known by outside its own files today, and how `make:resource` adds it: each edit is a
 * function of the file's text, at a fixed anchor, that fails (before anything is written) when the anchor is gone.
 * - `shared/abilities.ts`: its area of four abilities, at the end of `ABILITY_AREAS`: the role form's area, the
 *   roles' ability enum, the Manager role of the seed and the administrators' abilities follow from it.
 * - the shared namespaces: `screens.<camel>` and `nav.<camel>` (common), `groups.<camel>` (search), `areas.<camel>`
 *   and `abilityNames.<ability>` (securityRoles), in English and Dutch.
 * - `server/db/schema.ts`: the table's type in `Database`, derived from the fields (`DeclaredFieldsTable`), beside
 *   every other table's. Everything else is found (the
 * portal's declarations and list settings by glob, the server's declarations, seed areas and migrations by readdir, the namespaces by
 * the build)
 * or derived from them: the activity entries' collections, the Dutch field names of validation messages (from the
 * namespace's Dutch `fields.*`) and the menu groups' visibility.
 */

function insertBefore(text: string, anchor: RegExp, insertion: string, file: string): string {
  const matches = [...text.matchAll(new RegExp(anchor.source, `${anchor.flags.replace('g', '')}g`))];
  const last = matches.at(-1);
  if (!last || last.index === undefined)
    throw new Error(`${file}: its anchor ${anchor} is gone; add the entity by hand.`);
  return text.slice(0, last.index) + insertion + text.slice(last.index);
}

export function addAbilityArea(text: string, key: string, abilities: readonly string[]): string {
  if (!/export const ABILITY_AREAS = \[/.test(text))
    throw new Error('shared/abilities.ts: ABILITY_AREAS is gone.');
  return insertBefore(
    text,
    /^\] as const satisfies/m,
    `  { key: '${key}', abilities: [${abilities.map((ability) => `'${ability}'`).join(', ')}] },\n`,
    'shared/abilities.ts',
  );
}

/** Adds a declared entity's table to `Database`: its type derived from the fields constant of its values module. */
export function addTableType(
  text: string,
  table: string,
  fieldsConstant: string,
  valuesModule: string,
): string {
  if (!/^export interface Database \{$/m.test(text))
    throw new Error('server/db/schema.ts: Database is gone.');
  const imported = insertBefore(
    text,
    /^import type \{ DeclaredFieldsTable \}/m,
    `import type { ${fieldsConstant} } from '../../shared/entities/${valuesModule}';\n`,
    'server/db/schema.ts',
  );
  const databaseEnd = imported.indexOf('\n}\n', imported.search(/^export interface Database \{$/m));
  return (
    imported.slice(0, databaseEnd + 1) +
    `  ${table}: DeclaredFieldsTable<typeof ${fieldsConstant}>;\n` +
    imported.slice(databaseEnd + 1)
  );
}

/** Adds keys to a namespace file's JSON (as the files are written: two spaces, a final newline). */
export function addTexts(text: string, entries: ReadonlyArray<[string[], unknown]>, file: string): string {
  const root = JSON.parse(text) as Record<string, unknown>;
  for (const [path, value] of entries) {
    let target = root;
    for (const key of path.slice(0, -1)) {
      const next = target[key];
      if (!next || typeof next !== 'object')
        throw new Error(`${file}: "${path.join('.')}" has no parent object.`);
      target = next as Record<string, unknown>;
    }
    const key = path[path.length - 1];
    if (Object.hasOwn(target, key)) throw new Error(`${file}: "${path.join('.')}" exists already.`);
    target[key] = value;
  }
  return `${JSON.stringify(root, null, 2)}\n`;
}

/** Whether a text of a shared namespace file is taken already. */
export function hasText(text: string, path: readonly string[]): boolean {
  let target: unknown = JSON.parse(text);
  for (const key of path) {
    if (!target || typeof target !== 'object' || !Object.hasOwn(target, key)) return false;
    target = (target as Record<string, unknown>)[key];
  }
  return true;
}
