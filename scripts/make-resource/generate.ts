/**
 * The generator behind `npm run make:resource -- <collection> [field:kind …] [options]` (docs/declarations.md
 * "Adding an entity"): writes a new entity of the company, declared once on each side, with everything it needs to
 * be listed, created, edited, deleted, searched, guarded and translated:
 *
 *   shared/entities/<singular>-values.ts            the fields (by kind) and the abilities, once
 *   shared/entities/<collection>.ts                 the API's schemas and record types, derived from the fields
 *   server/db/migrations/<NNNN>_<table>.ts          its table and indexes (found by the migrator in its folder)
 *   server/api/<collection>.entity.ts               the server declaration (and the table's type), from the fields
 *   src/resources/<collection>/<collection>.resource.tsx, list-settings.ts   the portal declaration
 *   src/resources/<collection>/<collection>.overview.tsx   its overview (show page): the details
 *   public/locales/{en,nl}/<collection>.json        its texts
 *   server/seed/areas/<collection>.ts               three demo rows of acme's (a seed area, run after the others)
 *   tests/server/<collection>.test.ts               a server test of its CRUD
 *   tests/e2e/<collection>.spec.ts                  the journey in Chromium: list, create, overview, delete
 *
 * and adds it where a registry still names every entity (registries.ts says which and where). Field kinds: text
 * (required, at most 255; the first one is the record's name, unique in the company), textarea (optional, at most
 * 5000), number (optional integer), boolean (false unless sent), date (optional `YYYY-MM-DD`), color (required
 * `#rgb` or `#rrggbb`); `name:text` when none is given. Options: `--singular=<kebab>` (names.ts says how it is
 * guessed), `--nl-name=<Dutch plural>` (required: the Dutch texts are Dutch), `--nl-singular=<Dutch singular>` (else
 * from the plural's spelling, refused where it cannot tell: `bedrijven`, `straten`), `--nl-article=de|het` (`Nieuwe …`/`Nieuw …`; de by default),
 * `--nl-labels=<field>=<Dutch label>,…` (required for a field whose name has a word the dictionary lacks),
 * `--dry-run` (checks and lists, writes nothing).
 * Bad input (a taken or reserved name, an unknown kind, a bad field name) is refused with the reason and exit code
 * 1, before anything is written.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import * as prettier from 'prettier';
import { dutchLabel, type DutchName, dutchSingular } from './dutch';
import { type Field, parseFields } from './fields';
import { entityNames, type EntityNames } from './names';
import { addAbilityArea, addTableType, addTexts, hasText } from './registries';
import {
  clientDeclaration,
  fieldsConstant,
  e2eTest,
  listSettings,
  migration,
  overviewScreen,
  type Plan,
  seedArea,
  serverDeclaration,
  serverTest,
  sharedSchema,
  sharedTexts,
  sharedValues,
  texts,
  valuesModule,
} from './templates';

/** Names the portal's routes or the API use for something else, or that would read as an action. */
const RESERVED = new Set([
  'admin',
  'api',
  'app',
  'apps',
  'assets',
  'auth',
  'broadcasting',
  'create',
  'dashboard',
  'dev',
  'docs',
  'edit',
  'files',
  'global-search',
  'locales',
  'login',
  'logout',
  'my-account',
  'password-reset',
  'portal',
  'processor',
  'security',
  'settings',
  'tools',
  'trash',
  'unauthorized',
  'update',
  'uploads',
  'user',
]);

const OPTIONS = ['singular', 'nl-name', 'nl-singular', 'nl-article', 'nl-labels', 'dry-run'] as const;
type Option = (typeof OPTIONS)[number];

interface Arguments {
  collection: string;
  fields: string[];
  options: Partial<Record<Option, string>>;
}

function parseArguments(argv: readonly string[]): Arguments {
  const positional: string[] = [];
  const options: Partial<Record<Option, string>> = {};
  for (const argument of argv) {
    if (!argument.startsWith('--')) {
      positional.push(argument);
      continue;
    }
    const [key, ...value] = argument.slice(2).split('=');
    if (!(OPTIONS as readonly string[]).includes(key)) {
      throw new Error(
        `Unknown option --${key} (known: ${OPTIONS.map((option) => `--${option}`).join(', ')}).`,
      );
    }
    options[key as Option] = value.join('=');
  }
  const [collection, ...fields] = positional;
  if (!collection) {
    throw new Error(
      'Usage: npm run make:resource -- <plural-kebab-collection> [field:kind …] [--singular=…]',
    );
  }
  return { collection, fields, options };
}

/** `--nl-labels=serial=Serienummer,founded_on=Opgericht op`: Dutch labels of fields, by field name. */
function givenLabels(option: string | undefined): Record<string, string> {
  if (option === undefined) return {};
  return Object.fromEntries(
    option.split(',').map((entry) => {
      const [field, ...label] = entry.split('=');
      const text = label.join('=').trim();
      if (!field.trim() || !text) throw new Error(`--nl-labels: "${entry}" is no <field>=<Dutch label>.`);
      return [field.trim(), text];
    }),
  );
}

function dutchName(names: EntityNames, options: Arguments['options']): DutchName {
  const article = options['nl-article'] ?? 'de';
  if (article !== 'de' && article !== 'het') throw new Error(`--nl-article=${article}: de or het.`);
  const given = options['nl-name']?.trim();
  if (!given) {
    throw new Error(
      `Give the Dutch name of the ${names.words} with --nl-name=<Dutch plural> (and --nl-singular= where its ` +
        'spelling does not tell the singular): the Dutch texts name the entity in Dutch.',
    );
  }
  const plural = given.toLowerCase();
  const singular = options['nl-singular']?.trim().toLowerCase() || dutchSingular(plural);
  if (!singular) {
    throw new Error(
      `--nl-name=${given}: its singular does not follow from its spelling; give it with --nl-singular=.`,
    );
  }
  return {
    plural,
    singular,
    article,
    labels: givenLabels(options['nl-labels']),
  };
}

/** Refuses fields whose Dutch label would keep English words, unless `--nl-labels` gives it. */
function checkDutchLabels(fields: readonly Field[], dutch: DutchName): void {
  const unknownLabels = Object.keys(dutch.labels).filter(
    (name) => !fields.some((field) => field.name === name),
  );
  if (unknownLabels.length) throw new Error(`--nl-labels names no field: ${unknownLabels.join(', ')}.`);
  const missing = fields.filter(
    (field) => !dutch.labels[field.name] && dutchLabel(field.name).untranslated.length,
  );
  if (!missing.length) return;
  const words = [...new Set(missing.flatMap((field) => dutchLabel(field.name).untranslated))];
  throw new Error(
    `The generator's dictionary has no Dutch for ${words.map((word) => `"${word}"`).join(', ')}: give the ` +
      `Dutch label with --nl-labels=${missing.map((field) => `${field.name}=<Dutch label>`).join(',')}.`,
  );
}

const read = (root: string, path: string) => readFile(join(root, path), 'utf8');

/** Every file's text under `folder` whose name matches. */
async function textsIn(root: string, folder: string, name: RegExp): Promise<Array<[string, string]>> {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && name.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
  return Promise.all(files.map(async (file): Promise<[string, string]> => [file, await read(root, file)]));
}

/** Why the entity's names cannot be used here, if they cannot. */
async function conflicts(root: string, names: EntityNames, abilities: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  if (RESERVED.has(names.kebab) || RESERVED.has(names.singularKebab)) {
    found.push(
      `"${names.kebab}" is reserved: the portal or the API uses the path /${names.kebab} for something else.`,
    );
  }
  const paths = [
    `shared/entities/${names.kebab}.ts`,
    `shared/entities/${valuesModule(names)}.ts`,
    `server/api/${names.kebab}.ts`,
    `server/api/${names.kebab}.entity.ts`,
    `src/resources/${names.kebab}`,
    `public/locales/en/${names.kebab}.json`,
    `public/locales/nl/${names.kebab}.json`,
    `tests/server/${names.kebab}.test.ts`,
    `tests/e2e/${names.kebab}.spec.ts`,
    `server/seed/areas/${names.kebab}.ts`,
  ];
  for (const path of paths) if (existsSync(join(root, path))) found.push(`${path} exists already.`);

  const route = new RegExp(`['\`/]${names.kebab}(/|'|\`)`);
  const table = new RegExp(
    `(create table ${names.snake}\\b|^\\s+${names.snake}: \\w+Table(<[^>]*>)?;$)`,
    'm',
  );
  const sources = [
    ...(await textsIn(root, 'server/api', /\.ts$/)),
    ...(await textsIn(root, 'server/db', /\.ts$/)),
    ...(await textsIn(root, 'src/resources', /\.tsx?$/)),
    ...(await textsIn(root, 'src/shell', /\.tsx?$/)),
  ];
  for (const [file, text] of sources) {
    // A table of the migrations or of schema.ts (`  suppliers: SuppliersTable;`, `  labels: DeclaredFieldsTable<…>;`).
    if (file.startsWith('server/') && table.test(text))
      found.push(`${file} has a table ${names.snake} already.`);
    if (!file.startsWith('server/db') && route.test(text)) {
      found.push(`${file} uses the path or collection "${names.kebab}" already.`);
    }
  }
  const abilityFile = await read(root, 'shared/abilities.ts');
  for (const ability of abilities) {
    if (abilityFile.includes(`'${ability}'`)) found.push(`shared/abilities.ts has '${ability}' already.`);
  }
  for (const language of ['en', 'nl']) {
    const checks: Array<[string, string[]]> = [
      ['common', ['screens', names.camel]],
      ['common', ['nav', names.camel]],
      ['search', ['groups', names.camel]],
      ['securityRoles', ['areas', names.camel]],
    ];
    for (const [ns, path] of checks) {
      const file = `public/locales/${language}/${ns}.json`;
      if (hasText(await read(root, file), path)) found.push(`${file} has "${path.join('.')}" already.`);
    }
  }
  return found;
}

/** The next migration's number: the highest one's next ten (`0140` → `0150`). */
async function nextMigration(root: string, names: EntityNames): Promise<string> {
  const numbers = (await readdir(join(root, 'server/db/migrations')))
    .map((file) => /^(\d{4})_/.exec(file)?.[1])
    .filter((number): number is string => !!number)
    .map(Number);
  const next = Math.floor(Math.max(0, ...numbers) / 10) * 10 + 10;
  return `${String(next).padStart(4, '0')}_${names.snake}`;
}

/** The seed area's order: the highest one's next ten, so it runs after every area it may read. */
async function nextSeedOrder(root: string): Promise<number> {
  const folder = join(root, 'server/seed/areas');
  const orders = await Promise.all(
    (await readdir(folder)).map(async (file) =>
      Number(/defineSeedArea\(\{ order: (\d+)/.exec(await readFile(join(folder, file), 'utf8'))?.[1] ?? 0),
    ),
  );
  return Math.floor(Math.max(0, ...orders) / 10) * 10 + 10;
}

export interface Result {
  written: string[];
  edited: Array<{ file: string; change: string }>;
}

/** Generates the entity into the repository at `root`; throws (having written nothing) on bad input. */
export async function makeResource(root: string, argv: readonly string[]): Promise<Result> {
  const args = parseArguments(argv);
  const names = entityNames(args.collection, args.options.singular || undefined);
  const fields = parseFields(args.fields);
  const dutch = dutchName(names, args.options);
  checkDutchLabels(fields, dutch);
  const abilities = ['list', 'create', 'update', 'delete'].map((action) => `${action}-${names.kebab}`);
  const problems = await conflicts(root, names, abilities);
  if (problems.length) throw new Error(problems.join('\n'));

  const plan: Plan = {
    names,
    fields,
    dutch,
    migration: await nextMigration(root, names),
    seedOrder: await nextSeedOrder(root),
  };
  const written = new Map<string, string>([
    [`shared/entities/${names.kebab}.ts`, sharedSchema(plan)],
    [`shared/entities/${valuesModule(names)}.ts`, sharedValues(plan)],
    [`server/db/migrations/${plan.migration}.ts`, migration(plan)],
    [`server/api/${names.kebab}.entity.ts`, serverDeclaration(plan)],
    [`src/resources/${names.kebab}/list-settings.ts`, listSettings(plan)],
    [`src/resources/${names.kebab}/${names.kebab}.resource.tsx`, clientDeclaration(plan)],
    [`src/resources/${names.kebab}/${names.kebab}.overview.tsx`, overviewScreen(plan)],
    [`public/locales/en/${names.kebab}.json`, `${JSON.stringify(texts(plan, 'en'), null, 2)}\n`],
    [`public/locales/nl/${names.kebab}.json`, `${JSON.stringify(texts(plan, 'nl'), null, 2)}\n`],
    [`server/seed/areas/${names.kebab}.ts`, seedArea(plan)],
    [`tests/server/${names.kebab}.test.ts`, serverTest(plan)],
    [`tests/e2e/${names.kebab}.spec.ts`, e2eTest(plan)],
  ]);
  const edits: Array<{ file: string; change: string; apply: (text: string) => string }> = [
    {
      file: 'shared/abilities.ts',
      change: `the abilities ${abilities.join(', ')} in the area '${names.camel}' at the end of ABILITY_AREAS`,
      apply: (text) => addAbilityArea(text, names.camel, abilities),
    },
    {
      file: 'server/db/schema.ts',
      change: `the table ${names.snake} in Database`,
      apply: (text) => addTableType(text, names.snake, fieldsConstant(names), valuesModule(names)),
    },
  ];
  for (const language of ['en', 'nl'] as const) {
    for (const [ns, entries] of Object.entries(sharedTexts(plan, language))) {
      const file = `public/locales/${language}/${ns}.json`;
      edits.push({
        file,
        change: `texts ${entries.map(([path]) => path.join('.')).join(', ')}`,
        apply: (text) => addTexts(text, entries, file),
      });
    }
  }

  const format = async (file: string, text: string) => {
    if (file.endsWith('.json')) return text;
    const path = join(root, file);
    const config = (await prettier.resolveConfig(path)) ?? {};
    return prettier.format(text, { ...config, filepath: path });
  };
  const outputs: Array<[string, string]> = [];
  for (const [file, text] of written) outputs.push([file, await format(file, text)]);
  for (const edit of edits)
    outputs.push([edit.file, await format(edit.file, edit.apply(await read(root, edit.file)))]);

  if (args.options['dry-run'] === undefined) {
    for (const [file, text] of outputs) {
      await mkdir(dirname(join(root, file)), { recursive: true });
      await writeFile(join(root, file), text);
    }
  }
  return { written: [...written.keys()], edited: edits.map(({ file, change }) => ({ file, change })) };
}
