/**
 * A record's field history (issue 46; server/db/record-changes.ts): every update of a declared entity's record,
 * by its form, a bulk edit or an import, keeps who changed which fields from what to what, as the record's answer
 * shows them (a role by its title, labels by their names); `GET /{collection}/{id}/history` lists them newest first
 * for whoever may edit the record, in its company only. An update that changes nothing leaves no entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, memberWithAbilities, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await tokenFor(server, 'alice');
});
afterAll(() => server?.close());

interface HistoryEntry {
  id: number;
  datetime: string;
  user: { id: number; name: string } | null;
  changes: Array<{ field: string; from: unknown; to: unknown }>;
}

const call = (path: string, init: RequestInit & { token?: string } = {}, host = 'acme') =>
  server.request(host, path, { token: alice, ...init });

async function history(path: string, token = alice): Promise<HistoryEntry[]> {
  const response = await call(`${path}/history`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: HistoryEntry[] }).data;
}

async function created(path: string, body: Record<string, unknown>): Promise<{ id: number }> {
  const response = await call(path, { method: 'POST', ...jsonBody(body) });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data;
}

const patch = async (path: string, body: Record<string, unknown>) => {
  const response = await call(path, { method: 'PATCH', ...jsonBody(body) });
  expect(response.status, await response.clone().text()).toBe(200);
};

describe("a record's history", () => {
  it('keeps each update by the form with who made it and each changed field from and to, newest first', async () => {
    const label = await created('/labels', { name: 'History red', color: '#ff0000' });
    expect(await history(`/labels/${label.id}`)).toEqual([]);
    await patch(`/labels/${label.id}`, { name: 'History blue', color: '#0000ff' });
    await patch(`/labels/${label.id}`, { color: '#00ff00' });
    // Nothing changed: no entry.
    await patch(`/labels/${label.id}`, { color: '#00ff00' });

    const entries = await history(`/labels/${label.id}`);
    expect(entries.map((entry) => entry.changes)).toEqual([
      [{ field: 'color', from: '#0000ff', to: '#00ff00' }],
      [
        { field: 'name', from: 'History red', to: 'History blue' },
        { field: 'color', from: '#ff0000', to: '#0000ff' },
      ],
    ]);
    expect(entries[0].user?.name).toBe('Alice Anders');
    expect(Date.parse(entries[0].datetime)).toBeGreaterThanOrEqual(Date.parse(entries[1].datetime));
  });

  it('names what a field refers to: a bulk edit of a role shows the titles', async () => {
    const roles = (await (await call('/roles?per_page=50')).json()) as {
      data: Array<{ id: number; title: string }>;
    };
    const manager = roles.data.find((role) => role.title === 'Manager')!;
    const viewer = roles.data.find((role) => role.title === 'Viewer')!;
    const user = await created('/users', {
      name: 'History Person',
      username: 'history.person',
      email: 'history.person@example.test',
      role_id: viewer.id,
    });
    const response = await call('/users/update', {
      method: 'POST',
      ...jsonBody({ action: 'edit', users: [{ id: user.id }], values: { role_id: manager.id } }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const [entry] = await history(`/users/${user.id}`);
    expect(entry.changes).toContainEqual({ field: 'role', from: 'Viewer', to: 'Manager' });
  });

  it("keeps an import's changes too", async () => {
    const map = await created('/property-maps', { name: 'History map' });
    const response = await call('/property-maps/import-rows', {
      method: 'POST',
      ...jsonBody({ rows: [{ key: map.id, values: { name: 'History map, imported' } }] }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await history(`/property-maps/${map.id}`))[0].changes).toEqual([
      { field: 'name', from: 'History map', to: 'History map, imported' },
    ]);
  });

  it("is read by whoever may edit the record, in the record's company only", async () => {
    const label = await created('/labels', { name: 'History private', color: '#123456' });
    await patch(`/labels/${label.id}`, { color: '#654321' });
    const viewer = await memberWithAbilities(server, ['list-labels']);
    expect((await call(`/labels/${label.id}/history`, { token: viewer })).status).toBe(403);
    const carol = await tokenFor(server, 'carol');
    expect((await call(`/labels/${label.id}/history`, { token: carol }, 'globex')).status).toBe(404);
  });
});
