/**
 * Uploads and stored files through a real upload endpoint (changelog screenshots): type and size validation
 * (422), files served back with their content type, replaced and deleted with their item; the storage itself.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSafeKey, localDiskStorage } from '../../server/storage/storage';
import { multipartBody, tokenFor } from './api-helpers';
import { declaredKey } from './stored-keys';
import { sendWithHost, startTestServer, type TestServer } from './test-server';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 0)]);

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await tokenFor(server, 'admin');
});
afterAll(() => server?.close());

interface Item {
  id: number;
  screenshot: boolean;
  screenshot_url: string | null;
}

const create = (file: Buffer, name: string, type = 'application/octet-stream') =>
  server.request('acme', '/admin/changelog-items', {
    method: 'POST',
    token: admin,
    ...multipartBody(
      { type: 'added', description: 'With a screenshot', 'environments[development]': '1' },
      { screenshot: [new Blob([new Uint8Array(file)], { type }), name] },
    ),
  });

/** GETs a file URL the API handed out (it names the tenant host it was requested on). */
function getFile(url: string) {
  const { host, pathname } = new URL(url);
  return sendWithHost(server.port, host, pathname);
}

describe('uploads', () => {
  it('stores a valid image and serves it back with its content type', async () => {
    const response = await create(PNG, 'screen.png', 'image/png');
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: Item };
    expect(data.screenshot).toBe(true);
    expect(data.screenshot_url).toMatch(
      new RegExp(`^http://acme\\.portal\\.localhost:${server.port}/api/v2/files/changelog/[\\w-]+\\.png$`),
    );
    const file = await getFile(data.screenshot_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
  });

  it('takes the type from the content: a JPEG named .jpg is stored and served as image/jpeg', async () => {
    const { data } = (await (await create(JPEG, 'photo.JPG')).json()) as { data: Item };
    expect(data.screenshot_url).toMatch(/\.jpeg$/);
    expect((await getFile(data.screenshot_url!)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('answers 422 for a type that is not allowed, and for a file whose bytes contradict its name', async () => {
    for (const [file, name] of [
      [GIF, 'animation.gif'],
      [Buffer.from('plain text, not a picture'), 'fake.png'],
      [Buffer.from('%PDF-1.7 …'), 'document.png'],
    ] as const) {
      const response = await create(file, name, 'image/png');
      expect(response.status, name).toBe(422);
      expect(await response.json()).toEqual({
        message: 'The screenshot field must be a file of type: jpeg, png, bmp.',
        errors: { screenshot: ['The screenshot field must be a file of type: jpeg, png, bmp.'] },
      });
    }
  });

  it('answers 422 for a file over the size limit', async () => {
    const large = Buffer.concat([PNG, Buffer.alloc(5121 * 1024)]);
    const response = await create(large, 'large.png', 'image/png');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      screenshot: ['The screenshot field must not be greater than 5120 kilobytes.'],
    });
  });

  it('replaces the stored file on update (POST + _method=PATCH) and removes it with its item', async () => {
    const { data: created } = (await (await create(PNG, 'first.png')).json()) as { data: Item };
    const updated = await server.request('acme', `/admin/changelog-items/${created.id}`, {
      method: 'POST',
      token: admin,
      ...multipartBody(
        { _method: 'PATCH' },
        { screenshot: [new Blob([new Uint8Array(JPEG)]), 'second.jpg'] },
      ),
    });
    expect(updated.status).toBe(200);
    const { data } = (await updated.json()) as { data: Item };
    expect(data.screenshot_url).not.toBe(created.screenshot_url);
    expect((await getFile(created.screenshot_url!)).status).toBe(404);
    expect((await getFile(data.screenshot_url!)).status).toBe(200);

    const deleted = await server.request('acme', `/admin/changelog-items/${created.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(await deleted.json()).toEqual({
      changelog_item_name: 'With a screenshot',
      status: 'successfully deleted',
    });
    expect((await getFile(data.screenshot_url!)).status).toBe(404);
  });

  it('treats an empty file input as no file', async () => {
    const form = multipartBody(
      { type: 'fixed', description: 'No screenshot', 'environments[test]': '1' },
      { screenshot: [new Blob([]), ''] },
    );
    const response = await server.request('acme', '/admin/changelog-items', {
      method: 'POST',
      token: admin,
      ...form,
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { data: Item }).data).toMatchObject({
      screenshot: false,
      screenshot_url: null,
    });
  });

  it('answers 404 for unknown files and for paths that leave the storage', async () => {
    for (const path of [
      '/files/changelog/missing.png',
      '/files/..%2F..%2Fpackage.json',
      '/files/%2Fetc%2Fpasswd',
    ]) {
      expect((await server.request(null, path)).status, path).toBe(404);
    }
  });

  it('never serves source files, material import pictures, downloads or unfinished uploads, even by their exact key', async () => {
    const source = join(await mkdtemp(join(tmpdir(), 'private-files-')), 'model.fbx');
    for (const key of [
      'models/secret.fbx',
      'library-items/secret.fbx',
      'material-imports/secret.jpg',
      'downloads/secret',
      'uploads/0123456789abcdef',
    ]) {
      await writeFile(source, 'Kaydara FBX Binary  \0');
      await server.app.ctx.storage.putFile(declaredKey(key), source);
      expect(await server.app.ctx.storage.read(key), key).not.toBeNull();
      expect((await server.request(null, `/files/${key}`)).status, key).toBe(404);
    }
  });
});

describe('local disk storage', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'storage-test-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('moves files in, reads them back, deletes them, and refuses unsafe keys', async () => {
    const storage = localDiskStorage(join(root, 'files'));
    const source = join(root, 'upload.tmp');
    await writeFile(source, 'contents');
    await storage.putFile(declaredKey('changelog/b/file.txt'), source);
    await expect(readFile(source)).rejects.toThrow();
    const stored = await storage.read('changelog/b/file.txt');
    expect(stored?.size).toBe(8);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('contents');
    await storage.delete('changelog/b/file.txt');
    expect(await storage.read('changelog/b/file.txt')).toBeNull();
    expect(['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a\\..\\b'].map(isSafeKey)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    await expect(storage.putFile(declaredKey('changelog/../../escape.txt'), source)).rejects.toThrow(
      /Unsafe storage key/,
    );
  });
});
