/**
 * Issue 31, journeys 7 and 8 and the activity log, against the real server:
 * - a file whose content is not what its name says is refused as its last byte arrives (422 on `file`, worded as
 *   what is wrong with the content, in English and Dutch), and the upload is gone; a wrong name is told the types
 *   of its own upload kind; a model's or item's save says the same of such a file;
 * - a FAILED model or library item is reprocessed (its way out), other unfinished ones are still refused;
 * - the activity log names what changed ('Updated user Bob Brink', 'Invited erin@umbrella.test'), in the reader's
 *   language, never an API path; an entry recorded before names the record by its id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, multipartBody, tokenFor, userId } from './api-helpers';
import { FBX_ASCII, fileBlob, modelReaching } from './model-fixtures';
import { sendWithHost, startTestServer, TEST_DOMAIN, type TestServer } from './test-server';

let server: TestServer;
let alice: string;

beforeAll(async () => {
  server = await startTestServer({ processing: { stepMs: 0, concurrency: 2 } });
  alice = await tokenFor(server, 'alice');
});
afterAll(() => server?.close());

const NOT_FBX = 'The file is not a readable FBX model: its first bytes are not those of an FBX file.';
const NOT_FBX_NL =
  'Het bestand is geen leesbaar FBX-model: de eerste bytes zijn niet die van een FBX-bestand.';

const host = () => `acme.${TEST_DOMAIN}:${server.port}`;
const tus = { 'Tus-Resumable': '1.0.0' };
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Creates an upload of the kind and sends all its bytes in one chunk: answers the last chunk's response. */
async function uploadAll(kind: string, filename: string, bytes: Buffer, language = 'en') {
  const headers = { ...tus, Authorization: `Bearer ${alice}`, 'Accept-Language': language };
  const created = await sendWithHost(server.port, host(), '/api/v2/uploads', {
    method: 'POST',
    headers: {
      ...headers,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': metadata({ filename, kind }),
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const location = created.headers.get('location')!;
  const sent = await sendWithHost(server.port, host(), location, {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  return { sent, location };
}

const call = (path: string, init: RequestInit & { token?: string } = {}) =>
  server.request('acme', path, { token: alice, ...init });

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function idOf(table: 'project_models' | 'library_items', name: string): Promise<number> {
  const row = await server.db
    .selectFrom(table)
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('a corrupt model file', () => {
  it('is refused as its last byte arrives, saying what is wrong with its content, and the upload is gone', async () => {
    for (const kind of ['model-file', 'library-item-file']) {
      const { sent, location } = await uploadAll(kind, 'broken.fbx', Buffer.from('not a model at all'));
      expect(sent.status, kind).toBe(422);
      expect(await sent.json()).toEqual({ message: NOT_FBX, errors: { file: [NOT_FBX] } });
      const head = await sendWithHost(server.port, host(), location, {
        method: 'HEAD',
        headers: { ...tus, Authorization: `Bearer ${alice}` },
      });
      expect(head.status, kind).toBe(404);
    }
  });

  it('is refused in Dutch for a Dutch reader', async () => {
    const { sent } = await uploadAll('model-file', 'kapot.fbx', Buffer.from('geen model'), 'nl');
    expect(sent.status).toBe(422);
    expect(await sent.json()).toEqual({ message: NOT_FBX_NL, errors: { file: [NOT_FBX_NL] } });
  });

  it('is refused on a save with a multipart file too, naming the types of its own kind for a wrong name', async () => {
    const model = await json<{ errors: Record<string, string[]> }>(
      await call('/projects/models', {
        method: 'POST',
        ...multipartBody({ name: 'Broken' }, { file: [fileBlob(Buffer.from('junk')), 'broken.fbx'] }),
      }),
      422,
    );
    expect(model.errors).toEqual({ file: [NOT_FBX] });
    const item = await json<{ errors: Record<string, string[]> }>(
      await call('/libraries/items', {
        method: 'POST',
        ...multipartBody({ name: 'Mesh' }, { file: [fileBlob(Buffer.from('AC1032')), 'plan.dwg'] }),
      }),
      422,
    );
    expect(item.errors).toEqual({
      file: [
        'The file field must be a file of type: fbx, glb, gltf, obj, stl, ply, 3mf, step, stp, iges, igs, ifc, 3dm, zip, matz.',
      ],
    });
  });

  it('is taken when it is what its name says', async () => {
    const { sent } = await uploadAll('model-file', 'cube.fbx', FBX_ASCII);
    expect(sent.status).toBe(204);
  });
});

describe('reprocessing a FAILED record', () => {
  it('queues a FAILED model again, which then runs to its end', async () => {
    const id = await idOf('project_models', 'Tech Campus East – Atrium');
    expect(await json(await call(`/projects/models/${id}/reprocess`, { method: 'POST' }))).toEqual({
      message: 'Reprocessing started...',
    });
    expect((await modelReaching(server, alice, id, ['FINISHED'])).status).toBe('FINISHED');
    // The activity log names the model, though the answer was only a message.
    expect((await activity())[0].message).toBe('Reprocessed model Tech Campus East – Atrium');
    expect((await activity('nl'))[0].message).toBe('Model Tech Campus East – Atrium opnieuw verwerkt');
  });

  it('queues a FAILED library item again; a QUEUED one is still refused, in Dutch too', async () => {
    const failed = await idOf('library_items', 'Track Spot');
    expect(await json(await call(`/libraries/items/${failed}/reprocess`, { method: 'POST' }))).toEqual({
      message: 'Reprocessing started...',
    });
    const queued = await idOf('library_items', 'Hammock');
    const refused = await json<{ errors: Record<string, string[]> }>(
      await call(`/libraries/items/${queued}/reprocess`, {
        method: 'POST',
        headers: { 'Accept-Language': 'nl' },
      }),
      422,
    );
    expect(refused.errors).toEqual({
      status: ['Alleen voltooide of mislukte items kunnen opnieuw worden verwerkt.'],
    });
  });
});

interface ActivityEntry {
  action: string;
  message: string;
  message_key: string;
  message_params: Record<string, string | number>;
}

const activity = async (language = 'en') =>
  (
    await json<{ data: ActivityEntry[] }>(
      await call('/my-account/activity?per_page=50', { headers: { 'Accept-Language': language } }),
    )
  ).data;

describe('the activity log', () => {
  it('names what changed, never an API path, in the reader language', async () => {
    const bob = await userId(server, 'bob');
    await json(await call(`/users/${bob}`, { method: 'PATCH', ...jsonBody({ function: 'Sales lead' }) }));
    const viewer = await server.db
      .selectFrom('roles')
      .innerJoin('companies', 'companies.id', 'roles.company_id')
      .select('roles.id')
      .where('companies.sub_domain', '=', 'acme')
      .where('roles.title', '=', 'Viewer')
      .executeTakeFirstOrThrow();
    await json(
      await call('/users/invite', {
        method: 'POST',
        ...jsonBody({ email: 'erin@umbrella.test', role_id: viewer.id }),
      }),
      201,
    );
    const label = await json<{ data: { id: number } }>(
      await call('/labels', { method: 'POST', ...jsonBody({ name: 'Activity Blue', color: '#0000ff' }) }),
      201,
    );
    await json(await call(`/labels/${label.data.id}`, { method: 'DELETE' }));

    const english = (await activity()).map((entry) => entry.message);
    expect(english.slice(0, 4)).toEqual([
      'Deleted label Activity Blue',
      'Created label Activity Blue',
      'Invited erin@umbrella.test',
      'Updated user Bob Brink',
    ]);
    expect(english.join('\n')).not.toMatch(/labels\/|users\//);
    const dutch = (await activity('nl')).map((entry) => entry.message);
    expect(dutch.slice(0, 4)).toEqual([
      'Label Activity Blue verwijderd',
      'Label Activity Blue aangemaakt',
      'erin@umbrella.test uitgenodigd',
      'Gebruiker Bob Brink gewijzigd',
    ]);
    // The portal renders the stored message itself.
    expect((await activity())[3]).toMatchObject({
      message_key: 'account:activity.messages.updated',
      message_params: { context: 'user', name: 'Bob Brink' },
    });
  });

  it("names the records of alice's seeded entries, as the recorder would have", async () => {
    const english = (await activity()).map((entry) => entry.message);
    expect(english).toEqual(
      expect.arrayContaining([
        'Created project Harbour Tower',
        'Updated project Harbour Tower',
        'Created label Client review',
        'Deleted label Draft',
        'Updated the profile',
      ]),
    );
    expect(english).not.toContain('Updated project #1');
    expect(english).not.toContain('Deleted label #3');
  });

  it('words an entry recorded before from its path, naming the record by its id', async () => {
    const alice_ = await userId(server, 'alice');
    const acme = await server.db
      .selectFrom('companies')
      .select('id')
      .where('sub_domain', '=', 'acme')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('user_activities')
      .values([
        { company_id: acme.id, user_id: alice_, action: 'updated', subject: 'projects/models/12' },
        { company_id: acme.id, user_id: alice_, action: 'created', subject: 'some/unknown/path' },
      ])
      .execute();
    const [unknown, model] = await activity();
    expect(model.message).toBe('Updated model #12');
    expect(unknown.message).toBe('Created');
  });
});
