/**
 * Undo of one's own delete (issue 46; server/auth/undo-tokens.ts): a delete to the recycling bin, of one record or
 * in bulk, answers an `undo_token`; with it in `X-Undo-Token` the user who deleted the records restores them even
 * without restore-deleted-entities, and nothing else: not another record, not as another user, not once it has
 * expired or been tampered with. A delete for good answers no token.
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { undoAllows, undoToken, UNDO_WINDOW_MS } from '../../server/auth/undo-tokens';
import { jsonBody, newMember } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const call = (path: string, token: string, init: RequestInit = {}) =>
  server.request('acme', path, { token, ...init });

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

describe('undoing a delete without the restore ability', () => {
  it("restores one's own deleted project with its token, and refuses without it or for another user", async () => {
    const deleter = await newMember(server, ['view-projects', 'create-projects', 'delete-projects']);
    const other = await newMember(server, ['view-projects', 'create-projects', 'delete-projects']);
    const project = await ok<{ data: { id: number } }>(
      await call('/projects', deleter.token, { method: 'POST', ...jsonBody({ name: 'Undo me' }) }),
      201,
    );
    const second = await ok<{ data: { id: number } }>(
      await call('/projects', deleter.token, { method: 'POST', ...jsonBody({ name: 'Undo me too' }) }),
      201,
    );
    const deleted = await ok<{ undo_token?: string }>(
      await call(`/projects/${project.data.id}`, deleter.token, { method: 'DELETE' }),
    );
    await ok(await call(`/projects/${second.data.id}`, deleter.token, { method: 'DELETE' }));
    const token = deleted.undo_token!;
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);

    const restore = (id: number, as: string, undo?: string) =>
      call(`/projects/${id}/restore`, as, { headers: undo ? { 'X-Undo-Token': undo } : {} });
    expect((await restore(project.data.id, deleter.token)).status).toBe(403);
    expect((await restore(project.data.id, other.token, token)).status).toBe(403);
    // The token names its own record only.
    expect((await restore(second.data.id, deleter.token, token)).status).toBe(403);
    expect((await restore(project.data.id, deleter.token, `${token.slice(0, -2)}xx`)).status).toBe(403);
    const restored = await ok<{ data: { id: number; name: string } }>(
      await restore(project.data.id, deleter.token, token),
    );
    expect(restored.data.name).toBe('Undo me');
  });

  it("restores a bulk delete's materials (keyed by name) with the bulk answer's token", async () => {
    const deleter = await newMember(server, ['list-materials', 'update-materials', 'delete-materials']);
    for (const name of ['Undo oak', 'Undo ash'])
      await ok(await call('/materials', deleter.token, { method: 'POST', ...jsonBody({ name }) }), 201);
    const answer = await ok<{ success: unknown[]; undo_token?: string }>(
      await call('/materials/update', deleter.token, {
        method: 'POST',
        ...jsonBody({ action: 'delete', materials: [{ name: 'Undo oak' }, { name: 'Undo ash' }] }),
      }),
    );
    expect(answer.success).toHaveLength(2);
    for (const name of ['Undo oak', 'Undo ash']) {
      const response = await call(`/materials/${encodeURIComponent(name)}/restore`, deleter.token, {
        headers: { 'X-Undo-Token': answer.undo_token! },
      });
      expect(response.status, await response.clone().text()).toBe(200);
    }
  });

  it('answers no token for a delete that is for good', async () => {
    const deleter = await newMember(server, ['list-labels', 'create-labels', 'delete-labels']);
    const label = await ok<{ data: { id: number } }>(
      await call('/labels', deleter.token, {
        method: 'POST',
        ...jsonBody({ name: 'Gone for good', color: '#ff0000' }),
      }),
      201,
    );
    const answer = await ok<Record<string, unknown>>(
      await call(`/labels/${label.data.id}`, deleter.token, { method: 'DELETE' }),
    );
    expect(answer).not.toHaveProperty('undo_token');
  });
});

describe('an undo token', () => {
  const grant = { companyId: 1, userId: 2, collection: 'projects', keys: [5, 6] };
  const wanted = { companyId: 1, userId: 2, collection: 'projects', key: '5' };

  it('allows its records to its user in its company and collection until it expires', () => {
    const now = Date.now();
    const token = undoToken('secret', grant, now);
    expect(undoAllows('secret', token, wanted, now)).toBe(true);
    expect(undoAllows('secret', token, { ...wanted, key: '7' }, now)).toBe(false);
    expect(undoAllows('secret', token, { ...wanted, userId: 3 }, now)).toBe(false);
    expect(undoAllows('secret', token, { ...wanted, companyId: 9 }, now)).toBe(false);
    expect(undoAllows('secret', token, { ...wanted, collection: 'labels' }, now)).toBe(false);
    expect(undoAllows('other secret', token, wanted, now)).toBe(false);
    expect(undoAllows('secret', token, wanted, now + UNDO_WINDOW_MS + 1)).toBe(false);
    expect(undoAllows('secret', undefined, wanted, now)).toBe(false);
    expect(undoAllows('secret', 'not.a.token', wanted, now)).toBe(false);
  });
});
