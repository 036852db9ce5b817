/**
 * On PostgreSQL, statements with parameters run as named prepared statements (server/db/prepared-statements.ts):
 * parsed once per connection, then only bound and executed. Statements without parameters, scripts of several
 * commands among them, run as before. The names are capped per process.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DB, openDatabase } from '../../server/db/database';
import { StatementNames } from '../../server/db/prepared-statements';
import { withSchemaChangeLock } from '../../server/db/migrate';

describe('statement names', () => {
  it('gives a text the same name every time, and no name to texts beyond the limit', () => {
    const names = new StatementNames(2);
    const first = names.nameOf('select $1');
    expect(first).toBeDefined();
    expect(names.nameOf('select $1')).toBe(first);
    const second = names.nameOf('select $1, $2');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(names.nameOf('select $1, $2, $3')).toBeUndefined();
    expect(names.nameOf('select $1')).toBe(first);
    expect(names.size).toBe(2);
  });
});

const postgres = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgres)('prepared statements on PostgreSQL', () => {
  let db: DB;
  const schema = `prepared_${process.pid}`;

  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: postgres!, pgliteDir: 'memory://', schema });
  });
  afterAll(async () => {
    // Not while a server of another file migrates (server/db/migrate.ts).
    await withSchemaChangeLock(db, () => sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db));
    await db.destroy();
  });

  it('prepares a statement with parameters once per connection and runs it again by name', async () => {
    await db.connection().execute(async (connection) => {
      const first = await sql<{ doubled: number }>`select ${21}::int * 2 as doubled`.execute(connection);
      const again = await sql<{ doubled: number }>`select ${4}::int * 2 as doubled`.execute(connection);
      expect(first.rows).toEqual([{ doubled: 42 }]);
      expect(again.rows).toEqual([{ doubled: 8 }]);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        connection,
      );
      const doubling = prepared.rows.filter((row) => row.statement.includes('as doubled'));
      expect(doubling).toHaveLength(1);
    });
  });

  it('runs statements without parameters unprepared, a script of several commands included', async () => {
    await db.connection().execute(async (connection) => {
      await sql`create table if not exists ${sql.id(schema, 'notes')} (id int); insert into ${sql.id(schema, 'notes')} values (1), (2)`.execute(
        connection,
      );
      const count = await sql<{
        count: number;
      }>`select count(*)::int as count from ${sql.id(schema, 'notes')}`.execute(connection);
      expect(count.rows).toEqual([{ count: 2 }]);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        connection,
      );
      expect(prepared.rows.filter((row) => row.statement.includes('notes'))).toEqual([]);
    });
  });

  it('keeps answering a prepared statement after the table it reads was dropped and made again', async () => {
    const table = sql.id(schema, 'remade');
    const read = () => sql<{ id: number }>`select id from ${table} where id = ${1}`.execute(db);
    await sql`create table ${table} (id int); insert into ${table} values (1)`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1 }]);
    await sql`drop table ${table}; create table ${table} (id int); insert into ${table} values (1)`.execute(
      db,
    );
    expect((await read()).rows).toEqual([{ id: 1 }]);
  });
});
