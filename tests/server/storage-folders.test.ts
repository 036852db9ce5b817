/**
 * The declared storage folders (server/storage/storage-folders.ts) at the public files route: a file in any private
 * folder answers 404 without a token, even by its exact key, one in any served folder is served, one in no declared
 * folder is not; the seeded rows and storage keep every key in a declared folder, and a free string is no folder.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  STORAGE_FOLDERS,
  type StorageFolder,
  type StorageKey,
  storageKey,
} from '../../server/storage/storage-folders';
import { keysOutsideDeclaredFolders } from './stored-keys';
import { startTestServer, type TestServer } from './test-server';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const FOLDERS = Object.entries(STORAGE_FOLDERS);

let server: TestServer;
let work: string;

beforeAll(async () => {
  server = await startTestServer();
  work = await mkdtemp(join(tmpdir(), 'storage-folders-'));
});
afterAll(() => server?.close());

/** Stores a PNG under `key`, as a writer would; answers the key. */
async function store(key: StorageKey): Promise<StorageKey> {
  const path = join(work, key.replace(/\//g, '_'));
  await writeFile(path, PNG);
  await server.app.ctx.storage.putFile(key, path);
  return key;
}

describe('the declared folders', () => {
  it('are none inside another, so every key lies in at most one', () => {
    const paths = FOLDERS.map(([, folder]) => folder.path);
    const nested = paths.filter((path) => paths.some((other) => path.startsWith(`${other}/`)));
    expect(nested).toEqual([]);
  });

  it('hold every key of the seeded rows and every file the seed stored', async () => {
    // Run first: the route's tests below store files outside every folder on purpose.
    expect(await keysOutsideDeclaredFolders(server)).toEqual([]);
  });

  it('are the only folders a key is made in: a free string or a folder of one’s own is refused by the types', () => {
    expectTypeOf<string>().not.toExtend<StorageFolder>();
    expectTypeOf<{ path: 'elsewhere'; served: true }>().not.toExtend<StorageFolder>();
    expectTypeOf<string>().not.toExtend<StorageKey>();
    expectTypeOf(storageKey).parameter(0).toEqualTypeOf<StorageFolder>();
  });
});

describe('the public files route', () => {
  it('answers 404 without a token for a file in every private folder, though the file is stored', async () => {
    const privateFolders = FOLDERS.filter(([, folder]) => !folder.served);
    expect(privateFolders.map(([, folder]) => folder.path)).toEqual(
      expect.arrayContaining(['models', 'library-items', 'material-imports', 'downloads', 'uploads']),
    );
    for (const [name, folder] of privateFolders) {
      const key = await store(storageKey(folder, `${name}/secret.png`));
      expect(await server.app.ctx.storage.read(key), key).not.toBeNull();
      expect((await server.request(null, `/files/${key}`)).status, key).toBe(404);
    }
  });

  it('serves a file in every served folder', async () => {
    for (const [name, folder] of FOLDERS.filter(([, folder]) => folder.served)) {
      const key = await store(storageKey(folder, `${name}.png`));
      const response = await server.request(null, `/files/${key}`);
      expect(response.status, key).toBe(200);
      expect(response.headers.get('content-type'), key).toBe('image/png');
      expect(Buffer.from(await response.arrayBuffer()), key).toEqual(PNG);
    }
  });

  it('answers 404 for a stored file in no declared folder (e.g. an upload the S3 tus store keeps at the root)', async () => {
    for (const key of [
      '0123456789abcdef0123456789abcdef',
      'elsewhere/file.png',
      'materials/other/file.png',
    ]) {
      const path = join(server.config.storageDir, key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, PNG);
      expect((await server.request(null, `/files/${key}`)).status, key).toBe(404);
    }
  });
});
