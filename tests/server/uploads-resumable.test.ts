/**
 * Resumable uploads (tus 1.0 at /api/v2/uploads): create, send half, drop the connection in the middle of a chunk,
 * HEAD gives what was stored, resume, finish, make a model of it; the creation rules (name, length); who may touch
 * an upload; termination; the real tus-js-client (with a resume after an abort); CORS for the portal's origins.
 */
import { watch } from 'node:fs';
import http from 'node:http';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadDirectory } from '../../server/uploads/incoming-uploads';
import { jsonBody, memberWithAbilities, tokenFor } from './api-helpers';
import { FBX_ASCII, getModel, type ModelBody } from './model-fixtures';
import { hostOrigin, resolveLocalhostNames, waitFor } from './realtime-helpers';
import { sendWithHost, startTestServer, TEST_DOMAIN, type TestServer } from './test-server';

const MAX_BYTES = 1024 * 1024;

let server: TestServer;
let alice: string;
let bob: string;
let carol: string;

beforeAll(async () => {
  resolveLocalhostNames();
  server = await startTestServer({
    modelUploadMaxBytes: MAX_BYTES,
    processing: { stepMs: 0, concurrency: 1 },
  });
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((name) => tokenFor(server, name)));
});
afterAll(() => server?.close());

/** An FBX of `size` bytes: the cube and padding, or below the cube's size a header and padding. */
const fbxOfSize = (size: number) =>
  size >= FBX_ASCII.length
    ? Buffer.concat([FBX_ASCII, Buffer.alloc(size - FBX_ASCII.length, 0x20)])
    : Buffer.concat([Buffer.from('; FBX 7.4.0 project file\n'), Buffer.alloc(size, 0x20)]).subarray(0, size);

const host = (subdomain = 'acme') => `${subdomain}.${TEST_DOMAIN}:${server.port}`;
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

function tus(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  options: { token?: string; subdomain?: string; body?: Buffer } = {},
) {
  const token = options.token ?? alice;
  return sendWithHost(server.port, host(options.subdomain), path, {
    method,
    headers: { 'Tus-Resumable': '1.0.0', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    ...(options.body ? { body: new Uint8Array(options.body) } : {}),
  });
}

const createUpload = (
  length: number,
  filename: string | null,
  options: { token?: string; subdomain?: string } = {},
) =>
  tus(
    'POST',
    '/api/v2/uploads',
    { 'Upload-Length': String(length), ...(filename ? { 'Upload-Metadata': metadata({ filename }) } : {}) },
    options,
  );

async function newUpload(length: number, filename = 'model.fbx'): Promise<string> {
  const response = await createUpload(length, filename);
  expect(response.status, await response.clone().text()).toBe(201);
  return response.headers.get('location')!;
}

const sendChunk = (location: string, offset: number, bytes: Buffer, token = alice) =>
  tus(
    'PATCH',
    location,
    { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    { body: bytes, token },
  );

const uploadIdOf = (location: string) => location.split('/').at(-1)!;

/**
 * Sends the headers of a chunk and `sent` of its bytes, waits until the server has stored them, then drops the
 * connection in the middle of the chunk.
 */
async function sendAndDrop(location: string, offset: number, chunk: Buffer, sent: number): Promise<void> {
  const request = http.request({
    host: '127.0.0.1',
    port: server.port,
    path: location,
    method: 'PATCH',
    headers: {
      host: host(),
      authorization: `Bearer ${alice}`,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(chunk.length),
    },
  });
  request.on('error', () => undefined);
  const file = join(uploadDirectory(server.config), uploadIdOf(location));
  const stored = storedSize(file, offset + sent);
  request.write(chunk.subarray(0, sent));
  await stored;
  request.destroy();
}

/** Resolves once the file holds `size` bytes, looking at its size whenever it changes. */
function storedSize(file: string, size: number): Promise<void> {
  return waitFor<void>(`${size} bytes stored in ${file}`, (resolve) => {
    const check = async () => {
      if ((await stat(file)).size < size) return;
      watcher.close();
      resolve();
    };
    const watcher = watch(file, () => void check());
    void check();
  });
}

async function createModelFrom(location: string, name: string, token = alice) {
  return server.request('acme', '/projects/models', {
    method: 'POST',
    token,
    ...jsonBody({ name, upload_id: uploadIdOf(location) }),
  });
}

async function storedBytes(modelId: number): Promise<Buffer> {
  const row = await server.db
    .selectFrom('project_models')
    .select('file_key')
    .where('id', '=', modelId)
    .executeTakeFirstOrThrow();
  const stored = await server.app.ctx.storage.read(row.file_key!);
  const chunks: Buffer[] = [];
  for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('an upload interrupted in the middle of a chunk', () => {
  it('keeps what arrived, resumes from the stored offset, finishes and becomes a model', async () => {
    const file = fbxOfSize(300_000);
    const location = await newUpload(file.length, 'tower.fbx');
    expect(location).toMatch(/^\/api\/v2\/uploads\/[0-9a-f]{32}$/);

    const half = file.length / 2;
    const first = await sendChunk(location, 0, file.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));

    await sendAndDrop(location, half, file.subarray(half), 50_000);
    const head = await tus('HEAD', location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-length')).toBe(String(file.length));
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(half + 50_000);

    const early = await createModelFrom(location, 'Too early');
    expect(early.status).toBe(422);
    expect(await early.json()).toEqual({
      message: 'The upload id field must name a finished upload.',
      errors: { upload_id: ['The upload id field must name a finished upload.'] },
    });

    const stale = await sendChunk(location, half, file.subarray(half));
    expect(stale.status).toBe(409);
    const rest = await sendChunk(location, offset, file.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(file.length));

    const response = await createModelFrom(location, 'Tower from a resumed upload');
    expect(response.status, await response.clone().text()).toBe(201);
    const model = ((await response.json()) as { data: ModelBody }).data;
    expect(model).toMatchObject({ status: 'QUEUED', file: { name: 'tower.fbx', size: file.length } });
    expect(await storedBytes(model.id)).toEqual(file);

    // The upload became the model's file: it cannot be used again, and its tus resource is gone.
    expect((await createModelFrom(location, 'Twice')).status).toBe(422);
    expect((await tus('HEAD', location)).status).toBe(404);
  });
});

describe('creating an upload', () => {
  it('refuses a name of no model format, .zip or .matz, an empty or too large length, and no name', async () => {
    const cases: Array<[number, string | null, Record<string, string[]>]> = [
      [
        100,
        'plan.dwg',
        {
          file: [
            'The file field must be a file of type: fbx, glb, gltf, obj, stl, ply, 3mf, step, stp, iges, igs, ifc, 3dm, zip.',
          ],
        },
      ],
      [0, 'model.fbx', { file: ['The file field must be at least 1 byte.'] }],
      [MAX_BYTES + 1, 'model.zip', { file: ['The file field must not be greater than 1024 kilobytes.'] }],
      [100, null, { filename: ['The filename field is required.'] }],
    ];
    for (const [length, filename, errors] of cases) {
      const response = await createUpload(length, filename);
      expect(response.status, `${filename} ${length}`).toBe(422);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ message: Object.values(errors)[0][0], errors });
    }
    const deferred = await tus('POST', '/api/v2/uploads', {
      'Upload-Defer-Length': '1',
      'Upload-Metadata': metadata({ filename: 'model.fbx' }),
    });
    expect(deferred.status).toBe(422);
    expect(await createUpload(MAX_BYTES, 'Scene.MATZ').then((response) => response.status)).toBe(201);
  });

  it('needs a member of the tenant who may create or update models', async () => {
    expect((await createUpload(10, 'a.fbx', { token: '' })).status).toBe(401);
    expect((await createUpload(10, 'a.fbx', { token: carol })).status).toBe(401);
    expect((await createUpload(10, 'a.fbx', { token: bob })).status).toBe(403);
    const updater = await memberWithAbilities(server, ['update-project-models']);
    expect((await createUpload(10, 'a.fbx', { token: updater })).status).toBe(201);
  });
});

describe('an upload belongs to who created it', () => {
  it('is invisible to other users, other tenants and anonymous calls', async () => {
    const file = fbxOfSize(2_000);
    const location = await newUpload(file.length);
    const colleague = await memberWithAbilities(server, ['create-project-models']);
    const outsiders = [
      () => tus('HEAD', location, {}, { token: colleague }),
      () => sendChunk(location, 0, file, colleague),
      () => tus('DELETE', location, {}, { token: colleague }),
    ];
    for (const attempt of outsiders) {
      const response = await attempt();
      expect(response.status).toBe(404);
    }
    expect((await tus('HEAD', location, {}, { token: '' })).status).toBe(401);
    expect((await tus('HEAD', location, {}, { token: carol, subdomain: 'globex' })).status).toBe(404);
    expect((await tus('HEAD', location, {}, { token: alice, subdomain: 'globex' })).status).toBe(401);
    expect((await sendChunk(location, 0, file)).status).toBe(204);
    const stranger = await server.request('acme', '/projects/models', {
      method: 'POST',
      token: colleague,
      ...jsonBody({ name: 'Not mine', upload_id: uploadIdOf(location) }),
    });
    expect(stranger.status).toBe(422);
    expect(((await stranger.json()) as { errors: unknown }).errors).toEqual({
      upload_id: ['The selected upload id is invalid.'],
    });
  });

  it('is terminated by DELETE, also as POST with X-HTTP-Method-Override: PATCH for chunks', async () => {
    const file = fbxOfSize(4_000);
    const location = await newUpload(file.length);
    const overridden = await tus(
      'POST',
      location,
      {
        'X-HTTP-Method-Override': 'PATCH',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      { body: file.subarray(0, 1_000) },
    );
    expect(overridden.status).toBe(204);
    expect(overridden.headers.get('upload-offset')).toBe('1000');
    const terminated = await tus('DELETE', location);
    expect(terminated.status).toBe(204);
    expect((await tus('HEAD', location)).status).toBe(404);
    const row = await server.db
      .selectFrom('uploads')
      .select('id')
      .where('id', '=', uploadIdOf(location))
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('upload kinds', () => {
  const createKind = (kind: string, filename: string, length: number, token = alice) =>
    tus(
      'POST',
      '/api/v2/uploads',
      { 'Upload-Length': String(length), 'Upload-Metadata': metadata({ filename, kind }) },
      { token },
    );

  it('serves each declared kind with its own types, size and ability', async () => {
    // bob (Viewer) may upload images, which take no ability, but no library item files.
    const image = await createKind('image', 'logo.png', 2_000, bob);
    expect(image.status, await image.clone().text()).toBe(201);
    expect((await createKind('library-item-file', 'chair.fbx', 2_000, bob)).status).toBe(403);
    expect((await createKind('library-item-file', 'chair.fbx', 2_000)).status).toBe(201);
    expect((await createKind('material-archive', 'oak.matz', 2_000)).status).toBe(201);

    const tooLarge = await createKind('image', 'poster.png', 4 * 1024 * 1024);
    expect(tooLarge.status).toBe(422);
    expect(await tooLarge.json()).toEqual({
      message: 'The file field must not be greater than 3072 kilobytes.',
      errors: { file: ['The file field must not be greater than 3072 kilobytes.'] },
    });
    const wrongType = await createKind('material-archive', 'oak.fbx', 2_000);
    expect(((await wrongType.json()) as { errors: unknown }).errors).toEqual({
      file: ['The file field must be a file of type: matz, zip.'],
    });
    const unknown = await createKind('spreadsheet', 'sheet.csv', 2_000);
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { errors: unknown }).errors).toEqual({
      kind: ['The selected kind is invalid.'],
    });
  });

  it('gives a model only a finished upload of a model file', async () => {
    const file = fbxOfSize(3_000);
    const created = await createKind('library-item-file', 'item.fbx', file.length);
    const location = created.headers.get('location')!;
    expect((await sendChunk(location, 0, file)).status).toBe(204);
    const response = await createModelFrom(location, 'Not a model upload');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual({
      upload_id: ['The selected upload id is invalid.'],
    });
    const stored = await server.db
      .selectFrom('uploads')
      .select('kind')
      .where('id', '=', uploadIdOf(location))
      .executeTakeFirstOrThrow();
    expect(stored.kind).toBe('library-item-file');
  });
});

describe('the portal’s client', () => {
  const endpoint = () => `${hostOrigin(server, 'acme')}/api/v2/uploads`;

  function upload(
    file: Buffer,
    filename: string,
    options: { uploadUrl?: string; onChunk?: (upload: Upload) => void } = {},
  ) {
    return new Promise<{ url: string; firstOffset: number }>((resolve, reject) => {
      let firstOffset = -1;
      const client: Upload = new Upload(file, {
        endpoint: endpoint(),
        uploadUrl: options.uploadUrl,
        chunkSize: 20_000,
        retryDelays: [],
        headers: { Authorization: `Bearer ${alice}`, Accept: 'application/json' },
        metadata: { filename },
        onProgress: (bytesUploaded) => {
          if (firstOffset === -1) firstOffset = bytesUploaded;
        },
        onChunkComplete: () => options.onChunk?.(client),
        onError: reject,
        onSuccess: () => resolve({ url: client.url!, firstOffset }),
      });
      client.start();
    });
  }

  it('uploads two files side by side in chunks, and each becomes a model', async () => {
    const files = [fbxOfSize(90_000), fbxOfSize(70_000)];
    const results = await Promise.all(files.map((file, index) => upload(file, `client-${index}.fbx`)));
    for (const [index, result] of results.entries()) {
      const response = await createModelFrom(new URL(result.url).pathname, `Client upload ${index}`);
      expect(response.status).toBe(201);
      const model = ((await response.json()) as { data: ModelBody }).data;
      expect(model.file).toEqual({ name: `client-${index}.fbx`, size: files[index].length });
      expect(await storedBytes(model.id)).toEqual(files[index]);
    }
  });

  it('resumes an aborted upload from the offset the server reports', async () => {
    const file = fbxOfSize(100_000);
    let abortedAt = '';
    await new Promise<void>((resolve, reject) => {
      let aborted = false;
      upload(file, 'resumed.fbx', {
        onChunk: (client) => {
          if (aborted) return;
          aborted = true;
          abortedAt = client.url!;
          client.abort().then(resolve, reject);
        },
      }).catch(reject);
    });
    const resumed = await upload(file, 'resumed.fbx', { uploadUrl: abortedAt });
    expect(resumed.url).toBe(abortedAt);
    expect(resumed.firstOffset).toBeGreaterThanOrEqual(20_000);
    const response = await createModelFrom(new URL(resumed.url).pathname, 'Resumed by the client');
    const model = ((await response.json()) as { data: ModelBody }).data;
    expect(await storedBytes(model.id)).toEqual(file);
    expect((await getModel(server, alice, model.id)).file).toEqual({
      name: 'resumed.fbx',
      size: file.length,
    });
  });

  it('may call from a portal origin: preflight allowed, tus headers exposed', async () => {
    const origin = hostOrigin(server, 'acme');
    const preflight = await sendWithHost(server.port, host(), '/api/v2/uploads', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers':
          'authorization,tus-resumable,upload-offset,upload-length,upload-metadata,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const name of [
      'tus-resumable',
      'upload-offset',
      'upload-length',
      'upload-metadata',
      'upload-concat',
    ])
      expect(allowed).toContain(name);

    const created = await tus('POST', '/api/v2/uploads', {
      Origin: origin,
      'Upload-Length': '10',
      'Upload-Metadata': metadata({ filename: 'cors.fbx' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe(origin);
    expect(created.headers.get('access-control-allow-credentials')).toBe('true');
    const exposed = created.headers.get('access-control-expose-headers')!.toLowerCase();
    for (const name of ['location', 'upload-offset', 'upload-length', 'tus-resumable'])
      expect(exposed).toContain(name);

    const foreign = await tus('POST', '/api/v2/uploads', {
      Origin: 'http://evil.example',
      'Upload-Length': '10',
      'Upload-Metadata': metadata({ filename: 'cors.fbx' }),
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
