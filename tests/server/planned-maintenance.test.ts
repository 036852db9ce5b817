/**
 * Planned maintenance (server/api/planned-maintenance.ts): the admin-only CRUD through the declaration (platform
 * scope: every company's admin host sees the same windows), the end after the start, the banner's upcoming
 * windows for every signed-in user, and switching the 503 maintenance mode on for a window (back on at its end).
 */
import type { PlannedMaintenance, UpcomingMaintenance } from '../../shared/entities/planned-maintenance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, multipartBody, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let admin: string;
let alice: string;
let carol: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, alice, carol] = await Promise.all(
    ['admin', 'alice', 'carol'].map((name) => tokenFor(server, name)),
  );
});
afterAll(() => server?.close());

const HOUR_MS = 60 * 60 * 1000;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: admin, ...init });

async function data<T = PlannedMaintenance>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

async function errors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status, await response.clone().text()).toBe(422);
  return ((await response.json()) as { errors: Record<string, string[]> }).errors;
}

const create = (body: Record<string, unknown>, token = admin) =>
  call('/admin/planned-maintenance', { method: 'POST', token, ...jsonBody(body) });

const window = (name: string, startHours: number, hours = 2) => ({
  name,
  description: `${name} description`,
  start_datetime: hoursFromNow(startHours),
  end_datetime: hoursFromNow(startHours + hours),
});

describe('planned maintenance: the admin list and its seed', () => {
  it('lists the two seeded windows, newest first, 5 per page, with search and sorts', async () => {
    const response = await call('/admin/planned-maintenance?per_page=5&page=1&sort=start_datetime');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: PlannedMaintenance[]; meta: { total: number } };
    const names = body.data.map((item) => item.name);
    expect(names.indexOf('Database upgrade')).toBeLessThan(names.indexOf('Storage migration'));
    for (const item of body.data) {
      expect(Object.keys(item).sort()).toEqual(
        ['created_at', 'description', 'end_datetime', 'id', 'name', 'start_datetime', 'updated_at'].sort(),
      );
    }
    const seeded = body.data.find((item) => item.name === 'Database upgrade')!;
    expect(Date.parse(seeded.start_datetime) - Date.now()).toBeGreaterThan(24 * HOUR_MS);

    const search = await data<PlannedMaintenance[]>(
      await call('/admin/planned-maintenance?filter[search]=STORAGE'),
    );
    expect(search.map((item) => item.name)).toEqual(['Storage migration']);
    expect((await call('/admin/planned-maintenance?sort=colour')).status).toBe(400);
  });

  it('is the same platform-wide list on every company host', async () => {
    const onAcme = await data<PlannedMaintenance[]>(await call('/admin/planned-maintenance?sort=name'));
    const onGlobex = await data<PlannedMaintenance[]>(
      await call('/admin/planned-maintenance?sort=name', {}, 'globex'),
    );
    expect(onGlobex).toEqual(onAcme);
  });
});

describe('planned maintenance: create, show, update, delete', () => {
  it('creates, shows, updates (JSON and multipart) and deletes a window', async () => {
    const input = window('Network switch', 72);
    const created = await data(await create(input), 201);
    expect(created).toMatchObject({ name: 'Network switch', description: 'Network switch description' });
    expect(Date.parse(created.start_datetime)).toBe(Date.parse(input.start_datetime));
    expect(await data(await call(`/admin/planned-maintenance/${created.id}`))).toEqual(created);

    const renamed = await data(
      await call(`/admin/planned-maintenance/${created.id}`, {
        method: 'PATCH',
        ...jsonBody({ name: 'Network switch replacement', description: '' }),
      }),
    );
    expect(renamed).toMatchObject({ name: 'Network switch replacement', description: null });

    const moved = await data(
      await call(`/admin/planned-maintenance/${created.id}`, {
        method: 'POST',
        ...multipartBody({
          _method: 'PATCH',
          end_datetime: new Date(Date.parse(created.start_datetime) + 8 * HOUR_MS).toISOString(),
        }),
      }),
    );
    expect(Date.parse(moved.end_datetime) - Date.parse(moved.start_datetime)).toBe(8 * HOUR_MS);

    const deleted = await call(`/admin/planned-maintenance/${created.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({
      name: 'Network switch replacement',
      status: 'successfully deleted',
    });
    const gone = await call(`/admin/planned-maintenance/${created.id}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({
      message: `No query results for model [App\\Models\\PlannedMaintenance] ${created.id}`,
    });
  });

  it('answers 422 for missing fields, bad dates and an end not after the start', async () => {
    expect(await errors(await create({}))).toEqual({
      name: ['The name field is required.'],
      start_datetime: ['The start datetime field is required.'],
      end_datetime: ['The end datetime field is required.'],
    });
    expect(
      Object.keys(await errors(await create({ ...window('Bad', 5), start_datetime: 'tomorrow' }))),
    ).toEqual(['start_datetime']);
    expect(await errors(await create({ ...window('Backwards', 5), end_datetime: hoursFromNow(4) }))).toEqual({
      end_datetime: ['The end datetime field must be a date after start datetime.'],
    });
    const created = await data(await create(window('One sided', 30)), 201);
    const response = await call(`/admin/planned-maintenance/${created.id}`, {
      method: 'PATCH',
      ...jsonBody({ start_datetime: hoursFromNow(40) }),
    });
    expect(await errors(response)).toEqual({
      end_datetime: ['The end datetime field must be a date after start datetime.'],
    });
    expect((await data(await call(`/admin/planned-maintenance/${created.id}`))).start_datetime).toBe(
      created.start_datetime,
    );
    await call(`/admin/planned-maintenance/${created.id}`, { method: 'DELETE' });
  });

  it('refuses everyone but administrators (403), also with every ability, and strangers (401)', async () => {
    const existing = (await data<PlannedMaintenance[]>(await call('/admin/planned-maintenance')))[0];
    const attempts: Array<[string, RequestInit]> = [
      ['/admin/planned-maintenance', {}],
      [`/admin/planned-maintenance/${existing.id}`, {}],
      ['/admin/planned-maintenance', { method: 'POST', ...jsonBody(window('Sneaky', 3)) }],
      [`/admin/planned-maintenance/${existing.id}`, { method: 'PATCH', ...jsonBody({ name: 'Mine' }) }],
      [`/admin/planned-maintenance/${existing.id}`, { method: 'DELETE' }],
      [`/admin/planned-maintenance/${existing.id}/maintenance-mode`, { method: 'POST' }],
    ];
    for (const [path, init] of attempts) {
      expect((await call(path, { ...init, token: alice })).status, path).toBe(403);
      expect((await call(path, { ...init, token: carol }, 'globex')).status, path).toBe(403);
      expect((await server.request('acme', path, init)).status, path).toBe(401);
    }
    expect((await data(await call(`/admin/planned-maintenance/${existing.id}`))).name).toBe(existing.name);
  });
});

describe('planned maintenance: the banner', () => {
  it('announces to every signed-in user the windows starting within a day or under way', async () => {
    const soon = await data(await create(window('Soon', 3)), 201);
    const running = await data(await create(window('Running', -1, 3)), 201);
    const later = await data(await create(window('Later', 30)), 201);
    const over = await data(await create(window('Over', -5, 2)), 201);
    try {
      for (const [token, subdomain] of [
        [alice, 'acme'],
        [carol, 'globex'],
      ] as const) {
        const upcoming = await data<UpcomingMaintenance[]>(
          await server.request(subdomain, '/planned-maintenance/upcoming', { token }),
        );
        expect(upcoming.map((item) => item.name)).toEqual(['Running', 'Soon']);
        expect(upcoming[1]).toEqual({
          id: soon.id,
          name: 'Soon',
          description: 'Soon description',
          start_datetime: soon.start_datetime,
          end_datetime: soon.end_datetime,
        });
      }
      expect((await server.request('acme', '/planned-maintenance/upcoming')).status).toBe(401);
    } finally {
      for (const item of [soon, running, later, over]) {
        await call(`/admin/planned-maintenance/${item.id}`, { method: 'DELETE' });
      }
    }
  });
});

describe('planned maintenance: switching maintenance mode on for a window', () => {
  it('answers 503 with back_on at the window end until an admin switches it off', async () => {
    const planned = await data(await create(window('Emergency patch', 0.5, 1)), 201);
    const activated = await call(`/admin/planned-maintenance/${planned.id}/maintenance-mode`, {
      method: 'POST',
    });
    expect(await data(activated)).toEqual({
      enabled: true,
      status: 'Emergency patch description',
      back_on: planned.end_datetime,
    });
    const blocked = await server.request('acme', '/projects?count=1', { token: alice });
    expect(blocked.status).toBe(503);
    expect(await blocked.json()).toMatchObject({
      status: 'Emergency patch description',
      back_on: planned.end_datetime,
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    const off = await call('/admin/maintenance-mode', { method: 'PATCH', ...jsonBody({ enabled: false }) });
    expect(off.status).toBe(200);
    expect((await server.request('acme', '/projects?count=1', { token: alice })).status).toBe(200);
    expect(
      (await call('/admin/planned-maintenance/999999/maintenance-mode', { method: 'POST' })).status,
    ).toBe(404);
    await call(`/admin/planned-maintenance/${planned.id}`, { method: 'DELETE' });
  });
});
