/**
 * `npm run make:resource` (scripts/make-resource.ts) in a copy of the repository (its node_modules linked, no .git):
 * refuses bad input without writing anything; generates an entity with a field of every kind whose files and
 * registry edits type-check, lint and are formatted, whose texts are TODO-free in English and Dutch, whose
 * generated server test passes against the real test server (on TEST_DATABASE_URL's PostgreSQL when given one, else
 * PGlite), which the unit tests that enumerate every route, search group, declaration, ability and text take without
 * a change (both in one vitest of the copy, beside the checks here), whose generated end-to-end test passes in
 * Chromium against the copy's built portal (the seeded rows, a new record, its overview, its deletion), and whose
 * activity entries and Dutch field names derive from what it wrote.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeResource } from '../../scripts/make-resource/generate';

const ROOT = join(import.meta.dirname, '../..');
/** Not copied: installed, built or run output, and history. */
const LEFT_OUT = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report']);

const FIELDS = [
  'name:text',
  'notes:textarea',
  'stock:number',
  'active:boolean',
  'founded_on:date',
  'color:color',
];
/** The migration it writes: numbered ten past the repository's highest (`0150` → `0160_paint_suppliers`). */
const NEXT_MIGRATION = String(
  Math.max(
    ...readdirSync(join(ROOT, 'server/db/migrations')).map((file) =>
      Number(/^(\d{4})_/.exec(file)?.[1] ?? 0),
    ),
  ) + 10,
).padStart(4, '0');
const GENERATED = [
  'shared/entities/paint-suppliers.ts',
  'shared/entities/paint-supplier-values.ts',
  `server/db/migrations/${NEXT_MIGRATION}_paint_suppliers.ts`,
  'server/api/paint-suppliers.entity.ts',
  'src/resources/paint-suppliers/list-settings.ts',
  'src/resources/paint-suppliers/paint-suppliers.resource.tsx',
  'src/resources/paint-suppliers/paint-suppliers.overview.tsx',
  'public/locales/en/paint-suppliers.json',
  'public/locales/nl/paint-suppliers.json',
  'server/seed/areas/paint-suppliers.ts',
  'tests/server/paint-suppliers.test.ts',
  'tests/e2e/paint-suppliers.spec.ts',
];
const EDITED_CODE = ['shared/abilities.ts', 'server/db/schema.ts'];
const EDITED_TEXTS = ['en', 'nl'].flatMap((language) =>
  ['common', 'search', 'securityRoles'].map((ns) => `public/locales/${language}/${ns}.json`),
);

/**
 * The unit tests that enumerate everything a declaration or an ability adds (routes, search groups, texts,
 * guards, offered actions, abilities): files of their own, without rendering, so the copy runs only them.
 */
const UNIT_TESTS = [
  'tests/unit/route-guards.test.ts',
  'tests/unit/search-groups.test.ts',
  'tests/unit/resource-derivation.test.ts',
  'tests/unit/text-wording.test.ts',
  'tests/unit/offered-actions.test.ts',
  'tests/unit/entity-abilities.test.ts',
];
const SERVER_TEST = 'tests/server/paint-suppliers.test.ts';
const E2E_TEST = 'tests/e2e/paint-suppliers.spec.ts';

let copy: string;

beforeAll(async () => {
  copy = await mkdtemp(join(tmpdir(), 'make-resource-'));
  await cp(ROOT, copy, {
    recursive: true,
    filter: (source) => !LEFT_OUT.has(relative(ROOT, source).split(/[\\/]/)[0]),
  });
  await symlink(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
});
afterAll(() => (copy ? rm(copy, { recursive: true, force: true }) : undefined));

/** Every file of the copy (but node_modules) with a hash of its content. */
async function tree(): Promise<Map<string, string>> {
  const entries = await readdir(copy, { recursive: true, withFileTypes: true });
  const files = entries.filter(
    (entry) => entry.isFile() && !relative(copy, entry.parentPath).startsWith('node_modules'),
  );
  const hashed = await Promise.all(
    files.map(async (entry): Promise<[string, string]> => {
      const path = join(entry.parentPath, entry.name);
      return [
        relative(copy, path),
        createHash('sha1')
          .update(await readFile(path))
          .digest('hex'),
      ];
    }),
  );
  return new Map(hashed);
}

/**
 * The copy's runs start afresh, not as workers of this vitest. Its server test runs on the database this run was
 * given: a schema of its own on the PostgreSQL server of TEST_DATABASE_URL (`npm test` gives it one when it has
 * one), else the embedded PGlite. Its end-to-end run builds the copy's portal (no E2E_PORTAL_DIR of this run's).
 */
const childEnv = Object.fromEntries(
  Object.entries({ ...process.env, NO_COLOR: '1' }).filter(
    ([name]) => !name.startsWith('VITEST') && name !== 'E2E_PORTAL_DIR',
  ),
);

/** What the copy's vitest reports of each test file (its JSON reporter). */
interface VitestReport {
  testResults: Array<{ name: string; assertionResults: Array<{ status: string }> }>;
}

const ANSI_ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Runs a command in the copy: its exit code and output. */
function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(copy, 'node_modules/.bin', command), args, {
      cwd: copy,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output: output.replace(ANSI_ESCAPE, '') }));
  });
}

/** The generator's refusal of these arguments (a Dutch name is added unless the arguments give or test it). */
const refusal = (args: string[], dutchName = '--nl-name=leveranciers') =>
  makeResource(copy, [...args, ...(dutchName ? [dutchName] : [])]).then(
    () => 'generated',
    (error: Error) => error.message,
  );

describe('make:resource', () => {
  it('refuses bad input with the reason and exit code 1, writing nothing', async () => {
    const before = await tree();
    expect(await refusal(['labels'])).toContain('shared/entities/labels.ts exists already.');
    expect(await refusal(['tools'])).toContain('"tools" is reserved');
    expect(await refusal(['Suppliers'])).toContain('is no plural kebab-case collection name');
    expect(await refusal(['sheep'])).toContain('Cannot tell the singular of "sheep"');
    expect(await refusal(['suppliers', 'name:text', 'weight:kilograms'])).toBe(
      '"weight:kilograms": unknown field kind "kilograms" (known: text, textarea, number, boolean, date, color).',
    );
    expect(await refusal(['suppliers', 'name:text', 'id:number'])).toContain('"id" is reserved');
    expect(await refusal(['suppliers', 'name:text', 'Name:text'])).toContain('snake_case');
    expect(await refusal(['suppliers', 'stock:number'])).toContain('At least one field must be of kind text');
    expect(await refusal(['suppliers', '--colour=red'])).toContain('Unknown option --colour');
    // The Dutch texts are Dutch: the entity's Dutch name is given, and so is a field label the dictionary lacks.
    expect(await refusal(['suppliers', 'name:text'], '')).toContain(
      'Give the Dutch name of the suppliers with --nl-name=<Dutch plural>',
    );
    // A singular the spelling cannot tell (bedrijf, straat or weg?) is asked for, not guessed.
    for (const plural of ['bedrijven', 'huizen', 'straten'])
      expect(await refusal(['suppliers', 'name:text'], `--nl-name=${plural}`)).toBe(
        `--nl-name=${plural}: its singular does not follow from its spelling; give it with --nl-singular=.`,
      );
    expect(await refusal(['suppliers', 'name:text', 'preferred:boolean', 'since:date'])).toBe(
      'The generator\'s dictionary has no Dutch for "preferred", "since": give the Dutch label with ' +
        '--nl-labels=preferred=<Dutch label>,since=<Dutch label>.',
    );
    expect(await refusal(['suppliers', 'name:text', '--nl-labels=size=Grootte'])).toBe(
      '--nl-labels names no field: size.',
    );
    expect(
      await refusal([
        'suppliers',
        'name:text',
        'preferred:boolean',
        '--nl-labels=preferred=Voorkeur',
        '--dry-run',
      ]),
    ).toBe('generated');
    const cli = await run('tsx', ['scripts/make-resource.ts', 'suppliers', 'name:text', 'size:huge']);
    expect(cli.code).toBe(1);
    expect(cli.output).toContain('make:resource: "size:huge": unknown field kind "huge"');
    expect(cli.output).toContain('Nothing was written.');
    expect(await tree()).toEqual(before);
  });

  it('generates an entity whose code type-checks, lints and is formatted, and whose own server test passes', async () => {
    const before = await tree();
    const generated = await run('tsx', [
      'scripts/make-resource.ts',
      'paint-suppliers',
      ...FIELDS,
      '--nl-name=verfleveranciers',
    ]);
    expect(generated.output).toContain('Wrote:');
    expect(generated.code).toBe(0);
    const after = await tree();
    const changed = [...after.keys()].filter((file) => after.get(file) !== before.get(file)).sort();
    expect(changed).toEqual([...GENERATED, ...EDITED_CODE, ...EDITED_TEXTS].sort());

    // While the code is checked here, the copy's own vitest runs the generated server test on the copy's test
    // server and the unit tests that hold every route, search group, declaration, ability and text: they take the
    // new entity as it is.
    const report = join(copy, 'vitest-report.json');
    const copyTests = run('vitest', [
      'run',
      '--project=server',
      '--project=unit',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      SERVER_TEST,
      ...UNIT_TESTS,
    ]);

    const code = [...GENERATED, ...EDITED_CODE].filter((file) => /\.tsx?$/.test(file));
    const config = ts.readConfigFile(join(copy, 'tsconfig.json'), ts.sys.readFile);
    const options = ts.parseJsonConfigFileContent(config.config, ts.sys, copy).options;
    // The generated files and what they import; the server suite's context type comes with its global setup.
    const program = ts.createProgram(
      [...code, 'tests/server/database-template.ts'].map((file) => join(copy, file)),
      options,
    );
    const diagnostics = [
      ...program.getGlobalDiagnostics(),
      ...code.flatMap((file) => {
        const source = program.getSourceFile(join(copy, file));
        return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
      }),
    ];
    expect(ts.formatDiagnostics(diagnostics, ts.createCompilerHost(options))).toBe('');

    const lint = await new ESLint({ cwd: copy }).lintFiles(code.map((file) => join(copy, file)));
    expect(
      lint.flatMap((result) => result.messages.map((message) => `${result.filePath}: ${message.message}`)),
    ).toEqual([]);
    for (const file of [...GENERATED, ...EDITED_CODE, ...EDITED_TEXTS]) {
      const path = join(copy, file);
      const options = { ...(await prettier.resolveConfig(path)), filepath: path };
      expect(await prettier.check(await readFile(path, 'utf8'), options), `${file} is formatted`).toBe(true);
    }

    const en = await readFile(join(copy, 'public/locales/en/paint-suppliers.json'), 'utf8');
    const nl = await readFile(join(copy, 'public/locales/nl/paint-suppliers.json'), 'utf8');
    for (const text of [en, nl]) expect(text).not.toMatch(/todo|fixme|xxx/i);
    expect(JSON.parse(en)).toMatchObject({
      titles: { create: 'New Paint Supplier', edit: 'Edit Paint Supplier' },
      fields: { founded_on: 'Founded on' },
    });
    expect(JSON.parse(nl)).toMatchObject({
      titles: { create: 'Nieuwe verfleverancier', edit: 'Verfleverancier bewerken' },
      fields: { name: 'Naam', founded_on: 'Opgericht op', color: 'Kleur' },
      deleteConfirm: 'Weet u zeker dat u deze verfleverancier wilt verwijderen?',
    });

    const tests = await copyTests;
    expect(tests.code, tests.output).toBe(0);
    const { testResults } = JSON.parse(await readFile(report, 'utf8')) as VitestReport;
    await rm(report);
    // Each file ran, and every test of it passed: the generated server test's five, the unit files' (one at least).
    const statuses = new Map(
      testResults.map((file) => [
        relative(copy, file.name),
        file.assertionResults.map((result) => result.status),
      ]),
    );
    expect([...statuses.keys()].sort()).toEqual([SERVER_TEST, ...UNIT_TESTS].sort());
    expect(statuses.get(SERVER_TEST)).toEqual(Array(5).fill('passed'));
    for (const file of UNIT_TESTS) expect(new Set(statuses.get(file)), file).toEqual(new Set(['passed']));

    // The generated journey in Chromium, on the copy's own build (its global setup builds it) and a server seeded
    // with the new rows.
    const journey = await run('playwright', ['test', E2E_TEST, '--workers=1', '--reporter=line']);
    expect(journey.code, journey.output).toBe(0);
    expect(journey.output).toMatch(/1 passed/);

    // What derives from the declaration alone: its activity entries name it, and Dutch messages its fields.
    await writeFile(
      join(copy, 'derived.ts'),
      [
        "import { activityMessage, declaredActivityCollections } from './server/domain/activity-messages';",
        "import { declaredEntities } from './server/api/index';",
        "import { toDutch } from './server/http/language';",
        'const collections = declaredActivityCollections(await declaredEntities());',
        "const write = { action: 'updated' as const, path: 'paint-suppliers/1', body: { name: 'Hue' } };",
        'console.log(JSON.stringify({',
        '  activity: activityMessage(write, collections).params,',
        "  dutch: toDutch('The founded on field must be a valid date.'),",
        '}));',
      ].join('\n'),
    );
    const derived = await run('tsx', ['derived.ts']);
    expect(derived.code).toBe(0);
    expect(JSON.parse(derived.output.trim().split('\n').at(-1)!)).toEqual({
      activity: { context: 'paintSupplier', name: 'Hue' },
      dutch: 'Het veld opgericht op moet een geldige datum zijn.',
    });
    await rm(join(copy, 'derived.ts'));

    const again = await tree();
    expect(await refusal(['paint-suppliers', 'name:text'])).toContain(
      'shared/entities/paint-suppliers.ts exists already.',
    );
    expect(await tree()).toEqual(again);
  });
});
