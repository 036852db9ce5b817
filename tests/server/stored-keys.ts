/**
 * Stored keys for server tests: a literal key as the StorageKey `putFile` takes (when it lies in a declared
 * folder), and the keys a test server holds outside every declared folder (server/storage/storage-folders.ts).
 */
import { readdir } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { sql } from 'kysely';
import { storedFileColumns } from '../../server/domain/admin-companies-files';
import { declaredEntities } from '../../server/api/index';
import { isStorageKey } from '../../server/storage/storage';
import { folderOf, type StorageKey, storageKey } from '../../server/storage/storage-folders';
import type { TestServer } from './test-server';

/** `key` (e.g. `models/secret.fbx`) as a StorageKey; throws when it lies in no declared folder. */
export function declaredKey(key: string): StorageKey {
  const folder = folderOf(key);
  if (!folder) throw new Error(`${key} lies in no declared storage folder`);
  return storageKey(folder, key.slice(folder.path.length + 1));
}

/** Every key a row names (the stored-file columns of every table) and every file in the server's storage folder. */
async function storedKeys(server: TestServer): Promise<string[]> {
  const keys: string[] = [];
  for (const [table, columns] of storedFileColumns(await declaredEntities())) {
    for (const column of columns) {
      const { rows } = await sql<{ key: string }>`
        select ${sql.ref(column)} as key from ${sql.table(table)} where ${sql.ref(column)} is not null
      `.execute(server.db);
      keys.push(...rows.map((row) => row.key).filter(isStorageKey));
    }
  }
  const root = server.config.storageDir;
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (entry.isFile())
      keys.push(relative(root, `${entry.parentPath}${sep}${entry.name}`).split(sep).join('/'));
  }
  return keys;
}

/** The keys of the server's rows and storage that lie in no declared folder (none, when every writer declares its). */
export async function keysOutsideDeclaredFolders(server: TestServer): Promise<string[]> {
  return (await storedKeys(server)).filter((key) => !folderOf(key));
}
