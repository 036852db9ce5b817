/**
 * The project endpoints beyond the list: one project with its sub-projects and models, create (JSON and multipart
 * with a preview image; sub-projects), update (also POST + _method=PATCH), copy, favourites per user, delete of a
 * whole tree and its restore; with the 422s, 403s and tenant isolation of each.
 */
import type { ProjectDetail } from '../../shared/entities/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, jsonBody, memberWithAbilities, multipartBody, tokenFor, userId } from './api-helpers';
import { fileBlob, insertModel } from './model-fixtures';
import { sendWithHost, startTestServer, type TestServer } from './test-server';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Project = ProjectDetail;

let server: TestServer;
let alice: string;
let bob: string;
let carol: string;
let acme: number;
let labels: Map<string, number>;
let harbourTower: number;

beforeAll(async () => {
  server = await startTestServer({ processing: { stepMs: 0, concurrency: 1 } });
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((name) => tokenFor(server, name)));
  acme = await companyId(server, 'acme');
  const rows = await server.db.selectFrom('labels').select(['id', 'name']).execute();
  labels = new Map(rows.map((row) => [row.name, row.id]));
  harbourTower = await projectIdOf('Harbour Tower');
});
afterAll(() => server?.close());

async function projectIdOf(name: string): Promise<number> {
  const row = await server.db
    .selectFrom('projects')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: alice, ...init });

async function data<T = Project>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

const create = (body: Record<string, unknown>, token = alice) =>
  call('/projects', { method: 'POST', token, ...jsonBody(body) });

/** GETs a file URL the API handed out (it names the tenant host it was requested on). */
function getFile(url: string) {
  const { host, pathname } = new URL(url);
  return sendWithHost(server.port, host, pathname);
}

describe('GET /projects: the filter menu’s labels', () => {
  interface ListBody {
    data: Array<{ name: string }>;
    meta: { total: number };
    meta_data: { filters: { labels: Array<{ id: number; name: string; color: string }> } };
  }
  const expected = async () =>
    (
      await server.db
        .selectFrom('labels')
        .select(['id', 'name', 'color'])
        .where('company_id', '=', acme)
        .orderBy('name')
        .orderBy('id')
        .execute()
    ).map(({ id, name, color }) => ({ id, name, color }));

  it('come with every page, in name order, also when the page is empty', async () => {
    const labelsOfAcme = await expected();
    expect(labelsOfAcme.length).toBeGreaterThan(1);
    for (const query of ['per_page=5', 'filter[search]=no such project anywhere', 'per_page=5&page=999']) {
      const response = await call(`/projects?${query}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as ListBody;
      expect(body.meta_data.filters.labels, query).toEqual(labelsOfAcme);
    }
  });

  it('give the total on a page past the end', async () => {
    const first = (await (await call('/projects?per_page=5')).json()) as ListBody;
    const past = (await (await call('/projects?per_page=5&page=999')).json()) as ListBody;
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(first.meta.total);
    expect(first.meta.total).toBeGreaterThan(5);
  });
});

describe('GET /projects/{id}', () => {
  it('answers the list shape with parent, sub-projects and models', async () => {
    const project = await data(await call(`/projects/${harbourTower}`));
    expect(project).toMatchObject({
      id: harbourTower,
      parent_id: null,
      name: 'Harbour Tower',
      status: 'active',
      is_favorited: true,
      deleted_at: null,
    });
    expect(project.labels.map((label) => label.name)).toEqual(['Renovation', 'Residential']);
    expect(project.users.map((user) => user.name)).toEqual(['Ada Admin', 'Alice Anders', 'Bob Brink']);
    expect(project.sub_projects).toEqual([
      { id: expect.any(Number), name: 'Harbour Tower – Lobby Fit-out', status: 'active' },
      { id: expect.any(Number), name: 'Harbour Tower – Penthouse', status: 'active' },
    ]);
    expect(project.models).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: expect.any(Number),
          name: 'Harbour Tower – Facade',
          status: 'FINISHED',
          status_color: '#52c41a',
          preview_image_url: null,
        }),
        expect.objectContaining({
          id: expect.any(Number),
          name: 'Harbour Tower – Lobby',
          status: 'PROCESSING',
          status_color: '#1677ff',
          preview_image_url: null,
        }),
      ]),
    );
    // Each model with every field of the models' list: its card shows them (spec 2 §2 Models).
    const lobby = project.models.find((model) => model.name === 'Harbour Tower – Lobby')!;
    expect(Object.keys(lobby).sort()).toEqual(
      [
        'id',
        'project_id',
        'name',
        'description',
        'status',
        'status_color',
        'preview_image_url',
        'created_at',
        'updated_at',
        'started_at',
        'finished_at',
        'deleted_at',
        'uploader_name',
        'latest_geometry_event',
      ].sort(),
    );
    expect(lobby).toMatchObject({
      project_id: harbourTower,
      deleted_at: null,
      started_at: expect.any(String),
    });
    expect(lobby.latest_geometry_event).toMatchObject({ message: expect.any(String) });
    const child = await data(await call(`/projects/${project.sub_projects[0].id}`));
    expect(child.parent_id).toBe(harbourTower);
  });

  it('is open to viewers and refused across tenants', async () => {
    expect((await call(`/projects/${harbourTower}`, { token: bob })).status).toBe(200);
    const globexProject = await projectIdOf('Globex Harbour');
    const foreign = await call(`/projects/${globexProject}`);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({
      message: `No query results for model [App\\Models\\Project] ${globexProject}`,
    });
    expect((await call(`/projects/${harbourTower}`, { token: carol })).status).toBe(401);
    expect((await call(`/projects/${harbourTower}`, { token: carol }, 'globex')).status).toBe(404);
    expect((await call(`/projects/${harbourTower}`, { token: alice }, 'globex')).status).toBe(401);
    expect((await call('/projects/999999')).status).toBe(404);
    expect((await call('/projects/not-a-number')).status).toBe(404);
  });

  it('needs view-projects', async () => {
    const nobody = await memberWithAbilities(server, ['list-project-models']);
    expect((await call(`/projects/${harbourTower}`, { token: nobody })).status).toBe(403);
  });
});

describe('POST /projects', () => {
  it('creates a project from JSON with labels and members, active by default', async () => {
    const project = await data(
      await create({
        name: '  Dockside Warehouse ',
        description: 'Loft conversion',
        labels: [labels.get('Urgent'), labels.get('Concept')],
        users: [await userId(server, 'bob')],
      }),
      201,
    );
    expect(project).toMatchObject({
      name: 'Dockside Warehouse',
      description: 'Loft conversion',
      status: 'active',
      parent_id: null,
      preview_image: null,
      is_favorited: false,
      sub_projects: [],
      models: [],
    });
    expect(project.labels.map((label) => label.name)).toEqual(['Concept', 'Urgent']);
    expect(project.users.map((user) => user.name)).toEqual(['Bob Brink']);
    const list = (await (await call('/projects?filter[search]=Dockside')).json()) as { data: Project[] };
    expect(list.data.map((item) => item.id)).toEqual([project.id]);
  });

  it("offers the Team picker's names to whoever may create or edit a project, without view-system-users", async () => {
    const designer = await memberWithAbilities(server, [
      'view-projects',
      'create-projects',
      'update-projects',
    ]);
    expect((await call('/users', { token: designer })).status).toBe(403);
    const options = await call('/projects/team-options?filter[search]=alice', { token: designer });
    expect(options.status, await options.clone().text()).toBe(200);
    const body = (await options.json()) as { data: Record<string, unknown>[]; meta: { total: number } };
    expect(body.data).toEqual([{ id: await userId(server, 'alice'), name: 'Alice Anders' }]);
    const viewer = await memberWithAbilities(server, ['view-projects']);
    expect((await call('/projects/team-options', { token: viewer })).status).toBe(403);
  });

  it('finds sub-projects by a search (the list without one holds the top level only)', async () => {
    const found = (await (await call('/projects?filter[search]=penthouse')).json()) as { data: Project[] };
    expect(found.data.map((item) => item.name)).toEqual(['Harbour Tower – Penthouse']);
    const counted = (await (await call('/projects?filter[search]=penthouse&count=1')).json()) as {
      data: { count: number };
    };
    expect(counted.data.count).toBe(1);
    const topLevel = (await (await call('/projects?per_page=100')).json()) as { data: Project[] };
    expect(topLevel.data.some((item) => item.parent_id !== null)).toBe(false);
  });

  it('creates from multipart with a preview image, and sub-projects with parent_id', async () => {
    const project = await data(
      await call('/projects', {
        method: 'POST',
        ...multipartBody(
          {
            name: 'Glasshouse',
            status: 'inactive',
            'labels[]': String(labels.get('Residential')),
            parent_id: String(harbourTower),
          },
          { preview_image: [fileBlob(PNG), 'glass.png'] },
        ),
      }),
      201,
    );
    expect(project).toMatchObject({ name: 'Glasshouse', status: 'inactive', parent_id: harbourTower });
    expect(project.labels.map((label) => label.name)).toEqual(['Residential']);
    const image = await getFile(project.preview_image!);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    const parent = await data(await call(`/projects/${harbourTower}`));
    expect(parent.sub_projects.map((child) => child.name)).toContain('Glasshouse');
  });

  it('answers 422 for the fields the schema refuses, then for every field naming something of no use', async () => {
    const globexLabel = (await server.db
      .selectFrom('labels')
      .select('id')
      .where('name', '=', 'Flagship')
      .executeTakeFirstOrThrow())!.id;
    const response = await call('/projects', {
      method: 'POST',
      ...multipartBody(
        {
          name: '',
          status: 'archived',
          'labels[0]': String(labels.get('Urgent')),
          'labels[1]': String(globexLabel),
          'users[0]': String(await userId(server, 'carol')),
          parent_id: String(await projectIdOf('Globex Harbour')),
        },
        { preview_image: [fileBlob(Buffer.from('GIF89a not allowed')), 'preview.gif'] },
      ),
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.errors).toEqual({
      name: ['The name field is required.'],
      status: ['The selected status is invalid.'],
    });
    const second = await call('/projects', {
      method: 'POST',
      ...multipartBody(
        {
          name: 'x'.repeat(256),
          'labels[0]': String(labels.get('Urgent')),
          'labels[1]': String(globexLabel),
          'users[0]': String(await userId(server, 'carol')),
          parent_id: String(await projectIdOf('Globex Harbour')),
        },
        { preview_image: [fileBlob(Buffer.from('GIF89a not allowed')), 'preview.gif'] },
      ),
    });
    expect(second.status).toBe(422);
    expect(((await second.json()) as { errors: unknown }).errors).toEqual({
      name: ['The name field must not be greater than 255 characters.'],
    });
    const third = await call('/projects', {
      method: 'POST',
      ...multipartBody(
        {
          name: 'Valid name',
          'labels[0]': String(labels.get('Urgent')),
          'labels[1]': String(globexLabel),
          'users[0]': String(await userId(server, 'carol')),
          parent_id: String(await projectIdOf('Globex Harbour')),
        },
        { preview_image: [fileBlob(Buffer.from('GIF89a not allowed')), 'preview.gif'] },
      ),
    });
    expect(third.status).toBe(422);
    expect(await third.json()).toEqual({
      message: 'The selected labels.1 is invalid. (and 3 more errors)',
      errors: {
        'labels.1': ['The selected labels.1 is invalid.'],
        'users.0': ['The selected users.0 is invalid.'],
        parent_id: ['The selected parent id is invalid.'],
        preview_image: ['The preview image field must be a file of type: jpeg, png, bmp.'],
      },
    });
    const count = await server.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('name', '=', 'Valid name')
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(0);
  });

  it('needs create-projects and a member of the tenant', async () => {
    expect((await create({ name: 'By a viewer' }, bob)).status).toBe(403);
    expect(
      (await call('/projects', { method: 'POST', token: '', ...jsonBody({ name: 'Anonymous' }) })).status,
    ).toBe(401);
    expect((await create({ name: 'From Globex' }, carol)).status).toBe(401);
  });
});

describe('PATCH /projects/{id}', () => {
  it('changes the fields it is sent and keeps the others', async () => {
    const project = await data(
      await create({ name: 'Tram Depot', description: 'Depot study', labels: [labels.get('Urgent')] }),
      201,
    );
    const updated = await data(
      await call(`/projects/${project.id}`, {
        method: 'PATCH',
        ...jsonBody({ name: 'Tram Depot North', status: 'inactive', labels: [labels.get('Commercial')] }),
      }),
    );
    expect(updated).toMatchObject({
      name: 'Tram Depot North',
      status: 'inactive',
      description: 'Depot study',
    });
    expect(updated.labels.map((label) => label.name)).toEqual(['Commercial']);
    const cleared = await data(
      await call(`/projects/${project.id}`, {
        method: 'PATCH',
        ...jsonBody({ labels: [], description: null }),
      }),
    );
    expect(cleared).toMatchObject({ labels: [], description: null, name: 'Tram Depot North' });
  });

  it('takes a preview image by POST + _method=PATCH and removes it with null', async () => {
    const project = await data(await create({ name: 'Bus Station' }), 201);
    const withImage = await data(
      await call(`/projects/${project.id}`, {
        method: 'POST',
        ...multipartBody({ _method: 'PATCH' }, { preview_image: [fileBlob(PNG), 'bus.png'] }),
      }),
    );
    expect((await getFile(withImage.preview_image!)).status).toBe(200);
    const without = await data(
      await call(`/projects/${project.id}`, { method: 'PATCH', ...jsonBody({ preview_image: null }) }),
    );
    expect(without.preview_image).toBeNull();
    expect((await getFile(withImage.preview_image!)).status).toBe(404);
  });

  it('refuses an emptied name and a parent inside the project’s own tree', async () => {
    const parent = await data(await create({ name: 'Campus' }), 201);
    const child = await data(await create({ name: 'Campus – Hall', parent_id: parent.id }), 201);
    const emptied = await call(`/projects/${parent.id}`, { method: 'PATCH', ...jsonBody({ name: '' }) });
    expect(emptied.status).toBe(422);
    expect(((await emptied.json()) as { errors: unknown }).errors).toEqual({
      name: ['The name field is required.'],
    });
    for (const parentId of [parent.id, child.id]) {
      const cycle = await call(`/projects/${parent.id}`, {
        method: 'PATCH',
        ...jsonBody({ parent_id: parentId }),
      });
      expect(cycle.status).toBe(422);
      expect(((await cycle.json()) as { errors: unknown }).errors).toEqual({
        parent_id: ['The selected parent id is invalid.'],
      });
    }
    const moved = await data(
      await call(`/projects/${child.id}`, { method: 'PATCH', ...jsonBody({ parent_id: null }) }),
    );
    expect(moved.parent_id).toBeNull();
  });

  it('needs update-projects, and never reaches another tenant’s project', async () => {
    expect(
      (
        await call(`/projects/${harbourTower}`, {
          method: 'PATCH',
          token: bob,
          ...jsonBody({ name: 'Bob was here' }),
        })
      ).status,
    ).toBe(403);
    const globexProject = await projectIdOf('Globex Harbour');
    const foreign = await call(`/projects/${globexProject}`, {
      method: 'PATCH',
      ...jsonBody({ name: 'Taken' }),
    });
    expect(foreign.status).toBe(404);
    const row = await server.db
      .selectFrom('projects')
      .select('name')
      .where('id', '=', globexProject)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Globex Harbour');
  });
});

describe('POST /projects/{id}/copy', () => {
  it('duplicates description, status, preview image, labels and members, not models or favourites', async () => {
    await call(`/projects/${harbourTower}`, {
      method: 'POST',
      ...multipartBody({ _method: 'PATCH' }, { preview_image: [fileBlob(PNG), 'tower.png'] }),
    });
    const source = await data(await call(`/projects/${harbourTower}`));
    const copy = await data(await call(`/projects/${harbourTower}/copy`, { method: 'POST' }), 201);
    expect(copy).toMatchObject({
      name: 'Harbour Tower (copy)',
      description: source.description,
      status: source.status,
      parent_id: null,
      labels: source.labels,
      users: source.users,
      is_favorited: false,
      sub_projects: [],
      models: [],
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.preview_image).not.toBe(source.preview_image);
    const image = await getFile(copy.preview_image!);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
  });

  it('takes overrides from the body', async () => {
    const copy = await data(
      await call(`/projects/${harbourTower}/copy`, {
        method: 'POST',
        ...jsonBody({ name: 'Harbour Tower Phase 2', labels: [], status: 'inactive', preview_image: null }),
      }),
      201,
    );
    expect(copy).toMatchObject({
      name: 'Harbour Tower Phase 2',
      labels: [],
      status: 'inactive',
      preview_image: null,
    });
  });

  // A copy is a new project: it needs create-projects (spec 2 §6), though the row menu offers Duplicate to everyone
  // (spec 2 §2), disabled with its reason where the user may not create projects.
  it('needs create-projects and a project of the tenant', async () => {
    expect((await call(`/projects/${harbourTower}/copy`, { method: 'POST', token: bob })).status).toBe(403);
    const globexProject = await projectIdOf('Globex Harbour');
    expect((await call(`/projects/${globexProject}/copy`, { method: 'POST' })).status).toBe(404);
    expect(
      (await call(`/projects/${harbourTower}/copy`, { method: 'POST', token: carol }, 'globex')).status,
    ).toBe(404);
  });
});

describe('PATCH /projects/{id}/favorite', () => {
  const favorite = (id: number, value: unknown, token = alice) =>
    call(`/projects/${id}/favorite`, { method: 'PATCH', token, ...jsonBody({ is_favorited: value }) });
  const favouriteNames = async (token: string) => {
    const body = (await (await call('/projects?filter[favorite]=1&sort=name', { token })).json()) as {
      data: Project[];
    };
    return body.data.map((project) => project.name);
  };

  it('sets and clears the flag per user, idempotently', async () => {
    const riverside = await projectIdOf('Riverside Lofts');
    for (let round = 0; round < 2; round += 1) {
      expect(await data(await favorite(riverside, true))).toEqual({ id: riverside, is_favorited: true });
    }
    expect(await favouriteNames(alice)).toContain('Riverside Lofts');
    expect(await favouriteNames(bob)).not.toContain('Riverside Lofts');
    expect((await data(await call(`/projects/${riverside}`, { token: bob }))).is_favorited).toBe(false);

    expect(await data(await favorite(riverside, true, bob))).toEqual({ id: riverside, is_favorited: true });
    for (let round = 0; round < 2; round += 1) {
      expect(await data(await favorite(riverside, '0'))).toEqual({ id: riverside, is_favorited: false });
    }
    expect(await favouriteNames(alice)).not.toContain('Riverside Lofts');
    expect(await favouriteNames(bob)).toContain('Riverside Lofts');
  });

  it('answers 422 without the flag and 404 for another tenant’s project', async () => {
    const missing = await call(`/projects/${harbourTower}/favorite`, { method: 'PATCH', ...jsonBody({}) });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { errors: unknown }).errors).toEqual({
      is_favorited: ['The is favorited field is required.'],
    });
    expect((await favorite(await projectIdOf('Globex Harbour'), true)).status).toBe(404);
    const nobody = await memberWithAbilities(server, []);
    expect((await favorite(harbourTower, true, nobody)).status).toBe(403);
  });
});

describe('DELETE /projects/{id} and restore', () => {
  const modelIn = (projectId: number, name: string) => insertModel(server, acme, projectId, name);

  it('moves the project, its sub-projects at any depth and their models to the bin, and restores them', async () => {
    const root = await data(await create({ name: 'Airport' }), 201);
    const terminal = await data(await create({ name: 'Airport – Terminal', parent_id: root.id }), 201);
    const gate = await data(await create({ name: 'Airport – Gate B', parent_id: terminal.id }), 201);
    const tower = await data(await create({ name: 'Airport – Tower', parent_id: root.id }), 201);
    const models = [
      await modelIn(root.id, 'Airport – Apron'),
      await modelIn(gate.id, 'Airport – Gate B Seating'),
    ];

    // The tower is deleted on its own first: it stays in the bin when the airport comes back.
    expect(await (await call(`/projects/${tower.id}`, { method: 'DELETE' })).json()).toEqual({
      project_name: 'Airport – Tower',
      status: 'successfully deleted',
      undo_token: expect.any(String),
    });
    const deleted = await call(`/projects/${root.id}`, { method: 'DELETE' });
    expect(await deleted.json()).toEqual({
      project_name: 'Airport',
      status: 'successfully deleted',
      undo_token: expect.any(String),
    });

    for (const id of [root.id, terminal.id, gate.id])
      expect((await call(`/projects/${id}`)).status).toBe(404);
    for (const id of models) expect((await call(`/projects/models/${id}`)).status).toBe(404);
    const trashed = (await (
      await call('/projects?trashed=1&include_sub_projects=1&filter[search]=Airport&sort=name&per_page=50')
    ).json()) as { data: Project[] };
    expect(trashed.data.map((project) => project.name)).toEqual([
      'Airport',
      'Airport – Gate B',
      'Airport – Terminal',
      'Airport – Tower',
    ]);

    const restored = await data(await call(`/projects/${root.id}/restore`));
    expect(restored).toMatchObject({ name: 'Airport', deleted_at: null });
    expect(restored.sub_projects.map((child) => child.name)).toEqual(['Airport – Terminal']);
    expect(restored.models.map((model) => model.name)).toEqual(['Airport – Apron']);
    expect(
      (await data(await call(`/projects/${terminal.id}`))).sub_projects.map((child) => child.name),
    ).toEqual(['Airport – Gate B']);
    for (const id of models) expect((await call(`/projects/models/${id}`)).status).toBe(200);
    expect((await call(`/projects/${tower.id}`)).status).toBe(404);
  });

  it('needs delete-projects to delete and restore-deleted-entities to restore', async () => {
    expect((await call(`/projects/${harbourTower}`, { method: 'DELETE', token: bob })).status).toBe(403);
    const project = await data(await create({ name: 'Short-lived' }), 201);
    await call(`/projects/${project.id}`, { method: 'DELETE' });
    expect((await call(`/projects/${project.id}/restore`, { token: bob })).status).toBe(403);
    const restorer = await memberWithAbilities(server, ['restore-deleted-entities']);
    expect((await call(`/projects/${project.id}/restore`, { token: restorer })).status).toBe(200);
  });

  it('restores nothing past the retention or of another tenant', async () => {
    const old = await server.db
      .insertInto('projects')
      .values({
        company_id: acme,
        parent_id: null,
        name: 'Deleted long ago',
        description: null,
        preview_image: null,
        deleted_at: new Date(Date.now() - 31 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call(`/projects/${old.id}/restore`)).status).toBe(404);
    const globexProject = await projectIdOf('Globex Harbour');
    expect((await call(`/projects/${globexProject}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(`/projects/${globexProject}/restore`)).status).toBe(404);
  });
});
