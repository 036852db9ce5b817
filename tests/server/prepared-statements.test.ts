/**
 * Statements with parameters run as named prepared statements, on PostgreSQL (server/db/prepared-statements.ts)
 * and on PGlite (server/db/pglite-open.ts `statementRunner`): parsed once per connection, then only bound and
 * executed. Statements without parameters, scripts of several commands among them, run as before. The names are
 * capped per process. Each engine is tested in its own stage: PostgreSQL when TEST_DATABASE_URL is set, else PGlite.
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

const postgres = process.env.TEST_DATABASE_URL || null;

describe(`prepared statements on ${postgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  let db: DB;
  const schema = `prepared_${process.pid}`;

  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: postgres, pgliteDir: 'memory://', schema });
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

  it('answers each kind of value as it was sent, the second time (by name) as the first', async () => {
    const at = new Date('2026-12-01T10:11:12.345Z');
    const read = () =>
      sql<{ at: Date; data: unknown; ids: number[]; flag: boolean; none: string | null; name: string }>`
        select ${at}::timestamptz as at, ${JSON.stringify({ a: [1, 'two'] })}::jsonb as data,
          ${[3, 1, 2]}::int[] as ids, ${true}::boolean as flag, ${null}::text as none, ${"O'Brien"}::text as name
      `.execute(db);
    const expected = { at, data: { a: [1, 'two'] }, ids: [3, 1, 2], flag: true, none: null, name: "O'Brien" };
    expect((await read()).rows).toEqual([expected]);
    expect((await read()).rows).toEqual([expected]);
  });

  it("reports a failed statement's error with its code and constraint, and answers the next statement", async () => {
    const table = sql.id(schema, 'unique_names');
    await sql`create table ${table} (name text constraint unique_names_name unique)`.execute(db);
    const insert = (name: string) => sql`insert into ${table} (name) values (${name})`.execute(db);
    await insert('first');
    await expect(insert('first')).rejects.toMatchObject({ code: '23505', constraint: 'unique_names_name' });
    await expect(insert('first')).rejects.toMatchObject({ code: '23505' });
    await insert('second');
    const names = await sql<{
      name: string;
    }>`select name from ${table} where name <> ${''} order by name`.execute(db);
    expect(names.rows).toEqual([{ name: 'first' }, { name: 'second' }]);
  });

  it('rolls a transaction back whole when one of its prepared statements fails', async () => {
    const table = sql.id(schema, 'kept_rows');
    await sql`create table ${table} (id int primary key)`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into ${table} (id) values (${1})`.execute(trx);
        await sql`insert into ${table} (id) values (${1})`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const rows = await sql<{ id: number }>`select id from ${table} where id > ${0}`.execute(db);
    expect(rows.rows).toEqual([]);
  });
});
