/**
 * Saved viewpoints of a model (issue 45; server/api/model-viewpoints.ts): saving and listing (by name whatever its
 * case, the shape, who may delete each), form bodies, the 422s of a name (missing, too long, taken whatever its
 * case, one too many) and of a camera (missing, not finite); tenancy; who reads, saves and deletes; the live event
 * on the company's channel; the activity entries in both languages; a deleted record; library items the same; the
 * purge and a company's deletion taking the viewpoints along; the migration's way back.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Viewpoint, VIEWPOINTS_PER_RECORD_MAX } from '../../shared/entities/model-viewpoints';
import { down, up } from '../../server/db/migrations/0220_model_viewpoints';
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
let aliceId: number;
let chair: { id: number; name: string };
let table: { id: number; name: string };
let stool: { id: number; name: string };
let globexModel: { id: number };
let item: { id: number; name: string };

beforeAll(async () => {
  resolveLocalhostNames();
  server = await startTestServer();
  [alice, bob, carol, admin] = await Promise.all(
    ['alice', 'bob', 'carol', 'admin'].map((name) => tokenFor(server, name)),
  );
  acme = await companyId(server, 'acme');
  aliceId = await userId(server, 'alice');
  [chair, table, stool] = await liveModels(server, 'acme');
  [globexModel] = await liveModels(server, 'globex');
  item = await firstLiveItem(server, acme);
});
afterAll(() => server?.close());

type Init = RequestInit & { token?: string };
const call = (path: string, init: Init = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: alice, ...init });

const viewpointsOf = (id: number, kind = 'projects/models') => `/${kind}/${id}/viewpoints`;

const CAMERA = { position: [3, 2, 5], target: [0.5, 1.25, -0.75] };

let named = 0;
/** A name no other test uses. */
const fresh = (prefix = 'View') => `${prefix} ${++named}`;

const post = (record: number, body: Record<string, unknown>, token = alice, kind = 'projects/models') =>
  call(viewpointsOf(record, kind), { method: 'POST', token, ...jsonBody(body) });

async function save(record: number, name = fresh(), token = alice, kind = 'projects/models') {
  return (await json<{ data: Viewpoint }>(await post(record, { name, camera: CAMERA }, token, kind), 201))
    .data;
}

const list = async (record: number, token = alice, kind = 'projects/models') =>
  (await json<{ data: Viewpoint[] }>(await call(viewpointsOf(record, kind), { token }))).data;

const remove = (record: number, viewpoint: number, token = alice, headers: HeadersInit = {}) =>
  call(`${viewpointsOf(record)}/${viewpoint}`, { method: 'DELETE', token, headers });

const dutch = (record: number, body: unknown) =>
  call(viewpointsOf(record), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'nl' },
    body: JSON.stringify(body),
  });

/** Clears a record's viewpoints, so a test counts from none. */
const clear = (column: 'model_id' | 'item_id', id: number) =>
  server.db.deleteFrom('model_viewpoints').where(column, '=', id).execute();

describe('saving and listing', () => {
  it('saves a viewpoint with its camera and lists the record’s by name whatever its case, then by id', async () => {
    await clear('model_id', chair.id);
    const front = await save(chair.id, 'Front left leg');
    expect(front).toEqual({
      id: front.id,
      record_type: 'model',
      record_id: chair.id,
      name: 'Front left leg',
      camera: CAMERA,
      created_by: 'Alice Anders',
      created_at: front.created_at,
      can_delete: true,
    });
    expect(Date.parse(front.created_at)).not.toBeNaN();
    const back = await save(chair.id, 'back');
    const apex = await save(chair.id, '  Apex  ');
    expect(apex.name).toBe('Apex');
    const listed = await list(chair.id);
    expect(listed.map((viewpoint) => viewpoint.name)).toEqual(['Apex', 'back', 'Front left leg']);
    expect(listed[2]).toEqual(front);
    expect(listed.map((viewpoint) => viewpoint.id)).toEqual([apex.id, back.id, front.id]);
    // Another record has its own.
    expect((await list(table.id)).map((viewpoint) => viewpoint.id)).not.toContain(front.id);
  });

  it('tells each user whether they may delete it: its maker or an administrator who may comment', async () => {
    const mine = await save(chair.id);
    const commenter = await newMember(server, ['list-project-models', 'comment-project-models']);
    const byUser = async (token: string) =>
      (await list(chair.id, token)).find((viewpoint) => viewpoint.id === mine.id)?.can_delete;
    expect(await byUser(alice)).toBe(true);
    expect(await byUser(admin)).toBe(true);
    expect(await byUser(bob)).toBe(false);
    expect(await byUser(commenter.token)).toBe(false);
    const theirs = await save(chair.id, fresh(), commenter.token);
    const { name } = await server.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', commenter.id)
      .executeTakeFirstOrThrow();
    expect(theirs.created_by).toBe(name);
    expect(
      (await list(chair.id, commenter.token)).find((viewpoint) => viewpoint.id === theirs.id),
    ).toMatchObject({
      can_delete: true,
    });
    expect((await list(chair.id)).find((viewpoint) => viewpoint.id === theirs.id)?.can_delete).toBe(false);
  });

  it('takes a form body as a form sends it', async () => {
    const name = fresh('Form');
    const response = await call(viewpointsOf(chair.id), {
      method: 'POST',
      ...formBody({
        name,
        'camera[position][0]': '4',
        'camera[position][1]': '-4.5',
        'camera[position][2]': '4',
        'camera[target][0]': '1',
        'camera[target][1]': '2.5',
        'camera[target][2]': '-3',
      }),
    });
    const { data } = await json<{ data: Viewpoint }>(response, 201);
    expect(data).toMatchObject({ name, camera: { position: [4, -4.5, 4], target: [1, 2.5, -3] } });
  });
});

describe('what a viewpoint needs', () => {
  it('refuses a missing, empty or too long name, and a name the record has whatever its case', async () => {
    expect(await errorsOf(await post(chair.id, { camera: CAMERA }))).toEqual({
      name: ['The name field is required.'],
    });
    expect(await errorsOf(await post(chair.id, { name: '   ', camera: CAMERA }))).toEqual({
      name: ['The name field is required.'],
    });
    expect(await errorsOf(await post(chair.id, { name: 'x'.repeat(101), camera: CAMERA }))).toEqual({
      name: ['The name field must not be greater than 100 characters.'],
    });
    expect((await save(chair.id, 'y'.repeat(100))).name).toHaveLength(100);

    const taken = await save(chair.id, fresh('Top'));
    expect(await errorsOf(await post(chair.id, { name: taken.name.toUpperCase(), camera: CAMERA }))).toEqual({
      name: ['The name has already been taken.'],
    });
    expect((await errorsOf(await dutch(chair.id, { name: taken.name, camera: CAMERA }))).name).toEqual([
      'De naam is al in gebruik.',
    ]);
    // Another record may use it.
    expect((await save(table.id, taken.name)).name).toBe(taken.name);
  });

  it('refuses a missing camera, and one that is no two points of three finite numbers', async () => {
    expect(await errorsOf(await post(chair.id, { name: fresh() }))).toEqual({
      camera: ['The camera field is required.'],
    });
    expect((await errorsOf(await dutch(chair.id, { name: fresh() }))).camera).toEqual([
      'Het veld camera is verplicht.',
    ]);
    const short = await post(chair.id, { name: fresh(), camera: { position: [1, 2], target: [0, 0, 0] } });
    expect(Object.keys(await errorsOf(short))).toEqual(['camera.position']);
    const infinite = await call(viewpointsOf(chair.id), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"name":"${fresh()}","camera":{"position":[1,1,1],"target":[0,-1e400,0]}}`,
    });
    expect(Object.keys(await errorsOf(infinite))).toEqual(['camera.target.1']);
  });

  it(`keeps at most ${VIEWPOINTS_PER_RECORD_MAX} on a record`, async () => {
    await clear('model_id', stool.id);
    try {
      await server.db
        .insertInto('model_viewpoints')
        .values(
          Array.from({ length: VIEWPOINTS_PER_RECORD_MAX - 1 }, (_, index) => ({
            company_id: acme,
            model_id: stool.id,
            name: `Kept ${index}`,
            camera: JSON.stringify(CAMERA),
            created_by: aliceId,
          })),
        )
        .execute();
      const last = await save(stool.id, 'The last one');
      expect(await errorsOf(await post(stool.id, { name: 'One too many', camera: CAMERA }))).toEqual({
        name: [
          `This model already has ${VIEWPOINTS_PER_RECORD_MAX} viewpoints, the most it can keep: delete one first.`,
        ],
      });
      expect((await errorsOf(await dutch(stool.id, { name: 'Eén te veel', camera: CAMERA }))).name).toEqual([
        `Dit model heeft al ${VIEWPOINTS_PER_RECORD_MAX} standpunten, het maximum: verwijder er eerst een.`,
      ]);
      // A taken name says so first.
      expect((await errorsOf(await post(stool.id, { name: 'kept 1', camera: CAMERA }))).name).toEqual([
        'The name has already been taken.',
      ]);
      expect((await remove(stool.id, last.id)).status).toBe(200);
      expect((await save(stool.id, 'One too many')).name).toBe('One too many');
      expect(await list(stool.id)).toHaveLength(VIEWPOINTS_PER_RECORD_MAX);
    } finally {
      await clear('model_id', stool.id);
    }
  });

  it('gives two saves of one name at once one viewpoint', async () => {
    const name = fresh('Twice');
    const answers = await Promise.all([
      post(table.id, { name, camera: CAMERA }),
      post(table.id, { name, camera: CAMERA }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect((await list(table.id)).filter((viewpoint) => viewpoint.name === name)).toHaveLength(1);
  });
});

describe('who reads, saves and deletes', () => {
  it('lets whoever sees models read, and only who may comment save and delete', async () => {
    const mine = await save(chair.id);
    expect((await list(chair.id, bob)).map((viewpoint) => viewpoint.id)).toContain(mine.id);
    expect((await post(chair.id, { name: fresh(), camera: CAMERA }, bob)).status).toBe(403);
    expect((await remove(chair.id, mine.id, bob)).status).toBe(403);
    const blind = await newMember(server, ['comment-project-models']);
    expect((await call(viewpointsOf(chair.id), { token: blind.token })).status).toBe(403);
  });

  it('lets its maker or an administrator delete it, no one else who may comment', async () => {
    const commenter = await newMember(server, ['list-project-models', 'comment-project-models']);
    const mine = await save(chair.id);
    const refused = await remove(chair.id, mine.id, commenter.token);
    expect(await json(refused, 403)).toEqual({
      message: 'Only the maker of a viewpoint or an administrator can delete it.',
    });
    expect(
      await json(await remove(chair.id, mine.id, commenter.token, { 'Accept-Language': 'nl' }), 403),
    ).toEqual({
      message: 'Alleen de maker van een standpunt of een beheerder kan het verwijderen.',
    });
    expect(await json(await remove(chair.id, mine.id, admin))).toEqual({ message: 'Viewpoint deleted.' });
    expect(
      await server.db.selectFrom('model_viewpoints').select('id').where('id', '=', mine.id).execute(),
    ).toEqual([]);
    expect((await remove(chair.id, mine.id)).status).toBe(404);

    const theirs = await save(chair.id, fresh(), commenter.token);
    expect(
      await json(await remove(chair.id, theirs.id, commenter.token, { 'Accept-Language': 'nl' })),
    ).toEqual({
      message: 'Standpunt verwijderd.',
    });
  });

  it('keeps another company out: its user finds no record, and no viewpoint by its id', async () => {
    const mine = await save(chair.id);
    expect((await call(viewpointsOf(chair.id), { token: carol }, 'globex')).status).toBe(404);
    const saved = await call(
      viewpointsOf(chair.id),
      { method: 'POST', token: carol, ...jsonBody({ name: fresh(), camera: CAMERA }) },
      'globex',
    );
    expect(saved.status).toBe(404);
    // Through a record of their own, a viewpoint of acme's is none of theirs.
    const own = `${viewpointsOf(globexModel.id)}/${mine.id}`;
    expect((await call(own, { token: carol, method: 'DELETE' }, 'globex')).status).toBe(404);
    expect(
      (await call(`${viewpointsOf(chair.id)}/${mine.id}`, { token: carol, method: 'DELETE' }, 'globex'))
        .status,
    ).toBe(404);
    // Nor does acme's user reach globex's model, nor a viewpoint of one record through another.
    expect((await call(viewpointsOf(globexModel.id))).status).toBe(404);
    expect((await post(globexModel.id, { name: fresh(), camera: CAMERA })).status).toBe(404);
    expect((await remove(table.id, mine.id)).status).toBe(404);
    expect((await list(chair.id)).map((viewpoint) => viewpoint.id)).toContain(mine.id);
  });

  it('answers 404 for a deleted model', async () => {
    const mine = await save(table.id);
    await server.db
      .updateTable('project_models')
      .set({ deleted_at: new Date() })
      .where('id', '=', table.id)
      .execute();
    try {
      expect((await call(viewpointsOf(table.id))).status).toBe(404);
      expect((await post(table.id, { name: fresh(), camera: CAMERA })).status).toBe(404);
      expect((await remove(table.id, mine.id)).status).toBe(404);
    } finally {
      await server.db
        .updateTable('project_models')
        .set({ deleted_at: null })
        .where('id', '=', table.id)
        .execute();
    }
  });
});

describe('the live event', () => {
  it('arrives on the company’s channel after each write', async () => {
    const live = await companyEvents(server, {
      token: bob,
      subdomain: 'acme',
      companyId: acme,
      event: 'ModelViewpointsUpdated',
    });
    try {
      const { events } = live;
      const mine = await save(chair.id);
      await live.arrived(1);
      expect(events).toEqual([{ record_type: 'model', record_id: chair.id, viewpoint_id: mine.id }]);
      expect((await remove(chair.id, mine.id)).status).toBe(200);
      await live.arrived(2);
      expect(events[1]).toEqual({ record_type: 'model', record_id: chair.id, viewpoint_id: mine.id });
      // A refused write says nothing.
      expect((await post(chair.id, { camera: CAMERA })).status).toBe(422);
      const again = await save(chair.id);
      await live.arrived(3);
      expect(events[2]).toEqual({ record_type: 'model', record_id: chair.id, viewpoint_id: again.id });
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

  it('words each write with the viewpoint’s and the record’s names, in English and Dutch', async () => {
    const mine = await save(chair.id, 'Under the seat');
    expect((await activity('en'))[0]).toEqual(
      expect.objectContaining({
        subject: `projects/models/${chair.id}/viewpoints`,
        message: `Saved viewpoint Under the seat of model ${chair.name}`,
      }),
    );
    expect((await activity('nl'))[0].message).toBe(
      `Standpunt Under the seat van model ${chair.name} opgeslagen`,
    );
    await remove(chair.id, mine.id);
    expect((await activity('en'))[0]).toEqual(
      expect.objectContaining({
        subject: `projects/models/${chair.id}/viewpoints/${mine.id}`,
        message: `Deleted viewpoint Under the seat of model ${chair.name}`,
      }),
    );
    expect((await activity('nl'))[0].message).toBe(
      `Standpunt Under the seat van model ${chair.name} verwijderd`,
    );
    await save(item.id, 'Top', alice, 'libraries/items');
    expect((await activity('en'))[0].message).toBe(`Saved viewpoint Top of item ${item.name}`);
    // A refused save records nothing.
    await post(chair.id, { name: 'Top' });
    expect((await activity('en'))[0].message).toBe(`Saved viewpoint Top of item ${item.name}`);
  });
});

describe('library items', () => {
  it('take viewpoints and list them', async () => {
    await clear('item_id', item.id);
    const saved = await save(item.id, 'Side', alice, 'libraries/items');
    expect(saved).toMatchObject({ record_type: 'item', record_id: item.id, name: 'Side', camera: CAMERA });
    expect((await list(item.id, bob, 'libraries/items')).map((viewpoint) => viewpoint.id)).toEqual([
      saved.id,
    ]);
    expect(
      (await errorsOf(await post(item.id, { name: 'SIDE', camera: CAMERA }, alice, 'libraries/items'))).name,
    ).toEqual(['The name has already been taken.']);
    // A model's comment ability does not save on items.
    const modeller = await newMember(server, ['list-library-items', 'comment-project-models']);
    expect(
      (await post(item.id, { name: fresh(), camera: CAMERA }, modeller.token, 'libraries/items')).status,
    ).toBe(403);
    const deleted = await call(`${viewpointsOf(item.id, 'libraries/items')}/${saved.id}`, {
      method: 'DELETE',
    });
    expect(await json(deleted)).toEqual({ message: 'Viewpoint deleted.' });
  });
});

describe('what takes the viewpoints along', () => {
  it('the recycling bin’s purge of the model, and a maker whose account is gone leaves them by nobody', async () => {
    const [, , , fourth] = await liveModels(server, 'acme');
    const maker = await newMember(server, ['list-project-models', 'comment-project-models']);
    const theirs = await save(chair.id, fresh(), maker.token);
    await save(fourth.id);
    await server.db.deleteFrom('users').where('id', '=', maker.id).execute();
    expect((await list(chair.id)).find((viewpoint) => viewpoint.id === theirs.id)).toMatchObject({
      created_by: null,
      can_delete: false,
    });
    expect((await list(chair.id, admin)).find((viewpoint) => viewpoint.id === theirs.id)?.can_delete).toBe(
      true,
    );
    await purgeModel(server, fourth.id);
    expect(
      await server.db.selectFrom('model_viewpoints').select('id').where('model_id', '=', fourth.id).execute(),
    ).toEqual([]);
  });

  it('the deletion of the company', async () => {
    const { company, model } = await doomedCompany(server, 'viewed');
    await server.db
      .insertInto('model_viewpoints')
      .values({
        company_id: company,
        model_id: model,
        name: 'Gone soon',
        camera: JSON.stringify(CAMERA),
      })
      .execute();
    expect((await call(`/admin/companies/${company}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect(
      await server.db.selectFrom('model_viewpoints').select('id').where('company_id', '=', company).execute(),
    ).toEqual([]);
  });
});

describe('the migration', () => {
  it('drops the table and makes it again', async () => {
    const exists = async () =>
      (
        await sql<{ name: string | null }>`select to_regclass('model_viewpoints')::text as name`.execute(
          server.db,
        )
      ).rows[0].name;
    const db = server.db as unknown as Kysely<unknown>;
    await down(db);
    expect(await exists()).toBeNull();
    await up(db);
    expect(await exists()).toBe('model_viewpoints');
    expect(await list(chair.id)).toEqual([]);
  });
});
