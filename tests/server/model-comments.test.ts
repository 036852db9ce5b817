/**
 * Comments pinned to a model (issue 45; server/api/model-comments.ts): threads with their point, normal, camera and
 * pin number (never given twice), replies, the 422s of a placement, a thread, a version and mentions; the list's
 * shape; tenancy; who reads, writes, edits and deletes; resolving and reopening; the notification of a mention in
 * both languages; the live event on the company's channel; the activity entries; a deleted record; the purge and a
 * company's deletion taking the comments along; the migration's grants; library items the same.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentPath } from '../../shared/comment-values';
import type { ModelComment } from '../../shared/entities/model-comments';
import { down, up } from '../../server/db/migrations/0210_model_comments';
import { companyId, formBody, jsonBody, newMember, tokenFor, userId } from './api-helpers';
import { companyEvents, resolveLocalhostNames } from './realtime-helpers';
import { doomedCompany, errorsOf, firstLiveItem, json, liveModels, purgeModel } from './review-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let bob: string;
let carol: string;
let admin: string;
let acme: number;
let ids: { alice: number; bob: number; carol: number };
let chair: { id: number; name: string; version: number };
let table: { id: number; name: string };
let globexModel: { id: number };
let item: { id: number; name: string };

beforeAll(async () => {
  resolveLocalhostNames();
  server = await startTestServer();
  [alice, bob, carol, admin] = await Promise.all(
    ['alice', 'bob', 'carol', 'admin'].map((name) => tokenFor(server, name)),
  );
  acme = await companyId(server, 'acme');
  ids = {
    alice: await userId(server, 'alice'),
    bob: await userId(server, 'bob'),
    carol: await userId(server, 'carol'),
  };
  const models = await liveModels(server, 'acme');
  [chair, table] = [models[0], models[1]];
  [globexModel] = await liveModels(server, 'globex');
  item = await firstLiveItem(server, acme);
});
afterAll(() => server?.close());

type Init = RequestInit & { token?: string };
const call = (path: string, init: Init = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: alice, ...init });

const commentsOf = (id: number, kind = 'projects/models') => `/${kind}/${id}/comments`;

/** Where a thread is pinned: a point on the surface, its normal there, and the camera it was seen from. */
const PIN = {
  point: [0.5, 1.25, -0.75],
  normal: [0, 1, 0],
  camera: { position: [3, 2, 5], target: [0.5, 1.25, -0.75] },
};

const post = (record: number, body: Record<string, unknown>, token = alice, kind = 'projects/models') =>
  call(commentsOf(record, kind), { method: 'POST', token, ...jsonBody(body) });

async function thread(record: number, body: Record<string, unknown> = {}, token = alice) {
  return (
    await json<{ data: ModelComment }>(await post(record, { body: 'A thread', ...PIN, ...body }, token), 201)
  ).data;
}

async function reply(record: number, parent: number, body: Record<string, unknown> = {}, token = alice) {
  return (
    await json<{ data: ModelComment }>(
      await post(record, { body: 'A reply', parent_id: parent, ...body }, token),
      201,
    )
  ).data;
}

const list = async (record: number, token = alice, kind = 'projects/models') =>
  (await json<{ data: ModelComment[] }>(await call(commentsOf(record, kind), { token }))).data;

const patch = (record: number, comment: number, body: Record<string, unknown>, token = alice) =>
  call(`${commentsOf(record)}/${comment}`, { method: 'PATCH', token, ...jsonBody(body) });

const remove = (record: number, comment: number, token = alice) =>
  call(`${commentsOf(record)}/${comment}`, { method: 'DELETE', token });

describe('writing comments', () => {
  it('pins threads with their point, normal and camera, numbered 1, 2, …, and replies without one', async () => {
    const first = await thread(chair.id, { body: 'The seam shows here' });
    expect(first).toMatchObject({
      record_type: 'model',
      record_id: chair.id,
      parent_id: null,
      number: 1,
      body: 'The seam shows here',
      ...PIN,
      version: chair.version,
      author: { id: ids.alice, name: 'Alice Anders', profile_image: null },
      mentions: [],
      resolved_at: null,
      resolved_by: null,
      edited_at: null,
      can_edit: true,
      can_delete: true,
    });
    expect(Date.parse(first.created_at)).not.toBeNaN();
    const second = await thread(chair.id);
    expect(second.number).toBe(2);
    const answer = await reply(chair.id, first.id, { body: 'Agreed' });
    expect(answer).toMatchObject({
      parent_id: first.id,
      number: null,
      point: null,
      normal: null,
      camera: null,
      version: chair.version,
    });
    // Another record counts from 1.
    expect((await thread(table.id)).number).toBe(1);

    const listed = await list(chair.id);
    expect(listed.map((comment) => comment.id)).toEqual([first.id, second.id, answer.id]);
    expect(listed[0]).toEqual(first);
  });

  it('never gives a deleted thread’s number again, and two threads at once get two numbers', async () => {
    const [a, b] = await Promise.all([thread(table.id), thread(table.id)]);
    expect(new Set([a.number, b.number]).size).toBe(2);
    const last = Math.max(a.number!, b.number!);
    const latest = a.number === last ? a : b;
    expect((await remove(table.id, latest.id)).status).toBe(200);
    expect((await thread(table.id)).number).toBe(last + 1);
  });

  it('takes a form body as a form sends it', async () => {
    const response = await call(commentsOf(chair.id), {
      method: 'POST',
      ...formBody({
        body: 'From a form',
        'point[0]': '1',
        'point[1]': '2.5',
        'point[2]': '-3',
        'normal[0]': '0',
        'normal[1]': '0',
        'normal[2]': '1',
        'camera[position][0]': '4',
        'camera[position][1]': '4',
        'camera[position][2]': '4',
        'camera[target][0]': '1',
        'camera[target][1]': '2.5',
        'camera[target][2]': '-3',
        'mentions[]': String(ids.bob),
      }),
    });
    const { data } = await json<{ data: ModelComment }>(response, 201);
    expect(data).toMatchObject({
      point: [1, 2.5, -3],
      normal: [0, 0, 1],
      camera: { position: [4, 4, 4], target: [1, 2.5, -3] },
      mentions: [{ id: ids.bob, name: 'Bob Brink' }],
    });
  });

  it('refuses a thread without its placement, a reply with one, and a parent that is no thread of the record', async () => {
    expect(await errorsOf(await post(chair.id, { body: 'Where?' }))).toEqual({
      point: ['The point field is required.'],
      normal: ['The normal field is required.'],
      camera: ['The camera field is required.'],
    });
    const dutch = await call(commentsOf(chair.id), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'nl' },
      body: JSON.stringify({ body: 'Waar?' }),
    });
    expect((await errorsOf(dutch)).point).toEqual(['Het veld punt is verplicht.']);

    const first = await thread(chair.id);
    const answer = await reply(chair.id, first.id);
    expect(
      await errorsOf(await post(chair.id, { body: 'x', parent_id: first.id, point: PIN.point })),
    ).toEqual({
      point: ['The point field is prohibited.'],
    });
    expect(await errorsOf(await post(chair.id, { body: 'x', parent_id: answer.id }))).toEqual({
      parent_id: ['The selected parent id is invalid.'],
    });
    const elsewhere = await thread(table.id);
    expect(await errorsOf(await post(chair.id, { body: 'x', parent_id: elsewhere.id }))).toEqual({
      parent_id: ['The selected parent id is invalid.'],
    });
    expect(await errorsOf(await post(chair.id, { body: 'x', parent_id: 2147483647 }))).toEqual({
      parent_id: ['The selected parent id is invalid.'],
    });
  });

  it('refuses an empty or too long text, and a point that is no three finite numbers', async () => {
    expect(Object.keys(await errorsOf(await post(chair.id, { ...PIN, body: '   ' })))).toEqual(['body']);
    expect((await errorsOf(await post(chair.id, { ...PIN, body: 'x'.repeat(5001) }))).body).toEqual([
      'The body field must not be greater than 5000 characters.',
    ]);
    expect(Object.keys(await errorsOf(await post(chair.id, { ...PIN, body: 'x', point: [1, 2] })))).toEqual([
      'point',
    ]);
    const infinite = await call(commentsOf(chair.id), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"body":"x","point":[1e400,0,0],"normal":[0,1,0],"camera":{"position":[1,1,1],"target":[0,0,0]}}`,
    });
    expect(Object.keys(await errorsOf(infinite))).toEqual(['point.0']);
  });

  it('belongs to the current version or a kept one, no other', async () => {
    await server.db.transaction().execute(async (trx) => {
      await trx.updateTable('project_models').set({ version: 3 }).where('id', '=', table.id).execute();
      await trx
        .insertInto('model_versions')
        .values({
          company_id: acme,
          model_id: table.id,
          number: 2,
          status: 'FINISHED',
          geometry_events: '[]',
          created_at: new Date(),
        })
        .execute();
    });
    try {
      expect((await thread(table.id)).version).toBe(3);
      expect((await thread(table.id, { version: 2 })).version).toBe(2);
      expect(await errorsOf(await post(table.id, { body: 'x', ...PIN, version: 1 }))).toEqual({
        version: ['The selected version is invalid.'],
      });
      expect((await errorsOf(await post(table.id, { body: 'x', ...PIN, version: 9 }))).version).toBeDefined();
    } finally {
      await server.db.deleteFrom('model_versions').where('model_id', '=', table.id).execute();
      await server.db.updateTable('project_models').set({ version: 1 }).where('id', '=', table.id).execute();
    }
  });

  it('mentions only members of the company who may see models', async () => {
    const blind = await newMember(server, ['list-library-items']);
    for (const mentioned of [ids.carol, blind.id, 999999]) {
      expect(
        await errorsOf(await post(chair.id, { body: 'x', ...PIN, mentions: [ids.bob, mentioned] })),
      ).toEqual({
        mentions: ['The selected mentions is invalid.'],
      });
    }
    const dutch = await call(commentsOf(chair.id), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'nl' },
      body: JSON.stringify({ body: 'x', ...PIN, mentions: [ids.carol] }),
    });
    expect((await errorsOf(dutch)).mentions).toEqual(['De gekozen vermeldingen is ongeldig.']);
    const mentioned = await thread(chair.id, { mentions: [ids.bob, ids.bob, ids.alice] });
    expect(mentioned.mentions).toEqual([
      { id: ids.bob, name: 'Bob Brink' },
      { id: ids.alice, name: 'Alice Anders' },
    ]);
  });
});

describe('who reads and writes', () => {
  it('lets whoever sees models read, and only who may comment write', async () => {
    const first = await thread(chair.id);
    const reader = await newMember(server, ['list-project-models']);
    const readable = await list(chair.id, reader.token);
    expect(readable.find((comment) => comment.id === first.id)).toMatchObject({
      can_edit: false,
      can_delete: false,
    });
    expect((await post(chair.id, { body: 'x', ...PIN }, reader.token)).status).toBe(403);
    expect((await call(`${commentsOf(chair.id)}/mentionable`, { token: reader.token })).status).toBe(403);
    expect((await patch(chair.id, first.id, { resolved: true }, reader.token)).status).toBe(403);
    expect((await remove(chair.id, first.id, reader.token)).status).toBe(403);
    const stranger = await newMember(server, ['comment-project-models']);
    expect((await call(commentsOf(chair.id), { token: stranger.token })).status).toBe(403);
  });

  it('lets only the author edit the text, and the author or an administrator delete', async () => {
    const commenter = await newMember(server, ['list-project-models', 'comment-project-models']);
    const first = await thread(chair.id);
    const answer = await reply(chair.id, first.id, {}, commenter.token);
    const refused = await patch(chair.id, first.id, { body: 'Mine now' }, commenter.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: 'Only the author of a comment can change its text or mentions.',
    });
    const dutch = await call(`${commentsOf(chair.id)}/${first.id}`, {
      method: 'DELETE',
      token: commenter.token,
      headers: { 'Accept-Language': 'nl' },
    });
    expect(await json(dutch, 403)).toEqual({
      message: 'Alleen de auteur van een reactie of een beheerder kan deze verwijderen.',
    });
    // Anyone who may comment resolves a thread.
    expect((await patch(chair.id, first.id, { resolved: true }, commenter.token)).status).toBe(200);

    const edited = await json<{ data: ModelComment }>(
      await patch(chair.id, first.id, { body: 'Better words' }),
    );
    expect(edited.data.body).toBe('Better words');
    expect(Date.parse(edited.data.edited_at ?? '')).not.toBeNaN();

    const listed = await list(chair.id, commenter.token);
    expect(listed.find((comment) => comment.id === answer.id)).toMatchObject({
      can_edit: true,
      can_delete: true,
    });
    expect(listed.find((comment) => comment.id === first.id)).toMatchObject({
      can_edit: false,
      can_delete: false,
    });
    expect((await list(chair.id, admin)).find((comment) => comment.id === first.id)).toMatchObject({
      can_edit: false,
      can_delete: true,
    });

    expect(await json(await remove(chair.id, first.id, admin))).toEqual({ message: 'Comment deleted.' });
    const left = await server.db
      .selectFrom('model_comments')
      .select('id')
      .where('id', 'in', [first.id, answer.id])
      .execute();
    expect(left).toEqual([]);
    expect((await remove(chair.id, first.id)).status).toBe(404);
  });

  it('keeps another company out: its user finds no record, and no comment by its id', async () => {
    const first = await thread(chair.id);
    for (const path of [commentsOf(chair.id), `${commentsOf(chair.id)}/mentionable`])
      expect((await call(path, { token: carol }, 'globex')).status).toBe(404);
    expect((await post(chair.id, { body: 'x', ...PIN }, carol)).status).toBe(401);
    const post404 = await call(
      commentsOf(chair.id),
      { method: 'POST', token: carol, ...jsonBody({ body: 'x', ...PIN }) },
      'globex',
    );
    expect(post404.status).toBe(404);
    // Through a record of their own, a comment of acme's is none of theirs.
    const own = `${commentsOf(globexModel.id)}/${first.id}`;
    expect(
      (await call(own, { token: carol, method: 'PATCH', ...jsonBody({ resolved: true }) }, 'globex')).status,
    ).toBe(404);
    expect((await call(own, { token: carol, method: 'DELETE' }, 'globex')).status).toBe(404);
    // Nor does acme's user reach globex's model, nor a comment of one record through another.
    expect((await call(commentsOf(globexModel.id))).status).toBe(404);
    expect((await patch(table.id, first.id, { resolved: true })).status).toBe(404);
    expect((await list(chair.id)).find((comment) => comment.id === first.id)?.resolved_at).toBeNull();
  });

  it('answers 404 for a deleted model', async () => {
    const first = await thread(table.id);
    await server.db
      .updateTable('project_models')
      .set({ deleted_at: new Date() })
      .where('id', '=', table.id)
      .execute();
    try {
      expect((await call(commentsOf(table.id))).status).toBe(404);
      expect((await post(table.id, { body: 'x', ...PIN })).status).toBe(404);
      expect((await patch(table.id, first.id, { resolved: true })).status).toBe(404);
      expect((await remove(table.id, first.id)).status).toBe(404);
    } finally {
      await server.db
        .updateTable('project_models')
        .set({ deleted_at: null })
        .where('id', '=', table.id)
        .execute();
    }
  });
});

describe('mentionable users', () => {
  it('lists the members who may see models, by name, matching the search', async () => {
    const blind = await newMember(server, ['list-library-items']);
    const everyone = (
      await json<{ data: Array<{ id: number; name: string; profile_image: string | null }> }>(
        await call(`${commentsOf(chair.id)}/mentionable`),
      )
    ).data;
    const listed = everyone.map((user) => user.id);
    expect(listed).toEqual(expect.arrayContaining([ids.alice, ids.bob]));
    expect(listed).not.toContain(ids.carol);
    expect(listed).not.toContain(blind.id);
    expect(everyone.length).toBeLessThanOrEqual(20);
    const names = everyone.map((user) => user.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const searched = (
      await json<{ data: Array<{ id: number; name: string }> }>(
        await call(`${commentsOf(chair.id)}/mentionable?search=BRI`),
      )
    ).data;
    expect(searched).toEqual([{ id: ids.bob, name: 'Bob Brink', profile_image: null }]);
    const none = await call(`${commentsOf(chair.id)}/mentionable?search=${encodeURIComponent('%_')}`);
    expect((await json<{ data: unknown[] }>(none)).data).toEqual([]);
  });
});

describe('resolving', () => {
  it('resolves and reopens a thread, never a reply', async () => {
    const first = await thread(chair.id);
    const answer = await reply(chair.id, first.id);
    const resolved = await json<{ data: ModelComment }>(await patch(chair.id, first.id, { resolved: true }));
    expect(resolved.data).toMatchObject({ resolved_by: 'Alice Anders', edited_at: null });
    expect(Date.parse(resolved.data.resolved_at ?? '')).not.toBeNaN();
    const reopened = await json<{ data: ModelComment }>(await patch(chair.id, first.id, { resolved: false }));
    expect(reopened.data).toMatchObject({ resolved_at: null, resolved_by: null });
    expect(await errorsOf(await patch(chair.id, answer.id, { resolved: true }))).toEqual({
      resolved: ['Only the first comment of a thread can be resolved or reopened.'],
    });
  });
});

interface Listed {
  title: string;
  text: string;
  type: string | null;
  message_key: string | null;
  message_params: Record<string, string>;
}

const notificationsOf = async (token: string, language = 'en') =>
  (
    await json<{ data: Listed[] }>(
      await call('/my-account/notifications?per_page=50&sort=-date', {
        token,
        headers: { 'Accept-Language': language },
      }),
    )
  ).data.filter((notification) => notification.type === 'commentMention');

describe('mentions', () => {
  it('notify the mentioned users but the author, with the comment’s address, in their language', async () => {
    const before = (await notificationsOf(bob)).length;
    const mine = (await notificationsOf(alice)).length;
    const body = `Look at this edge, Bob. ${'It bends. '.repeat(20)}`;
    const comment = await thread(chair.id, { body, mentions: [ids.bob, ids.alice] });
    const [latest, ...older] = await notificationsOf(bob);
    expect(older.length).toBe(before);
    expect((await notificationsOf(alice)).length).toBe(mine);
    expect(latest).toMatchObject({
      title: `Alice Anders mentioned you on ${chair.name}`,
      message_key: 'notifications:messages.commentMention',
      message_params: {
        user: 'Alice Anders',
        name: chair.name,
        path: commentPath('model', chair.id, comment.id),
      },
    });
    expect(latest.message_params.path).toBe(`/projects/models/overview/${chair.id}?comment=${comment.id}`);
    expect(latest.message_params.excerpt.length).toBeLessThanOrEqual(140);
    expect(latest.message_params.excerpt).toMatch(/^Look at this edge, Bob\. It bends\..*…$/);
    expect(latest.text).toBe(`“${latest.message_params.excerpt}”`);
    const [dutch] = await notificationsOf(bob, 'nl');
    expect(dutch.title).toBe(`Alice Anders heeft je genoemd bij ${chair.name}`);
  });

  it('notify only those an edit adds', async () => {
    const reader = await newMember(server, ['list-project-models']);
    const comment = await thread(chair.id, { mentions: [ids.bob] });
    const bobs = (await notificationsOf(bob)).length;
    const edited = await json<{ data: ModelComment }>(
      await patch(chair.id, comment.id, { mentions: [ids.bob, reader.id] }),
    );
    expect(edited.data.mentions.map((user) => user.id)).toEqual([ids.bob, reader.id]);
    expect((await notificationsOf(bob)).length).toBe(bobs);
    expect(await notificationsOf(reader.token)).toHaveLength(1);
  });
});

describe('the live event', () => {
  it('arrives on the company’s channel after each write', async () => {
    const live = await companyEvents(server, {
      token: bob,
      subdomain: 'acme',
      companyId: acme,
      event: 'ModelCommentsUpdated',
    });
    try {
      const { events } = live;
      const first = await thread(chair.id);
      await live.arrived(1);
      expect(events).toEqual([{ record_type: 'model', record_id: chair.id, comment_id: first.id }]);
      expect((await patch(chair.id, first.id, { resolved: true })).status).toBe(200);
      expect((await remove(chair.id, first.id)).status).toBe(200);
      await live.arrived(3);
      expect(events.slice(1)).toEqual([
        { record_type: 'model', record_id: chair.id, comment_id: first.id },
        { record_type: 'model', record_id: chair.id, comment_id: first.id },
      ]);
    } finally {
      live.disconnect();
    }
  });
});

describe('the activity', () => {
  const activity = async (language: string) =>
    (
      await json<{ data: Array<{ subject: string | null; message: string }> }>(
        await call('/my-account/activity?per_page=10', { headers: { 'Accept-Language': language } }),
      )
    ).data;

  it('words each write with the record’s name, in English and Dutch', async () => {
    const first = await thread(chair.id);
    expect((await activity('en'))[0]).toEqual(
      expect.objectContaining({
        subject: `projects/models/${chair.id}/comments`,
        message: `Commented on model ${chair.name}`,
      }),
    );
    expect((await activity('nl'))[0].message).toBe(`Gereageerd op model ${chair.name}`);
    await patch(chair.id, first.id, { resolved: true });
    expect((await activity('en'))[0].message).toBe(`Resolved a comment on model ${chair.name}`);
    await patch(chair.id, first.id, { resolved: false });
    expect((await activity('nl'))[0].message).toBe(`Een reactie op model ${chair.name} heropend`);
    await patch(chair.id, first.id, { body: 'Changed' });
    expect((await activity('en'))[0].message).toBe(`Edited a comment on model ${chair.name}`);
    await remove(chair.id, first.id);
    expect((await activity('en'))[0].message).toBe(`Deleted a comment on model ${chair.name}`);
  });
});

describe('library items', () => {
  it('take comments, list them and link a mention to the item’s overview', async () => {
    const created = await json<{ data: ModelComment }>(
      await post(item.id, { body: 'On the item', ...PIN, mentions: [ids.bob] }, alice, 'libraries/items'),
      201,
    );
    expect(created.data).toMatchObject({ record_type: 'item', record_id: item.id, number: 1 });
    expect((await list(item.id, bob, 'libraries/items')).map((comment) => comment.id)).toEqual([
      created.data.id,
    ]);
    const [latest] = await notificationsOf(bob);
    expect(latest.message_params.path).toBe(
      `/libraries/items/overview/${item.id}?comment=${created.data.id}`,
    );
    expect(latest.title).toBe(`Alice Anders mentioned you on ${item.name}`);
    // A model's comment ability does not write on items.
    const modeller = await newMember(server, ['list-library-items', 'comment-project-models']);
    expect((await post(item.id, { body: 'x', ...PIN }, modeller.token, 'libraries/items')).status).toBe(403);
  });
});

describe('what takes the comments along', () => {
  it('the recycling bin’s purge of the model', async () => {
    const [, , third] = await liveModels(server, 'acme');
    const first = await thread(third.id);
    await reply(third.id, first.id);
    await purgeModel(server, third.id);
    expect(
      await server.db.selectFrom('model_comments').select('id').where('model_id', '=', third.id).execute(),
    ).toEqual([]);
  });

  it('the deletion of the company', async () => {
    const { company, model } = await doomedCompany(server, 'commented');
    await server.db
      .insertInto('model_comments')
      .values({ company_id: company, model_id: model, number: 1, body: 'Gone soon', version: 1 })
      .execute();
    expect((await call(`/admin/companies/${company}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect(
      await server.db.selectFrom('model_comments').select('id').where('company_id', '=', company).execute(),
    ).toEqual([]);
  });
});

describe('the migration', () => {
  it('gives the comment abilities to the roles that may edit models or items, and takes them back', async () => {
    const role = async (abilities: string[]) => {
      const { id } = await server.db
        .insertInto('roles')
        .values({
          company_id: acme,
          title: `Migrated ${abilities.join(' ')}`,
          description: null,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.db
        .insertInto('role_abilities')
        .values(abilities.map((ability) => ({ role_id: id, ability })))
        .execute();
      return id;
    };
    const editor = await role(['list-project-models', 'update-project-models']);
    const itemEditor = await role(['list-library-items', 'update-library-items']);
    const reader = await role(['list-project-models', 'list-library-items']);
    const abilitiesOf = async (id: number) =>
      (
        await server.db
          .selectFrom('role_abilities')
          .select('ability')
          .where('role_id', '=', id)
          .where('ability', 'like', 'comment-%')
          .orderBy('ability')
          .execute()
      ).map((row) => row.ability);
    const db = server.db as unknown as Kysely<unknown>;
    await down(db);
    expect(await abilitiesOf(editor)).toEqual([]);
    await up(db);
    expect(await abilitiesOf(editor)).toEqual(['comment-project-models']);
    expect(await abilitiesOf(itemEditor)).toEqual(['comment-library-items']);
    expect(await abilitiesOf(reader)).toEqual([]);
  });
});
