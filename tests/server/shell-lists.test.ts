/**
 * The lists and counts the shell calls (spec 1 §7): dashboard tiles, recent projects, the Updates box, and the
 * projects, models and libraries lists the global search uses, with their item shapes on the demo fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let bob: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await tokenFor(server, 'alice');
  bob = await tokenFor(server, 'bob');
});
afterAll(() => server?.close());

type Row = Record<string, unknown>;
const get = async (path: string, token = alice) => {
  const response = await server.request('acme', path, { token });
  expect(response.status, path).toBe(200);
  return (await response.json()) as { data: Row[]; meta: Row; meta_data?: Row };
};
const count = async (path: string) =>
  ((await get(path)) as unknown as { data: { count: number } }).data.count;

describe('dashboard calls', () => {
  it('counts projects (with sub-projects on request), libraries and models', async () => {
    expect(await count('/projects?count=1')).toBe(32);
    expect(await count('/projects?count=1&include_sub_projects=1')).toBe(34);
    expect(await count('/libraries?count=1')).toBe(9);
    expect(await count('/projects/models?count=1')).toBe(14);
  });

  it('answers the recent-projects call with exactly the included fields', async () => {
    const body = await get(
      '/projects?per_page=5&page=1&sort=-updated_at&included_fields[]=projects.id&included_fields[]=projects.name&included_fields[]=projects.description&included_fields[]=projects.preview_image',
    );
    expect(body.data).toHaveLength(5);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      name: 'Harbour Tower',
      description: expect.any(String),
      preview_image: null,
    });
    expect(body.meta).toMatchObject({ per_page: 5, total: 32, last_page: 7 });
  });

  it('answers every changelog item without paging, and a page with it', async () => {
    const all = (await get('/admin/changelog-items', bob)) as unknown as { data: Row[]; meta?: unknown };
    expect(all.meta).toBeUndefined();
    expect(all.data).toHaveLength(13);
    expect(new Set(all.data.map((item) => item.type))).toEqual(new Set(['added', 'fixed', 'updated']));
    expect(all.data[0]).toEqual({
      id: expect.any(Number),
      type: expect.stringMatching(/^(added|fixed|updated)$/),
      description: expect.any(String),
      description_nl: expect.any(String),
      screenshot: false,
      screenshot_url: null,
      date_on_development: null,
      date_on_test: null,
      date_on_acceptance: null,
      date_on_production: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(all.data.filter((item) => item.date_on_production !== null)).toHaveLength(6);
    const page = await get('/admin/changelog-items?per_page=5&page=1&sort=-created_at&filter[type]=fixed');
    expect(page.meta).toMatchObject({ total: 4, per_page: 5 });
    expect(page.data.every((item) => item.type === 'fixed')).toBe(true);
  });
});

describe('GET /projects', () => {
  it('answers the project shape with labels, members, the user’s favourite flag and the label filter list', async () => {
    const body = await get('/projects?filter[search]=Harbour Tower&per_page=25');
    const project = body.data.find((item) => item.name === 'Harbour Tower')!;
    expect(project).toEqual({
      id: expect.any(Number),
      parent_id: null,
      status: 'active',
      preview_image: null,
      // Its seeded models have no render without the demo files.
      cover_image: null,
      name: 'Harbour Tower',
      description: 'Visualisation for Van Dijk Development.',
      labels: [
        { id: expect.any(Number), name: 'Renovation', color: '#fa8c16' },
        { id: expect.any(Number), name: 'Residential', color: '#52c41a' },
      ],
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
      users: [
        {
          id: expect.any(Number),
          name: 'Ada Admin',
          function: 'Platform administrator',
          email: 'admin@portal.test',
          profile_image: null,
        },
        {
          id: expect.any(Number),
          name: expect.stringMatching(/^Alice/),
          function: '3D artist',
          email: 'alice@acme.test',
          profile_image: null,
        },
        {
          id: expect.any(Number),
          name: 'Bob Brink',
          function: 'Sales',
          email: 'bob@acme.test',
          profile_image: null,
        },
      ],
      is_favorited: true,
    });
    const labels = (body.meta_data as { filters: { labels: Array<{ name: string }> } }).filters.labels;
    expect(labels.map((label) => label.name)).toEqual([
      'Client review',
      'Commercial',
      'Concept',
      'Renovation',
      'Residential',
      'Urgent',
    ]);
    const forBob = await get('/projects?filter[search]=Harbour Tower', bob);
    expect(forBob.data.find((item) => item.name === 'Harbour Tower')?.is_favorited).toBe(false);
  });

  it('puts the user’s favourites first with sort=favorite and filters them with filter[favorite]', async () => {
    const favourites = await get('/projects?sort=favorite,name&per_page=4');
    expect(favourites.data.map((item) => item.name)).toEqual([
      'Harbour Tower',
      'Lakeside Villa',
      'Museum Quarter',
      'Atrium Mall',
    ]);
    const only = await get('/projects?filter[favorite]=1&sort=name');
    expect(only.data.map((item) => item.name)).toEqual(['Harbour Tower', 'Lakeside Villa', 'Museum Quarter']);
  });

  it('lists active and inactive projects, and sub-projects by parent', async () => {
    expect((await get('/projects?filter[status]=inactive&per_page=1')).meta.total).toBe(8);
    const harbour = (await get('/projects?filter[search]=Harbour Tower&per_page=1&sort=created_at')).data[0];
    const children = await get(`/projects?filter[parent_id]=${harbour.id}&sort=name`);
    expect(children.data.map((item) => item.name)).toEqual([
      'Harbour Tower – Lobby Fit-out',
      'Harbour Tower – Penthouse',
    ]);
  });
});

describe('GET /projects/models', () => {
  it('answers models of every status with their latest geometry event and uploader', async () => {
    const body = await get('/projects/models?per_page=50');
    expect(new Set(body.data.map((model) => model.status))).toEqual(
      new Set(['FINISHED', 'PROCESSING', 'QUEUED', 'UPLOADING', 'FAILED']),
    );
    const failed = body.data.find((model) => model.name === 'Copper Works – Hall')!;
    expect(failed).toMatchObject({
      status: 'FAILED',
      status_color: '#f5222d',
      uploader_name: expect.any(String),
      latest_geometry_event: {
        message: 'Conversion failed: the file contains no geometry',
        created_at: expect.any(String),
      },
      started_at: expect.any(String),
      finished_at: expect.any(String),
    });
    const queued = body.data.find((model) => model.status === 'QUEUED')!;
    expect(queued).toMatchObject({ started_at: null, finished_at: null });
  });

  it('filters by status and lists only finished models for the demo-model picker', async () => {
    expect((await get('/projects/models?filter[status]=failed')).meta.total).toBe(2);
    const picker = await get(
      '/projects/models?included_fields[]=models.status.finished&included_fields[]=models.name&included_fields[]=models.id&included_fields[]=models.preview_image_url&per_page=50',
    );
    expect(picker.data).toHaveLength(5);
    expect(Object.keys(picker.data[0]).sort()).toEqual(['id', 'name', 'preview_image_url']);
  });

  it('searches by name', async () => {
    const body = await get('/projects/models?filter[search]=lobby&sort=name');
    expect(body.data.map((model) => model.name)).toEqual(['Harbour Tower – Lobby', 'Parkview Hotel – Lobby']);
  });
});

describe('GET /libraries', () => {
  it('lists the top level with filter[parent_id]=null and a level below by parent id', async () => {
    const roots = await get('/libraries?filter[parent_id]=null&sort=name');
    expect(roots.data.map((library) => library.name)).toEqual([
      'Furniture',
      'Lighting',
      'Outdoor',
      'Vintage Collection',
    ]);
    const furniture = roots.data[0];
    const chairs = (await get(`/libraries?filter[parent_id]=${furniture.id}&sort=name`)).data;
    expect(chairs.map((library) => library.name)).toEqual(['Chairs', 'Tables']);
    const officeChairs = (await get(`/libraries?filter[parent_id]=${chairs[0].id}&filter[search]=office`))
      .data;
    expect(officeChairs.map((library) => library.name)).toEqual(['Office Chairs']);
  });

  it('marks a library connected to a model, and those above it, as not deletable', async () => {
    const body = await get('/libraries?per_page=50');
    const deletable = Object.fromEntries(body.data.map((library) => [library.name, library.is_deletable]));
    expect(deletable).toMatchObject({
      'Pendant Lights': false,
      Lighting: false,
      Furniture: true,
      'Office Chairs': true,
    });
    const archived = body.data.find((library) => library.name === 'Vintage Collection')!;
    expect(archived).toMatchObject({ status: 'ARCHIVED', status_color: '#8c8c8c' });
  });
});
