/**
 * The classes of bad input that used to answer 500, each answered with its 4xx in Laravel's shapes before it
 * reaches the database: NUL characters, numbers outside int4 or not finite, list filter values that are not of
 * the filter's type, deep and oversized JSON, malformed multipart; and body fields named after prototype
 * properties, which never become columns (server/http/input-limits.ts, request-input.ts, list-query.ts,
 * errors.ts, crud/writes.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, formBody, jsonBody, tokenFor } from './api-helpers';
import { sendWithHost, startTestServer, TEST_DOMAIN, type TestServer } from './test-server';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await tokenFor(server, 'admin');
});
afterAll(() => server?.close());

const get = (path: string) => server.request('acme', path, { token: admin });
const post = (path: string, init: RequestInit) =>
  server.request('acme', path, { method: 'POST', token: admin, ...init });

describe('NUL characters', () => {
  it('are a 422 naming the field in a query', async () => {
    const response = await get('/projects?filter[search]=a%00b');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'The filter.search field must not contain null characters.',
      errors: { 'filter.search': ['The filter.search field must not contain null characters.'] },
    });
  });

  it('are a 422 in a JSON body, and nothing is written', async () => {
    const before = (await (await get('/projects?count=1')).json()) as { data: { count: number } };
    const response = await post('/projects', jsonBody({ name: 'a\u0000b', description: 'fine' }));
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: object }).errors).toEqual({
      name: ['The name field must not contain null characters.'],
    });
    expect(await (await get('/projects?count=1')).json()).toEqual(before);
  });

  it('are a 422 in a multipart field and in a key', async () => {
    const form = new FormData();
    form.append('name', 'x\u0000y');
    const field = await post('/projects', { body: form });
    expect(field.status).toBe(422);
    expect(((await field.json()) as { errors: object }).errors).toHaveProperty('name');

    const key = await post('/projects', jsonBody({ name: 'Fine', 'odd\u0000key': 1 }));
    expect(key.status).toBe(422);
  });

  it('are a 404 in a path', async () => {
    const response = await server.request(null, '/companies/%00');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found.' });
  });
});

describe('numbers', () => {
  it('outside int4 in a path are a 404', async () => {
    for (const id of ['2147483648', '-2147483649', '99999999999', '1e309', '1.5']) {
      const response = await get(`/projects/${id}`);
      expect(response.status, id).toBe(404);
    }
  });

  it('outside int4 in a list filter are a 422', async () => {
    const label = await get('/projects?filter[label]=2147483648');
    expect(label.status).toBe(422);
    expect(await label.json()).toEqual({
      message: 'The filter.label field must not be greater than 2147483647.',
      errors: { 'filter.label': ['The filter.label field must not be greater than 2147483647.'] },
    });
    expect((await get('/projects?filter[parent_id]=99999999999')).status).toBe(422);
    expect((await get('/projects?filter[parent_id]=-99999999999')).status).toBe(422);
    // A filter value that is no number at all is refused as well (it used to match nothing, or answer 500).
    const words = await get('/projects?filter[label]=abc');
    expect(words.status).toBe(422);
    expect(await words.json()).toEqual({
      message: 'The filter.label field must be an integer.',
      errors: { 'filter.label': ['The filter.label field must be an integer.'] },
    });
  });

  it('as page and per_page are bounded integers (422 otherwise)', async () => {
    const cases: Array<[string, string, string]> = [
      ['page=1e309', 'page', 'The page field must be a number.'],
      ['page=99999999999999999999', 'page', 'The page field must not be greater than 2147483647.'],
      ['page=0', 'page', 'The page field must be at least 1.'],
      ['per_page=1e309', 'per_page', 'The per page field must be a number.'],
      ['per_page=1001', 'per_page', 'The per page field must not be greater than 1000.'],
      ['per_page=2.5', 'per_page', 'The per page field must be an integer.'],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(`/projects?${query}`);
      expect(response.status, query).toBe(422);
      expect(((await response.json()) as { errors: Record<string, string[]> }).errors, query).toEqual({
        [field]: [message],
      });
    }
    const last = (await (await get('/projects?page=2147483647')).json()) as { data: unknown[] };
    expect(last.data).toEqual([]);
  });

  it('outside int4 in a JSON body are a 422, also when JSON reads them as Infinity', async () => {
    const tooBig = await post('/projects', jsonBody({ name: 'Sub', parent_id: 2147483648 }));
    expect(tooBig.status).toBe(422);
    expect(((await tooBig.json()) as { errors: object }).errors).toEqual({
      parent_id: ['The parent id field must not be greater than 2147483647.'],
    });
    const infinite = await post('/projects', {
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"Sub","parent_id":1e400}',
    });
    expect(infinite.status).toBe(422);
  });
});

describe('JSON bodies', () => {
  it('nested deeper than 64 levels are a 400', async () => {
    const deep = `{"name":${'['.repeat(65)}${']'.repeat(65)}}`;
    const response = await post('/projects', { headers: { 'Content-Type': 'application/json' }, body: deep });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The JSON body nests more than 64 levels deep.' });
    // Brackets inside strings do not count.
    const text = await post('/projects', jsonBody({ name: '['.repeat(100) }));
    expect(text.status).toBe(201);
  });

  it('larger than 2 MiB are a 413', async () => {
    const response = await post(
      '/projects',
      jsonBody({ name: 'Big', description: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(response.status).toBe(413);
    expect(Object.keys(await response.json())).toEqual(['message']);
  });
});

describe('malformed multipart bodies', () => {
  const bodies: Array<[string, string, string]> = [
    [
      'without a boundary',
      'multipart/form-data',
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n',
    ],
    [
      'truncated',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA',
    ],
    ['of garbage', 'multipart/form-data; boundary=x', 'garbage'],
  ];

  it.each(bodies)(
    '%s are a 400 on API writes and on /broadcasting/auth',
    async (_kind, contentType, body) => {
      for (const [subdomain, path] of [
        ['acme', '/api/v2/projects'],
        ['acme', '/broadcasting/auth'],
        [null, `/apps/${server.config.pusher.appId}/events`],
      ] as const) {
        const response = await sendWithHost(
          server.port,
          `${subdomain ? `${subdomain}.` : ''}${TEST_DOMAIN}:${server.port}`,
          path,
          {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${admin}`,
              Accept: 'application/json',
              'Content-Type': contentType,
            },
            body,
          },
        );
        expect(response.status, path).toBe(400);
        expect(await response.json(), path).toEqual({ message: 'The request body is malformed.' });
      }
    },
  );
});

type Page<T> = { data: T[]; meta: { total: number } };
const page = async <T>(path: string): Promise<Page<T>> => {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as Page<T>;
};
const refusal = (field: string, message: string) => ({ message, errors: { [field]: [message] } });

describe('list filters', () => {
  /** Every integer filter, the ones that used to answer 500 (`… in ()`) first. */
  const integerFilters: Array<[string, string]> = [
    ['/projects/models', 'project_id'],
    ['/libraries', 'parent_id'],
    ['/libraries/items', 'library'],
    ['/materials', 'category'],
    ['/materials/categories', 'parent_id'],
    ['/admin/issue-reports', 'company_id'],
    ['/admin/issue-reports', 'user_id'],
    ['/admin/feedback-reports', 'company_id'],
    ['/admin/feedback-reports', 'user_id'],
    ['/admin/feedback-reports', 'rating'],
    ['/projects', 'label'],
    ['/projects', 'parent_id'],
    ['/users', 'role'],
    ['/groups', 'role'],
    ['/admin/users', 'company'],
  ];

  it.each(integerFilters)(
    '%s filter[%s] that is no int4 integer is a 422, never a 500',
    async (path, name) => {
      const field = `filter.${name}`;
      const cases: Array<[string, string]> = [
        ...['abc', '1e400', '1.5', 'Infinity', 'NaN', '0x10', '1,abc', 'abc,1'].map(
          (value): [string, string] => [value, `The ${field} field must be an integer.`],
        ),
        ['2147483648', `The ${field} field must not be greater than 2147483647.`],
        ['1,-2147483649', `The ${field} field must be at least -2147483648.`],
      ];
      for (const [value, message] of cases) {
        for (const query of [
          `filter[${name}]=${encodeURIComponent(value)}`,
          `filter[${name}][]=${encodeURIComponent(value)}`,
        ]) {
          const response = await get(`${path}?${query}`);
          expect(response.status, `${path}?${query}`).toBe(422);
          expect(await response.json(), `${path}?${query}`).toEqual(refusal(field, message));
        }
      }
    },
  );

  it('integer filters still list by id, a comma list as alternatives; -0 is 0', async () => {
    const models = await server.db
      .selectFrom('project_models')
      .innerJoin('companies', 'companies.id', 'project_models.company_id')
      .select(['project_models.project_id'])
      .where('companies.sub_domain', '=', 'acme')
      .where('project_models.deleted_at', 'is', null)
      .execute();
    const projects = models.flatMap((model) => (model.project_id === null ? [] : [model.project_id]));
    const [first, second] = [...new Set(projects)];
    const count = (project: number) => models.filter((model) => model.project_id === project).length;
    const one = await page<{ project_id: number }>(
      `/projects/models?filter[project_id]=${first}&per_page=100`,
    );
    expect(one.meta.total).toBe(count(first));
    expect(new Set(one.data.map((model) => model.project_id))).toEqual(new Set([first]));
    const both = await page(`/projects/models?filter[project_id]=${first},${second}&per_page=100`);
    expect(both.meta.total).toBe(count(first) + count(second));
    expect((await page('/projects/models?filter[project_id]=-0')).data).toEqual([]);

    const acme = await companyId(server, 'acme');
    const reports = await page<{ company: { id: number } | null }>(
      `/admin/feedback-reports?filter[company_id]=${acme}&per_page=100`,
    );
    expect(reports.data.length).toBeGreaterThan(0);
    expect(reports.data.every((report) => report.company?.id === acme)).toBe(true);
    const ratings = await page<{ rating: number }>('/admin/feedback-reports?filter[rating]=4,5&per_page=100');
    expect(new Set(ratings.data.map((report) => report.rating))).toEqual(new Set([4, 5]));
    expect((await page('/admin/issue-reports?filter[user_id]=0')).data).toEqual([]);
  });

  it('a container filter takes null (root, 0) for the top level, and ids beside it', async () => {
    const top = await page<{ id: number; parent_id: number | null }>(
      '/libraries?filter[parent_id]=null&per_page=100',
    );
    expect(top.data.length).toBeGreaterThan(0);
    expect(top.data.every((library) => library.parent_id === null)).toBe(true);
    for (const word of ['ROOT', '0']) {
      expect((await page(`/libraries?filter[parent_id]=${word}&per_page=100`)).meta.total).toBe(
        top.meta.total,
      );
    }
    const parent = top.data[0].id;
    const children = await page<{ parent_id: number | null }>(
      `/libraries?filter[parent_id]=${parent}&per_page=100`,
    );
    expect(children.data.every((library) => library.parent_id === parent)).toBe(true);
    const mixed = await page(`/libraries?filter[parent_id]=null,${parent}&per_page=100`);
    expect(mixed.meta.total).toBe(top.meta.total + children.meta.total);

    const categories = await page<{ parent_id: number | null }>(
      '/materials/categories?filter[parent_id]=root',
    );
    expect(categories.data.every((category) => category.parent_id === null)).toBe(true);
    const unplaced = await page<{ libraries: unknown[] }>(
      '/libraries/items?filter[library]=null&included_fields[]=libraries&per_page=100',
    );
    expect(unplaced.data.every((item) => item.libraries.length === 0)).toBe(true);
  });

  it('boolean and enum filters take their values in any case and refuse others', async () => {
    const admins = await page<{ admin: boolean }>('/users?filter[admin]=TRUE');
    expect(admins.data.every((user) => user.admin)).toBe(true);
    expect((await page('/projects/models?filter[status]=finished,Failed')).meta.total).toBeGreaterThan(0);
    const cases: Array<[string, string, string]> = [
      ['/users?filter[admin]=maybe', 'filter.admin', 'The filter.admin field must be true or false.'],
      ['/projects?filter[favorite]=2', 'filter.favorite', 'The filter.favorite field must be true or false.'],
      [
        '/projects/models?filter[status]=FINISHED,DONE',
        'filter.status',
        'The selected filter.status is invalid.',
      ],
      ['/projects?filter[status]=archived', 'filter.status', 'The selected filter.status is invalid.'],
      ['/materials?filter[status]=null', 'filter.status', 'The selected filter.status is invalid.'],
      [
        '/admin/issue-reports?filter[severity]=urgent',
        'filter.severity',
        'The selected filter.severity is invalid.',
      ],
      ['/admin/changelog-items?filter[type]=removed', 'filter.type', 'The selected filter.type is invalid.'],
    ];
    for (const [path, field, message] of cases) {
      const response = await get(path);
      expect(response.status, path).toBe(422);
      expect(await response.json(), path).toEqual(refusal(field, message));
    }
  });

  it("names every invalid filter in one 422, in the reader's language", async () => {
    const response = await server.request(
      'acme',
      '/projects?filter[label]=x&filter[status]=y&filter[search]=z',
      {
        token: admin,
        headers: { 'Accept-Language': 'nl' },
      },
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'Het veld filter.label moet een geheel getal zijn. (en nog 1 fout)',
      errors: {
        'filter.label': ['Het veld filter.label moet een geheel getal zijn.'],
        'filter.status': ['De gekozen filter.status is ongeldig.'],
      },
    });
  });

  it('leaves an empty filter out and still refuses filters the list does not have', async () => {
    const all = await page('/projects/models');
    for (const query of ['filter[project_id]=', 'filter[project_id]=,', 'filter[project_id]=%20']) {
      expect((await page(`/projects/models?${query}`)).meta.total, query).toBe(all.meta.total);
    }
    for (const name of ['constructor', '__proto__', 'toString']) {
      const response = await get(`/projects/models?filter[${name}]=1`);
      expect(response.status, name).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        `Requested filter(s) \`${name}\` are not allowed. Allowed filter(s) are \`search, status, project_id\`.`,
      );
    }
  });
});

describe('body fields named after prototype properties', () => {
  const KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
  let serial = 0;
  /** A body for the entity's create with the field `key` as well, in the given encoding. */
  const bodyWith = (fields: Record<string, string>, key: string, encoding: 'json' | 'form'): RequestInit => {
    const body = { ...fields };
    Object.defineProperty(body, key, { value: 'x', enumerable: true, writable: true, configurable: true });
    return encoding === 'json' ? jsonBody(body) : formBody(body);
  };
  const send = (method: string, path: string, init: RequestInit) =>
    server.request('acme', path, { method, token: admin, ...init });

  /** The default CRUD creates and updates that wrote every body field as a column (500 on an unknown one). */
  const entities: Array<[string, string, string, (n: number) => Record<string, string>]> = [
    ['/labels', '/labels', 'name', (n) => ({ name: `Proto label ${n}`, color: '#123456' })],
    ['/property-maps', '/property-maps', 'name', (n) => ({ name: `Proto map ${n}` })],
    ['/materials/categories', '/materials/categories', 'name', (n) => ({ name: `Proto category ${n}` })],
    ['/admin/questions/categories', '/questions/categories', 'name', (n) => ({ name: `Proto FAQ ${n}` })],
  ];

  it.each(entities)(
    '%s: create and update ignore them (JSON and form)',
    async (path, readPath, field, fields) => {
      for (const key of KEYS) {
        for (const encoding of ['json', 'form'] as const) {
          const values = fields((serial += 1));
          const created = await send('POST', path, bodyWith(values, key, encoding));
          if (key === '__proto__' && encoding === 'json') {
            // The JSON parser refuses a `__proto__` key outright (prototype poisoning).
            expect(created.status, `${key} ${encoding}`).toBe(400);
            continue;
          }
          expect(created.status, `${path} ${key} ${encoding}: ${await created.clone().text()}`).toBe(201);
          const { data } = (await created.json()) as { data: Record<string, unknown> & { id: number } };
          expect(data[field]).toBe(values[field]);
          expect(Object.hasOwn(data, key)).toBe(false);

          const renamed = { [field]: `${values[field]} renamed` };
          const updated = await send('PATCH', `${path}/${data.id}`, bodyWith(renamed, key, encoding));
          expect(updated.status, `${path} ${key} ${encoding} update`).toBe(200);
          expect(((await updated.json()) as { data: Record<string, unknown> }).data[field]).toBe(
            renamed[field],
          );
          const read = await get(`${readPath}?filter[search]=${encodeURIComponent(renamed[field])}`);
          expect(((await read.json()) as { data: unknown[] }).data).toHaveLength(1);
        }
      }
    },
  );

  it('are refused in a multipart body, and ignored inside a nested field', async () => {
    for (const key of KEYS) {
      const form = new FormData();
      form.append('name', `Proto multipart ${key}`);
      form.append('color', '#654321');
      form.append(key, 'x');
      const refused = await send('POST', '/labels', { body: form });
      expect(refused.status, key).toBe(400);
    }
    // `__proto__[name]=Evil`: an object under the field `__proto__`, never the body's prototype.
    const nested = await send('POST', '/labels', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '__proto__[name]=Evil&__proto__[color]=%23000000&constructor[prototype][admin]=1&name=Plain&color=%23111111',
    });
    expect(nested.status).toBe(201);
    expect(((await nested.json()) as { data: { name: string; color: string } }).data).toMatchObject({
      name: 'Plain',
      color: '#111111',
    });
    const withoutName = await send('POST', '/labels', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '__proto__[name]=Evil&color=%23111111',
    });
    expect(withoutName.status).toBe(422);
    expect(((await withoutName.json()) as { errors: object }).errors).toEqual({
      name: ['The name field is required.'],
    });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(({} as Record<string, unknown>).name).toBeUndefined();
  });
});
