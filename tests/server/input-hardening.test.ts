/**
 * The classes of bad input that used to answer 500, each answered with its 4xx in Laravel's shapes before it
 * reaches the database: NUL characters, numbers outside int4 or not finite, deep and oversized JSON, malformed
 * multipart (server/http/input-limits.ts, request-input.ts, list-query.ts, errors.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, tokenFor } from './api-helpers';
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
    // A filter value that is no number at all still matches nothing.
    const words = (await (await get('/projects?filter[label]=abc')).json()) as { data: unknown[] };
    expect(words.data).toEqual([]);
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
