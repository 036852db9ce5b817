/**
 * The Kysely table types (server/db/schema.ts, and the `*.entity.ts` modules that merge their own table into
 * `Database`) say what the migrations made: every table of the migrated database is typed, every typed table
 * exists, each with exactly its columns, and a column that may be null is typed so (and one that may not, not).
 * The types are read with the TypeScript compiler from the sources, the columns from the database's catalogue.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

const ROOT = resolve(import.meta.dirname, '../..');
/** The migrator's own tables, which no query names. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

type Columns = Record<string, { nullable: boolean }>;

/** `Database` as the compiler sees it with every module that merges into it: table → column → whether null. */
function typedTables(): Record<string, Columns> {
  const api = join(ROOT, 'server/api');
  const roots = [
    join(ROOT, 'server/db/schema.ts'),
    ...readdirSync(api)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => join(api, file)),
  ];
  const program = ts.createProgram(roots, {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const schema = program.getSourceFile(roots[0]!)!;
  const database = schema.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database',
  )!;
  const type = checker.getTypeAtLocation(database.name);
  const tables: Record<string, Columns> = {};
  for (const table of checker.getPropertiesOfType(type)) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, database);
    const columns: Columns = {};
    for (const column of checker.getPropertiesOfType(tableType)) {
      let columnType = checker.getTypeOfSymbolAtLocation(column, database);
      // ColumnType<Select, Insert, Update> and Generated<T>: what a select answers.
      const selected = columnType.getProperty('__select__');
      if (selected) columnType = checker.getTypeOfSymbolAtLocation(selected, database);
      const parts = columnType.isUnion() ? columnType.types : [columnType];
      columns[column.name] = { nullable: parts.some((part) => (part.flags & ts.TypeFlags.Null) !== 0) };
    }
    tables[table.name] = columns;
  }
  return tables;
}

let server: TestServer;
let migrated: Record<string, Columns>;

beforeAll(async () => {
  server = await startTestServer();
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }>`
    select c.table_name, c.column_name, c.is_nullable
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
  `.execute(server.db);
  migrated = {};
  for (const row of rows) {
    if (MIGRATOR_TABLES.has(row.table_name)) continue;
    (migrated[row.table_name] ??= {})[row.column_name] = { nullable: row.is_nullable === 'YES' };
  }
});
afterAll(() => server?.close());

describe('the table types', () => {
  it('type every table the migrations made, and no other, each with its columns and their nullability', () => {
    const typed = typedTables();
    expect(Object.keys(typed).length).toBeGreaterThan(40);
    expect(Object.keys(typed).sort()).toEqual(Object.keys(migrated).sort());
    for (const [table, columns] of Object.entries(migrated))
      expect({ table, columns: typed[table] }).toEqual({ table, columns });
  });
});
