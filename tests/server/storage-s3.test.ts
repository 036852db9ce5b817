/**
 * Files in an S3-compatible bucket (S3_* configured), against a local S3 stand-in: a resumable upload goes to the
 * bucket through the tus S3 store and resumes from the offset it reports, becomes a model whose file is an object
 * in the bucket, is processed (its preview stored in and served from the bucket), and is forgotten once taken; an
 * unfinished upload is terminated.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3ClientConfig } from '../../server/storage/s3';
import { jsonBody, tokenFor } from './api-helpers';
import { FBX_ASCII, type ModelBody, modelReaching } from './model-fixtures';
import { startS3StandIn, type S3StandIn } from './s3-stand-in';
import { sendWithHost, startTestServer, TEST_DOMAIN, type TestServer } from './test-server';

let s3: S3StandIn;
let server: TestServer;
let alice: string;

beforeAll(async () => {
  s3 = await startS3StandIn();
  server = await startTestServer({ s3: s3.settings, processing: { stepMs: 0, concurrency: 1 } });
  alice = await tokenFor(server, 'alice');
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

const tus = (method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) =>
  sendWithHost(server.port, `acme.${TEST_DOMAIN}:${server.port}`, path, {
    method,
    headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${alice}`, ...headers },
    ...(body ? { body: new Uint8Array(body) } : {}),
  });

async function createUpload(length: number): Promise<string> {
  const created = await tus('POST', '/api/v2/uploads', {
    'Upload-Length': String(length),
    'Upload-Metadata': `filename ${Buffer.from('bucket.fbx').toString('base64')}`,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return created.headers.get('location')!;
}

const sendChunk = (location: string, offset: number, bytes: Buffer) =>
  tus(
    'PATCH',
    location,
    { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    bytes,
  );

async function bucketObject(key: string): Promise<Buffer> {
  const client = new S3Client(s3ClientConfig(s3.settings));
  const object = await client.send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

describe('with an S3 bucket', () => {
  it('resumes an upload in the bucket, stores the model file there and serves the preview from it', async () => {
    const file = Buffer.concat([FBX_ASCII, Buffer.alloc(30_000, 0x20)]);
    const half = 12_345;
    const location = await createUpload(file.length);
    expect((await sendChunk(location, 0, file.subarray(0, half))).status).toBe(204);
    const head = await tus('HEAD', location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect((await sendChunk(location, half, file.subarray(half))).status).toBe(204);

    const response = await server.request('acme', '/projects/models', {
      method: 'POST',
      token: alice,
      ...jsonBody({ name: 'Stored in a bucket', upload_id: location.split('/').at(-1) }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const model = ((await response.json()) as { data: ModelBody }).data;
    const { file_key: fileKey } = await server.db
      .selectFrom('project_models')
      .select('file_key')
      .where('id', '=', model.id)
      .executeTakeFirstOrThrow();
    expect(fileKey).toMatch(/^models\/.+\.fbx$/);
    expect((await bucketObject(fileKey!)).equals(file)).toBe(true);
    expect((await tus('HEAD', location)).status).toBe(404);

    const finished = await modelReaching(server, alice, model.id, ['FINISHED']);
    const preview = new URL(finished.preview_image_url!);
    const served = await sendWithHost(server.port, preview.host, preview.pathname);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('terminates an unfinished upload in the bucket', async () => {
    const location = await createUpload(20_000);
    expect((await sendChunk(location, 0, Buffer.concat([FBX_ASCII, Buffer.alloc(5_000, 0x20)]))).status).toBe(
      204,
    );
    expect((await tus('DELETE', location)).status).toBe(204);
    expect((await tus('HEAD', location)).status).toBe(404);
  });
});
