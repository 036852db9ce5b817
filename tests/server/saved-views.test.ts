/**
 * Saved views (issue 33) from their declaration (server/api/saved-views.entity.ts): a signed-in user's own views of
 * a list: create, list, show, update and delete; 422s under the field (name required, at most 100, unique per user
 * and list; a state of the wrong shape); one default per user and list; another user's view and another company's
 * answer 404; the session answers the defaults (`default_views`); documented in the OpenAPI document.
 */
import type { SavedView } from '../../shared/entities/saved-views';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let bob: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ processingWorker: false });
  [alice, bob, admin] = await Promise.all(['alice', 'bob', 'admin'].map((name) => tokenFor(server, name)));
});
afterAll(() => server?.close());

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: alice, ...init });

async function data<T = SavedView>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

async function errors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status, await response.clone().text()).toBe(422);
  return ((await response.json()) as { errors: Record<string, string[]> }).errors;
}

const STATE = {
  filters: { status: ['ACTIVE'] },
  search: 'tower',
  sort: '-updated_at',
  per_page: 25,
  view: 'grid',
} as const;

const create = (body: Record<string, unknown>, token = alice, subdomain = 'acme') =>
  call(
    '/saved-views',
    { method: 'POST', token, ...jsonBody({ list: 'projects', state: STATE, ...body }) },
    subdomain,
  );

const update = (id: number, body: Record<string, unknown>, token = alice) =>
  call(`/saved-views/${id}`, { method: 'PATCH', token, ...jsonBody(body) });

const mine = async (list: string, token = alice) =>
  data<SavedView[]>(
    await call(`/saved-views?filter[list]=${encodeURIComponent(list)}&per_page=100`, { token }),
  );

async function sessionDefaults(token = alice, subdomain = 'acme'): Promise<Record<string, unknown>> {
  const response = await call('/auth/validate', { token }, subdomain);
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: { default_views: Record<string, unknown> } }).user.default_views;
}

describe('saved views: create, list, show, update, delete', () => {
  it('creates a view of a list and answers it as the list and show do', async () => {
    const view = await data(await create({ name: 'Active towers' }), 201);
    expect(view).toEqual({
      id: expect.any(Number),
      list: 'projects',
      name: 'Active towers',
      state: STATE,
      is_default: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await data(await call(`/saved-views/${view.id}`))).toEqual(view);
    expect(await mine('projects')).toContainEqual(view);
    expect(await mine('labels')).not.toContainEqual(expect.objectContaining({ id: view.id }));
  });

  it('renames a view and replaces its state; deletes it', async () => {
    const view = await data(await create({ name: 'To rename' }), 201);
    const state = { filters: {}, sort: 'name', per_page: 10, view: 'list' };
    const renamed = await data(await update(view.id, { name: 'Renamed', state }));
    expect(renamed).toMatchObject({ id: view.id, name: 'Renamed', state, list: 'projects' });
    const deleted = await call(`/saved-views/${view.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ saved_view_name: 'Renamed', status: 'successfully deleted' });
    expect((await call(`/saved-views/${view.id}`)).status).toBe(404);
  });

  it('lets any signed-in user keep views, without an ability of its own', async () => {
    // Bob is a Viewer: no ability names saved views.
    const view = await data(await create({ name: 'Bob’s projects' }, bob), 201);
    expect((await mine('projects', bob)).map((item) => item.id)).toEqual([view.id]);
    // A user's own way of looking at a list is no activity in the company.
    const activity = await data<Array<{ subject: string | null }>>(
      await call('/my-account/activity', { token: bob }),
    );
    expect(activity.filter((entry) => entry.subject?.startsWith('saved-views'))).toEqual([]);
  });

  it('is documented in the OpenAPI document under its tag', async () => {
    const document = (await (await server.request(null, '/docs/json')).json()) as {
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    expect(Object.keys(document.paths['/api/v2/saved-views']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/v2/saved-views/{id}']).sort()).toEqual([
      'delete',
      'get',
      'patch',
      'post',
    ]);
    expect(document.paths['/api/v2/saved-views'].post.tags).toEqual(['saved-views']);
  });
});

describe('saved views: validation', () => {
  it('answers 422 under the name: required, at most 100 characters, unique per user and list', async () => {
    expect(await errors(await create({}))).toEqual({ name: ['The name field is required.'] });
    expect(await errors(await create({ name: 'x'.repeat(101) }))).toEqual({
      name: ['The name field must not be greater than 100 characters.'],
    });
    await data(await create({ name: 'Taken' }), 201);
    expect(await errors(await create({ name: 'Taken' }))).toEqual({
      name: ['The name has already been taken.'],
    });
    // In Dutch too.
    const dutch = await call('/saved-views', {
      method: 'POST',
      headers: { 'Accept-Language': 'nl', 'Content-Type': 'application/json' },
      body: JSON.stringify({ list: 'projects', state: STATE, name: 'Taken' }),
    });
    expect((await errors(dutch)).name).toEqual([expect.stringContaining('al in gebruik')]);
    // Another list, or another user, may have the name.
    await data(await create({ name: 'Taken', list: 'labels' }), 201);
    await data(await create({ name: 'Taken' }, bob), 201);
    // A rename onto a name the user has on the list is refused; keeping its own name is not.
    const other = await data(await create({ name: 'Other' }), 201);
    expect(await errors(await update(other.id, { name: 'Taken' }))).toEqual({
      name: ['The name has already been taken.'],
    });
    expect(await errors(await update(other.id, { name: '' }))).toEqual({
      name: ['The name field is required.'],
    });
    await data(await update(other.id, { name: 'Other' }));
  });

  it('answers 422 for a state of the wrong shape, naming the field', async () => {
    const bad: Array<[unknown, string]> = [
      [undefined, 'state'],
      ['grid', 'state'],
      [{ ...STATE, per_page: 7 }, 'state.per_page'],
      [{ ...STATE, view: 'table' }, 'state.view'],
      [{ ...STATE, sort: 'name;drop table' }, 'state.sort'],
      [{ ...STATE, filters: { status: [{ value: 'ACTIVE' }] } }, 'state.filters.status.0'],
      [{ ...STATE, search: 'x'.repeat(256) }, 'state.search'],
      [{ filters: {}, sort: 'name', per_page: 5 }, 'state.view'],
    ];
    for (const [state, field] of bad) {
      const response = await call('/saved-views', {
        method: 'POST',
        ...jsonBody({ list: 'projects', name: `Bad ${field}`, ...(state !== undefined && { state }) }),
      });
      expect(Object.keys(await errors(response)), JSON.stringify(state)).toContain(field);
    }
    expect(Object.keys(await errors(await create({ name: 'No list', list: 'Not A List!' })))).toEqual([
      'list',
    ]);
    // A filter key that cannot be a list's filter is no part of the view (undeclared keys are dropped).
    const kept = await data(
      await create({
        name: 'Odd key',
        state: { ...STATE, filters: { 'Bad Key': ['x'], status: ['ACTIVE'] } },
      }),
      201,
    );
    expect(kept.state.filters).toEqual({ status: ['ACTIVE'] });
  });
});

describe('saved views: the default', () => {
  it('keeps one default per user and list, in the session too', async () => {
    const first = await data(await create({ name: 'Default one', list: 'libraries', is_default: true }), 201);
    const second = await data(await create({ name: 'Default two', list: 'libraries' }), 201);
    const elsewhere = await data(
      await create({ name: 'Labels default', list: 'labels', is_default: true }),
      201,
    );
    expect((await sessionDefaults()).libraries).toEqual(STATE);

    const state = { filters: {}, sort: 'name', per_page: 5, view: 'list' };
    await data(await update(second.id, { is_default: true, state }));
    const defaults = (await mine('libraries')).filter((view) => view.is_default).map((view) => view.id);
    expect(defaults).toEqual([second.id]);
    expect((await data(await call(`/saved-views/${first.id}`))).is_default).toBe(false);
    // Another list's default stays.
    expect((await data(await call(`/saved-views/${elsewhere.id}`))).is_default).toBe(true);
    expect(await sessionDefaults()).toMatchObject({ libraries: state, labels: STATE });
    expect(await data(await call('/saved-views?filter[list]=libraries&filter[is_default]=1'), 200)).toEqual([
      expect.objectContaining({ id: second.id }),
    ]);

    // Another user's defaults are their own.
    expect((await sessionDefaults(bob)).libraries).toBeUndefined();
    await data(await update(second.id, { is_default: false }));
    expect((await sessionDefaults()).libraries).toBeUndefined();
  });
});

describe('saved views: only one’s own', () => {
  it('answers 404 for another user’s view: show, update, delete, bulk; and lists only one’s own', async () => {
    const alices = await data(await create({ name: 'Alice only' }), 201);
    for (const response of [
      await call(`/saved-views/${alices.id}`, { token: bob }),
      await update(alices.id, { name: 'Taken over' }, bob),
      await call(`/saved-views/${alices.id}`, { method: 'DELETE', token: bob }),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        message: `No query results for model [App\\Models\\SavedView] ${alices.id}`,
      });
    }
    const bulk = await call('/saved-views/update', {
      method: 'POST',
      token: bob,
      ...jsonBody({ action: 'delete', 'saved-views': [{ id: alices.id }] }),
    });
    expect(bulk.status, await bulk.clone().text()).toBe(200);
    expect((await bulk.json()).success).toEqual([]);
    expect(await mine('projects', bob)).not.toContainEqual(expect.objectContaining({ id: alices.id }));
    expect(await data(await call(`/saved-views/${alices.id}`))).toMatchObject({ name: 'Alice only' });
  });

  it('answers 404 for a view of another company, even to its own user', async () => {
    // The administrator may open any company; a view kept on Acme is not Globex's.
    const acmeView = await data(await create({ name: 'Acme view', is_default: true }, admin), 201);
    const onGlobex = await call(`/saved-views/${acmeView.id}`, { token: admin }, 'globex');
    expect(onGlobex.status).toBe(404);
    const globexList = await data<SavedView[]>(await call('/saved-views', { token: admin }, 'globex'));
    expect(globexList).toEqual([]);
    expect((await sessionDefaults(admin, 'globex')).projects).toBeUndefined();
    expect((await sessionDefaults(admin, 'acme')).projects).toEqual(STATE);
  });

  it('answers 401 without a token', async () => {
    expect((await call('/saved-views', { token: '' })).status).toBe(401);
  });
});
