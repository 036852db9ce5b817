/**
 * Two server instances on one PostgreSQL database and one S3 bucket (a local stand-in), as a deployment with two
 * API processes runs them: the second publishes through the first one's push service (its external Pusher host)
 * and is the only one working processing jobs (the first only queues them). A token issued on one works on the other, an upload started on one
 * resumes on the other, a model processed by the second one's worker reaches a pusher-js client connected to the
 * first, and the login throttle counts the attempts on both. Needs TEST_DATABASE_URL (CI sets it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, login } from './api-helpers';
import { FBX_ASCII, type ModelBody } from './model-fixtures';
import { connectEcho, idsOf, resolveLocalhostNames, waitFor } from './realtime-helpers';
import { type S3StandIn, startS3StandIn } from './s3-stand-in';
import { sendWithHost, startTestServer, TEST_DOMAIN, type TestServer } from './test-server';

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres)
  console.warn('scale-out.test.ts skipped: set TEST_DATABASE_URL to run two instances on PostgreSQL');

const LIMITS = { perIdentity: 3, perAddress: 1000 };

describe.skipIf(!postgres)('two instances on one PostgreSQL database', () => {
  let s3: S3StandIn;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    resolveLocalhostNames();
    s3 = await startS3StandIn();
    first = await startTestServer({
      s3: s3.settings,
      loginRateLimit: LIMITS,
      processingWorker: false,
      processing: { stepMs: 0, concurrency: 1 },
    });
    second = await startTestServer(
      {
        s3: s3.settings,
        loginRateLimit: LIMITS,
        seed: false,
        processing: { stepMs: 0, concurrency: 1 },
        pusher: { ...first.config.pusher, host: '127.0.0.1', port: first.port },
      },
      first,
    );
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await s3?.close();
  });

  const validate = (server: TestServer, token: string) =>
    server.request('acme', '/auth/validate', { token }).then((response) => response.status);

  it('accepts a token issued by one on the other, and a logout on either ends it on both', async () => {
    const token = await login(first, 'alice');
    expect(await validate(second, token)).toBe(200);
    expect((await second.request('acme', '/logout', { token })).status).toBe(200);
    expect(await validate(first, token)).toBe(401);
  });

  it('counts failed logins on both against one limit', async () => {
    const attempt = (server: TestServer) =>
      server.request('acme', '/login', {
        method: 'POST',
        ...jsonBody({ identity: 'bob', password: 'wrong' }),
      });
    expect((await attempt(first)).status).toBe(401);
    expect((await attempt(second)).status).toBe(401);
    expect((await attempt(first)).status).toBe(401);
    const refused = await attempt(second);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('resumes an upload on the other instance, and the model processed by the second reaches a client on the first', async () => {
    const token = await login(second, 'alice');
    const tus = (
      server: TestServer,
      method: string,
      path: string,
      headers: Record<string, string>,
      body?: Buffer,
    ) =>
      sendWithHost(server.port, `acme.${TEST_DOMAIN}:${server.port}`, path, {
        method,
        headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}`, ...headers },
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
    const file = Buffer.concat([FBX_ASCII, Buffer.alloc(20_000, 0x20)]);
    const half = Math.floor(file.length / 2);

    const created = await tus(first, 'POST', '/api/v2/uploads', {
      'Upload-Length': String(file.length),
      'Upload-Metadata': `filename ${Buffer.from('shared.fbx').toString('base64')}`,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    const chunk = { 'Content-Type': 'application/offset+octet-stream' };
    expect(
      (await tus(first, 'PATCH', location, { ...chunk, 'Upload-Offset': '0' }, file.subarray(0, half)))
        .status,
    ).toBe(204);

    const offset = await tus(second, 'HEAD', location, {});
    expect(offset.headers.get('upload-offset')).toBe(String(half));
    const rest = await tus(
      second,
      'PATCH',
      location,
      { ...chunk, 'Upload-Offset': String(half) },
      file.subarray(half),
    );
    expect(rest.status).toBe(204);

    const acme = (await idsOf(first)).companyId('acme');
    const echo = connectEcho(first, { token, subdomain: 'acme' });
    try {
      const channel = echo.private(`Company.${acme}.ProjectModel`);
      await waitFor('subscription', (resolve) => channel.subscribed(resolve));
      const events: Array<{ owner_id: number; status: string }> = [];
      let onEvent = () => undefined as void;
      channel.listen('GeometryEventsUpdated', (event: { owner_id: number; status: string }) => {
        events.push(event);
        onEvent();
      });
      const response = await first.request('acme', '/projects/models', {
        method: 'POST',
        token,
        ...jsonBody({ name: 'Shared upload', upload_id: location.split('/').at(-1) }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const model = ((await response.json()) as { data: ModelBody }).data;
      const statusesOfModel = () =>
        events.filter((event) => event.owner_id === model.id).map((event) => event.status);
      await waitFor<void>('the FINISHED event of the model', (resolve) => {
        onEvent = () => {
          if (statusesOfModel().includes('FINISHED')) resolve();
        };
        onEvent();
      });
      // Started, reading, read, converted, optimized, preview, AR (issue 45), then FINISHED.
      expect(statusesOfModel()).toEqual([...Array<string>(7).fill('PROCESSING'), 'FINISHED']);
    } finally {
      echo.disconnect();
    }
  });
});
