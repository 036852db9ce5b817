/**
 * The databases of the server tests on PostgreSQL (TEST_DATABASE_URL): each test server has a database of its own
 * on that server, made as a copy of the run's migrated and seeded template (./database-template.ts), and dropped
 * when the server closes.
 */
import pg from 'pg';

/** The schema of a test server's tables in its database (its job queue's is `${TEST_SCHEMA}_jobs`). */
export const TEST_SCHEMA = 'portal';

/** TEST_DATABASE_URL's server, the database named `database`. */
export function urlOfDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** One connection per process for creating and dropping databases; it lets the process end while idle. */
const pools = new Map<string, pg.Pool>();
function administration(serverUrl: string): pg.Pool {
  let pool = pools.get(serverUrl);
  if (!pool) {
    pool = new pg.Pool({ connectionString: serverUrl, max: 1, allowExitOnIdle: true });
    pools.set(serverUrl, pool);
  }
  return pool;
}

/** Creates `database`, empty or as a copy of `template` (no connection to the template may be open meanwhile). */
export async function createDatabase(serverUrl: string, database: string, template?: string): Promise<void> {
  await administration(serverUrl).query(
    `create database ${quoted(database)}${template ? ` template ${quoted(template)}` : ''}`,
  );
}

/** PostgreSQL's answer to dropping a database that still has connections after waiting 5 s for them to end. */
const OBJECT_IN_USE = '55006';

/**
 * Drops `database` once the connections its server was closing have ended (PostgreSQL waits for them); one still
 * open after that, left by a test, is ended with it.
 */
export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  const drop = (force: boolean) =>
    administration(serverUrl).query(
      `drop database if exists ${quoted(database)}${force ? ' with (force)' : ''}`,
    );
  try {
    await drop(false);
  } catch (error) {
    if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
    await drop(true);
  }
}
