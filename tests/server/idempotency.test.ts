/**
 * Idempotent writes (issue 42, server/http/idempotency.ts): a write sent again with its Idempotency-Key answers
 * the first answer and changes nothing more (a double click, a retry after Retry-After, a lost answer); the same key
 * with another request is refused with 422; a failed write releases its key; keys are a user's own.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireIdempotencyKeys, IDEMPOTENCY_LIFETIME_MS } from '../../server/http/idempotency';
import { jsonBody, multipartBody, tokenFor } from './api-helpers';
import { fileBlob, FBX_ASCII } from './model-fixtures';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ processing: { stepMs: 0, concurrency: 1 } });
  [alice, admin] = await Promise.all([tokenFor(server, 'alice'), tokenFor(server, 'admin')]);
});
afterAll(() => server?.close());

const send = (path: string, key: string | null, init: RequestInit, token = alice) =>
  server.request('acme', path, {
    token,
    method: 'POST',
    ...init,
    headers: { ...(init.headers as Record<string, string>), ...(key ? { 'Idempotency-Key': key } : {}) },
  });

const projectsNamed = async (name: string) =>
  (await server.app.ctx.db.selectFrom('projects').select('id').where('name', '=', name).execute()).length;

const activitiesOf = async (subject: string) =>
  (
    await server.app.ctx.db
      .selectFrom('user_activities')
      .select('id')
      .where('subject', '=', subject)
      .where('action', '=', 'created')
      .execute()
  ).length;

describe('a write with an Idempotency-Key', () => {
  it('is applied once: the same request again answers the first answer, marked as replayed', async () => {
    const key = randomUUID();
    const body = jsonBody({ name: 'Idempotent tower', status: 'active' });
    const before = await activitiesOf('projects');
    const first = await send('/projects', key, body);
    expect(first.status, await first.clone().text()).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await send('/projects', key, body);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await again.json()).toEqual(await first.json());
    expect(await projectsNamed('Idempotent tower')).toBe(1);
    // Nothing happened again: one entry in the activity log.
    expect(await activitiesOf('projects')).toBe(before + 1);
  });

  it('is applied once when both arrive together (the second waits for the first answer)', async () => {
    const key = randomUUID();
    const body = jsonBody({ name: 'Double click tower', status: 'active' });
    const answers = await Promise.all([send('/projects', key, body), send('/projects', key, body)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const [one, two] = await Promise.all(answers.map((answer) => answer.json()));
    expect(two).toEqual(one);
    expect(await projectsNamed('Double click tower')).toBe(1);
  });

  it('with a file (multipart, a new boundary each time) creates one model', async () => {
    const key = randomUUID();
    const form = () =>
      multipartBody({ name: 'Idempotent model' }, { file: [fileBlob(FBX_ASCII), 'cube.fbx'] });
    const first = await send('/projects/models', key, form());
    expect(first.status, await first.clone().text()).toBe(201);
    const again = await send('/projects/models', key, form());
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const models = await server.app.ctx.db
      .selectFrom('project_models')
      .select('id')
      .where('name', '=', 'Idempotent model')
      .execute();
    expect(models).toHaveLength(1);
  });

  it('with another request under the same key is refused with 422, in the reader’s language', async () => {
    const key = randomUUID();
    expect((await send('/projects', key, jsonBody({ name: 'Key owner', status: 'active' }))).status).toBe(
      201,
    );
    const other = await send('/projects', key, jsonBody({ name: 'Key thief', status: 'active' }));
    expect(other.status).toBe(422);
    expect(((await other.json()) as { errors: unknown }).errors).toEqual({
      idempotency_key: ['The idempotency key was already used for a different request.'],
    });
    const dutch = await send('/projects', key, {
      ...jsonBody({ name: 'Key thief', status: 'active' }),
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'nl' },
    });
    expect(((await dutch.json()) as { message: string }).message).toBe(
      'De idempotentiesleutel is al gebruikt voor een ander verzoek.',
    );
    expect(await projectsNamed('Key thief')).toBe(0);
  });

  it('refused by validation claims nothing: the corrected request with the key is applied', async () => {
    const key = randomUUID();
    const invalid = await send('/projects', key, jsonBody({ name: '', status: 'active' }));
    expect(invalid.status).toBe(422);
    const corrected = await send('/projects', key, jsonBody({ name: 'Corrected tower', status: 'active' }));
    expect(corrected.status).toBe(201);
    expect(await projectsNamed('Corrected tower')).toBe(1);
  });

  it('is a user’s own: another user’s same key is another write', async () => {
    const key = randomUUID();
    const body = jsonBody({ name: 'Shared key', status: 'active' });
    expect((await send('/projects', key, body, alice)).status).toBe(201);
    const admins = await send('/projects', key, body, admin);
    expect(admins.headers.get('idempotent-replayed')).toBeNull();
    expect(admins.status).toBe(201);
    expect(await projectsNamed('Shared key')).toBe(2);
  });

  it('of an update and a delete is applied once too', async () => {
    const created = (await (
      await send('/projects', null, jsonBody({ name: 'To update', status: 'active' }))
    ).json()) as { data: { id: number } };
    const id = created.data.id;
    const key = randomUUID();
    const update = { ...jsonBody({ name: 'Updated once' }), method: 'PATCH' };
    const first = await send(`/projects/${id}`, key, update);
    expect(first.status, await first.clone().text()).toBe(200);
    // Changed meanwhile by someone else: the replay does not write its name back.
    await server.app.ctx.db
      .updateTable('projects')
      .set({ name: 'Changed since' })
      .where('id', '=', id)
      .execute();
    const again = await send(`/projects/${id}`, key, update);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await projectsNamed('Changed since')).toBe(1);

    const deleteKey = randomUUID();
    const removed = await send(`/projects/${id}`, deleteKey, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    const removedAgain = await send(`/projects/${id}`, deleteKey, { method: 'DELETE' });
    expect(removedAgain.status).toBe(200);
    expect(await removedAgain.json()).toEqual(await removed.json());
  });

  it('must be 1 to 255 visible characters', async () => {
    for (const key of ['has space', 'x'.repeat(256)]) {
      const response = await send('/projects', key, jsonBody({ name: 'Bad key', status: 'active' }));
      expect(response.status, key).toBe(422);
      expect(((await response.json()) as { errors: unknown }).errors).toEqual({
        idempotency_key: ['The idempotency key must be 1 to 255 visible ASCII characters.'],
      });
    }
    expect(await projectsNamed('Bad key')).toBe(0);
  });

  it('is not looked at on a write without a session (sign-in, a forgotten password)', async () => {
    const response = await server.request(null, '/password/forgot', {
      method: 'POST',
      body: JSON.stringify({ email: 'nobody@nowhere.test' }),
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'has space' },
    });
    expect(response.status, await response.clone().text()).not.toBe(422);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
  });

  it('is kept a day', async () => {
    const key = randomUUID();
    const body = jsonBody({ name: 'Day old', status: 'active' });
    expect((await send('/projects', key, body)).status).toBe(201);
    const later = new Date(Date.now() + IDEMPOTENCY_LIFETIME_MS + 60_000);
    expect(await expireIdempotencyKeys(server.app, later)).toBeGreaterThan(0);
    expect((await send('/projects', key, body)).headers.get('idempotent-replayed')).toBeNull();
    expect(await projectsNamed('Day old')).toBe(2);
  });
});
