/**
 * The list and request conventions the portal's data provider relies on, through a real list endpoint
 * (`GET /projects`) over 50 projects of Initech (dave, Manager): Laravel pagination shapes and `meta.links`,
 * sorts, filters, search, fields, count, trashed, 400s, and the request side (bracket arrays, `_method`, 422).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../shared/envelopes';
import { companyId, formBody, jsonBody, multipartBody, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let dave: string;
let admin: string;
let labelIds: number[];

type ListBody = Page<Record<string, unknown>>;

const pad = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  server = await startTestServer();
  dave = await tokenFor(server, 'dave');
  admin = await tokenFor(server, 'admin');
  const initech = await companyId(server, 'initech');
  const labels = await server.db
    .insertInto('labels')
    .values([
      { company_id: initech, name: 'Blue', color: '#0000ff' },
      { company_id: initech, name: 'Red', color: '#ff0000' },
      { company_id: initech, name: 'Green', color: '#00ff00' },
    ])
    .returning('id')
    .execute();
  labelIds = labels.map((label) => label.id);
  const start = Date.parse('2026-01-01T00:00:00Z');
  const projects = await server.db
    .insertInto('projects')
    .values(
      Array.from({ length: 50 }, (_, index) => ({
        company_id: initech,
        parent_id: null,
        name: `Initech Project ${pad(index + 1)}`,
        description:
          index === 6
            ? 'Near the HARBOUR front'
            : index === 7
              ? 'Discount 100% off_season'
              : `Office block ${index + 1}`,
        status: index % 5 === 0 ? ('inactive' as const) : ('active' as const),
        preview_image: null,
        created_at: new Date(start + index * 86_400_000),
        updated_at: new Date(start + (50 - index) * 86_400_000),
        deleted_at: null,
      })),
    )
    .returning('id')
    .execute();
  await server.db
    .insertInto('project_labels')
    .values([
      { project_id: projects[0].id, label_id: labelIds[0] },
      { project_id: projects[1].id, label_id: labelIds[1] },
      { project_id: projects[2].id, label_id: labelIds[2] },
      { project_id: projects[3].id, label_id: labelIds[0] },
    ])
    .execute();
});
afterAll(() => server?.close());

/** Status and body of a list call that is expected to fail. */
async function refused(query: string) {
  const response = await server.request('initech', `/projects?${query}`, { token: dave });
  return { status: response.status, body: (await response.json()) as { message: string; errors?: unknown } };
}

async function list(query: string, token = dave): Promise<ListBody> {
  const response = await server.request('initech', `/projects?${query}`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ListBody;
}

const labels = (body: ListBody) =>
  body.meta.links.map((link) => (link.active ? `[${link.label}]` : link.label));
const names = (body: ListBody) => body.data.map((item) => item.name);
const PREV = '&laquo; Previous';
const NEXT = 'Next &raquo;';

describe('Laravel pagination', () => {
  it('answers one page with exactly 3 links', async () => {
    const body = await list('per_page=50');
    const path = `http://initech.portal.localhost:${server.port}/api/v2/projects`;
    expect(body.links).toEqual({ first: `${path}?page=1`, last: `${path}?page=1`, prev: null, next: null });
    expect(body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 1,
      links: [
        { url: null, label: PREV, active: false },
        { url: `${path}?page=1`, label: '1', active: true },
        { url: null, label: NEXT, active: false },
      ],
      path,
      per_page: 50,
      to: 50,
      total: 50,
    });
    expect(body.data).toHaveLength(50);
  });

  it('answers two pages', async () => {
    const body = await list('per_page=25&page=2');
    expect(labels(body)).toEqual([PREV, '1', '[2]', NEXT]);
    expect(body.meta).toMatchObject({ current_page: 2, from: 26, to: 50, last_page: 2, total: 50 });
    expect(body.links.prev).toMatch(/\/projects\?page=1$/);
    expect(body.links.next).toBeNull();
    expect(body.meta.links[0].url).toBe(body.links.prev);
  });

  it('lists every page number up to 13 pages (7 pages)', async () => {
    const body = await list('per_page=8&page=3');
    expect(labels(body)).toEqual([PREV, '1', '2', '[3]', '4', '5', '6', '7', NEXT]);
    expect(body.meta).toMatchObject({ from: 17, to: 24, last_page: 7 });
    const last = await list('per_page=8&page=7');
    expect(last.meta).toMatchObject({ from: 49, to: 50 });
    expect(last.data).toHaveLength(2);
  });

  it('windows 50 pages the way Laravel does', async () => {
    const window = async (page: number) => labels(await list(`per_page=1&page=${page}`));
    expect(await window(1)).toEqual([
      PREV,
      '[1]',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '...',
      '49',
      '50',
      NEXT,
    ]);
    expect(await window(7)).toEqual([
      PREV,
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '[7]',
      '8',
      '9',
      '10',
      '...',
      '49',
      '50',
      NEXT,
    ]);
    expect(await window(8)).toEqual([
      PREV,
      '1',
      '2',
      '...',
      '5',
      '6',
      '7',
      '[8]',
      '9',
      '10',
      '11',
      '...',
      '49',
      '50',
      NEXT,
    ]);
    expect(await window(25)).toEqual([
      PREV,
      '1',
      '2',
      '...',
      '22',
      '23',
      '24',
      '[25]',
      '26',
      '27',
      '28',
      '...',
      '49',
      '50',
      NEXT,
    ]);
    expect(await window(44)).toEqual([
      PREV,
      '1',
      '2',
      '...',
      '41',
      '42',
      '43',
      '[44]',
      '45',
      '46',
      '47',
      '48',
      '49',
      '50',
      NEXT,
    ]);
    expect(await window(50)).toEqual([
      PREV,
      '1',
      '2',
      '...',
      '41',
      '42',
      '43',
      '44',
      '45',
      '46',
      '47',
      '48',
      '49',
      '[50]',
      NEXT,
    ]);
    const gap = (await list('per_page=1&page=25')).meta.links.find((link) => link.label === '...');
    expect(gap).toEqual({ url: null, label: '...', active: false });
  });

  it('answers an empty page past the end with from and to null', async () => {
    const body = await list('per_page=25&page=9');
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ from: null, to: null, current_page: 9, last_page: 2, total: 50 });
  });

  it('refuses a page size outside 1…1000 with 422', async () => {
    expect(await refused('per_page=0')).toEqual({
      status: 422,
      body: {
        message: 'The per page field must be at least 1.',
        errors: { per_page: ['The per page field must be at least 1.'] },
      },
    });
    expect((await refused('per_page=1001')).status).toBe(422);
  });
});

describe('sorts', () => {
  it('sorts ascending, descending and by several fields in order', async () => {
    expect(names(await list('per_page=3&sort=name'))).toEqual([
      'Initech Project 01',
      'Initech Project 02',
      'Initech Project 03',
    ]);
    expect(names(await list('per_page=3&sort=-name'))).toEqual([
      'Initech Project 50',
      'Initech Project 49',
      'Initech Project 48',
    ]);
    expect(names(await list('per_page=2&sort=-created_at'))).toEqual([
      'Initech Project 50',
      'Initech Project 49',
    ]);
    expect(names(await list('per_page=2&sort=-updated_at'))).toEqual([
      'Initech Project 01',
      'Initech Project 02',
    ]);
    expect(names(await list('per_page=3&sort=status,-name'))).toEqual([
      'Initech Project 50',
      'Initech Project 49',
      'Initech Project 48',
    ]);
    expect(names(await list('per_page=2&sort=-status,name'))).toEqual([
      'Initech Project 01',
      'Initech Project 06',
    ]);
  });

  it('defaults to -created_at', async () => {
    expect(names(await list('per_page=1'))).toEqual(['Initech Project 50']);
  });

  it('answers 400 with spatie’s message for a sort that is not allowed', async () => {
    expect(await refused('sort=-password,name')).toEqual({
      status: 400,
      body: {
        message:
          'Requested sort(s) `password` is not allowed. Allowed sort(s) are `name, created_at, updated_at, status, favorite, deleted_at`.',
      },
    });
  });
});

describe('filters', () => {
  it('searches name and description case-insensitively', async () => {
    expect(names(await list('filter[search]=harbour'))).toEqual(['Initech Project 07']);
    expect(names(await list('filter[search]=PROJECT 1&sort=name'))).toEqual(
      Array.from({ length: 10 }, (_, index) => `Initech Project ${index + 10}`),
    );
  });

  it('treats LIKE wildcards in a search as plain characters', async () => {
    expect(names(await list(`filter[search]=${encodeURIComponent('100%')}`))).toEqual(['Initech Project 08']);
    expect(names(await list('filter[search]=f_s'))).toEqual(['Initech Project 08']);
  });

  it('filters by a value and by a comma list of values', async () => {
    const inactive = await list('filter[status]=inactive&per_page=50');
    expect(inactive.meta.total).toBe(10);
    expect(inactive.data.every((project) => project.status === 'inactive')).toBe(true);
    expect(names(await list(`filter[label]=${labelIds[0]},${labelIds[1]}&sort=name`))).toEqual([
      'Initech Project 01',
      'Initech Project 02',
      'Initech Project 04',
    ]);
    expect(names(await list(`filter[label][]=${labelIds[2]}`))).toEqual(['Initech Project 03']);
  });

  it('answers 400 for a filter that is not allowed', async () => {
    expect(await refused('filter[company_id]=1')).toEqual({
      status: 400,
      body: {
        message:
          'Requested filter(s) `company_id` are not allowed. Allowed filter(s) are `search, status, label, parent_id, favorite`.',
      },
    });
  });
});

describe('fields, count and trashed', () => {
  it('selects only the included fields (bracket arrays, with or without the resource prefix)', async () => {
    const body = await list(
      'per_page=2&sort=name&included_fields[]=projects.id&included_fields[]=projects.name&included_fields[]=description',
    );
    expect(body.data.map((item) => Object.keys(item).sort())).toEqual([
      ['description', 'id', 'name'],
      ['description', 'id', 'name'],
    ]);
  });

  it('leaves out excluded fields', async () => {
    const body = await list('per_page=1&excluded_fields[]=users&excluded_fields[]=labels');
    expect(Object.keys(body.data[0])).not.toContain('users');
    expect(Object.keys(body.data[0])).not.toContain('labels');
    expect(Object.keys(body.data[0])).toContain('name');
  });

  it('answers 400 for a field that does not exist', async () => {
    const { status, body } = await refused('included_fields[]=projects.secret');
    expect(status).toBe(400);
    expect(body.message).toMatch(
      /^Requested field\(s\) `secret` are not allowed\. Allowed field\(s\) are `projects\.id, /,
    );
  });

  it('answers {data: {count}} for count=1, with the filters applied', async () => {
    const response = await server.request('initech', '/projects?count=1&filter[status]=inactive', {
      token: dave,
    });
    expect(await response.json()).toEqual({ data: { count: 10 } });
  });

  it('lists soft-deleted rows within the 30-day retention with trashed=1, and hides them otherwise', async () => {
    const trashed = (await server
      .request('acme', '/projects?trashed=1&sort=-deleted_at', { token: admin })
      .then((r) => r.json())) as ListBody;
    expect(names(trashed)).toEqual([
      'Temporary Pop-up Store',
      'Old Harbour Study',
      'Cancelled Parking Garage',
    ]);
    expect(trashed.data.every((project) => typeof project.deleted_at === 'string')).toBe(true);
    const live = (await server
      .request('acme', '/projects?per_page=100', { token: admin })
      .then((r) => r.json())) as ListBody;
    expect(names(live)).not.toContain('Temporary Pop-up Store');
    expect(live.meta.total).toBe(32);
  });
});

describe('request input', () => {
  const changelog = (init: RequestInit, path = '/admin/changelog-items') =>
    server.request('acme', path, { method: 'POST', token: admin, ...init });

  it('nests PHP bracket arrays in url-encoded and multipart bodies', async () => {
    const encoded = await changelog(
      formBody({
        type: 'added',
        description: 'Form body',
        'environments[development]': '1',
        'environments[test]': '1',
        'environments[production]': '0',
      }),
    );
    expect(encoded.status).toBe(201);
    const { data } = (await encoded.json()) as { data: Record<string, string | null> };
    expect(data.date_on_development).not.toBeNull();
    expect(data.date_on_test).not.toBeNull();
    expect(data.date_on_production).toBeNull();

    const multipart = await changelog(
      multipartBody({ type: 'fixed', description: 'Multipart body', 'environments[acceptance]': '1' }),
    );
    expect(multipart.status).toBe(201);
    const created = ((await multipart.json()) as { data: Record<string, string | null> }).data;
    expect(created.date_on_acceptance).not.toBeNull();
    expect(created.date_on_development).toBeNull();
  });

  it('routes POST with _method=PATCH (body, query or header) to the PATCH handler, and refuses a plain POST', async () => {
    const created = await changelog(
      jsonBody({ type: 'added', description: 'To be edited', environments: { development: true } }),
    );
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    const path = `/admin/changelog-items/${id}`;

    const viaForm = await changelog(formBody({ _method: 'PATCH', description: 'Edited by form' }), path);
    expect(viaForm.status).toBe(200);
    expect(((await viaForm.json()) as { data: { description: string } }).data.description).toBe(
      'Edited by form',
    );

    const viaMultipart = await changelog(
      multipartBody({ _method: 'patch', description: 'Edited by multipart' }),
      path,
    );
    expect(((await viaMultipart.json()) as { data: { description: string } }).data.description).toBe(
      'Edited by multipart',
    );

    const viaJson = await changelog(jsonBody({ _method: 'PATCH', description: 'Edited by JSON' }), path);
    expect(((await viaJson.json()) as { data: { description: string } }).data.description).toBe(
      'Edited by JSON',
    );

    const viaQuery = await changelog(jsonBody({ description: 'Edited by query' }), `${path}?_method=PATCH`);
    expect(((await viaQuery.json()) as { data: { description: string } }).data.description).toBe(
      'Edited by query',
    );

    const viaHeader = await changelog(
      {
        ...jsonBody({ description: 'Edited by header' }),
        headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'PATCH' },
      },
      path,
    );
    expect(((await viaHeader.json()) as { data: { description: string } }).data.description).toBe(
      'Edited by header',
    );

    const plain = await changelog(jsonBody({ description: 'Not routed' }), path);
    expect(plain.status).toBe(405);
    expect(await plain.json()).toEqual({
      message: `The POST method is not supported for route api/v2/admin/changelog-items/${id}. Supported methods: PATCH.`,
    });
    const after = await server.request('acme', path, { token: admin });
    expect(((await after.json()) as { data: { description: string } }).data.description).toBe(
      'Edited by header',
    );
  });

  it('answers 422 {message, errors} listing every invalid field, with empty strings treated as missing', async () => {
    const response = await changelog(formBody({ type: 'removed', description: '   ' }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'The selected type is invalid. (and 2 more errors)',
      errors: {
        type: ['The selected type is invalid.'],
        description: ['The description field is required.'],
        environments: ['The environments field is required.'],
      },
    });
  });
});
