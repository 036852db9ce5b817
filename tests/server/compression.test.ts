/**
 * The API's JSON answers compressed (server/http/compression.ts): Brotli or gzip as the client accepts, the same
 * JSON once decoded, small answers and clients that accept no encoding served as they are; stored files never
 * compressed, so their length stays true.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompressedType } from '../../server/http/compression';
import { STORAGE_FOLDERS, storageKey } from '../../server/storage/storage-folders';
import { tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await tokenFor(server, 'alice');
});
afterAll(() => server?.close());

const PROJECTS = '/projects?per_page=25';
const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('JSON answers', () => {
  it('come in Brotli or gzip as the client accepts, and decode to the JSON sent uncompressed', async () => {
    const plain = await server.request('acme', PROJECTS, { token });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const json = await body(plain);
    expect(json.length).toBeGreaterThan(4096);

    const brotli = await server.request('acme', PROJECTS, {
      token,
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(brotli.headers.get('content-type')).toMatch(/^application\/json/);
    const compressed = await body(brotli);
    expect(compressed.length).toBeLessThan(json.length / 4);
    expect(JSON.parse(brotliDecompressSync(compressed).toString())).toEqual(JSON.parse(json.toString()));

    const gzip = await server.request('acme', PROJECTS, { token, headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await body(gzip)).toString())).toEqual(JSON.parse(json.toString()));
  });

  it('are sent as they are when the client accepts no encoding the server writes, or when they are small', async () => {
    const refused = await server.request('acme', PROJECTS, {
      token,
      headers: { 'Accept-Encoding': 'identity, br;q=0, gzip;q=0' },
    });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse((await body(refused)).toString())).toHaveProperty('data');

    const small = await server.request('acme', '/projects?count=1', {
      token,
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await body(small)).length).toBeLessThan(1024);
  });

  it('of a write sent again with its Idempotency-Key replay the first answer, compressed as asked each time', async () => {
    const write = (acceptEncoding: string) =>
      server.request('acme', '/projects', {
        token,
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
          'Accept-Encoding': acceptEncoding,
        },
        // A description long enough for the answer to be compressed.
        body: JSON.stringify({
          name: 'Compressed tower',
          status: 'active',
          description: 'floor '.repeat(400),
        }),
      });
    const key = randomUUID();
    const first = await write('br');
    expect(first.status).toBe(201);
    expect(first.headers.get('content-encoding')).toBe('br');
    const created: unknown = JSON.parse(brotliDecompressSync(await body(first)).toString());

    const replayed = await write('identity');
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse((await body(replayed)).toString())).toEqual(created);

    const again = await write('gzip');
    expect(again.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await body(again)).toString())).toEqual(created);
  });

  it('are told apart by their Content-Type: JSON and +json only', () => {
    expect(isCompressedType('application/json; charset=utf-8')).toBe(true);
    expect(isCompressedType('application/problem+json')).toBe(true);
    for (const type of [
      'model/gltf-binary',
      'application/octet-stream',
      'image/png',
      'text/csv; charset=utf-8',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/jsonl',
      'text/html; charset=utf-8',
    ])
      expect(isCompressedType(type), type).toBe(false);
  });
});

describe('stored files', () => {
  it('are sent as stored, with their length, whatever the client accepts', async () => {
    const [name, folder] = Object.entries(STORAGE_FOLDERS).find(([, candidate]) => candidate.served)!;
    // A model of zeros: as compressible as a file can be.
    const model = Buffer.alloc(64 * 1024);
    const path = join(await mkdtemp(join(tmpdir(), 'compression-')), 'model.glb');
    await writeFile(path, model);
    const key = storageKey(folder, `${name}/model.glb`);
    await server.app.ctx.storage.putFile(key, path);

    const whole = await server.request(null, `/files/${key}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-encoding')).toBeNull();
    expect(whole.headers.get('content-length')).toBe(String(model.length));
    expect(await body(whole)).toEqual(model);
  });
});
