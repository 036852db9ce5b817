/**
 * Share links (issue 46; server/api/share-links.ts, server/api/shared.ts): made, listed and revoked by users who
 * may share models; the public page's calls answer the model and the company's name and logo only, on the
 * company's host only, count each opening, and refuse revoked, expired and removed links with their reason; a
 * password is asked for and throttled like a sign-in; the token opens nothing else of the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, memberWithAbilities, multipartBody, tokenFor } from './api-helpers';
import { FBX_ASCII, fileBlob } from './model-fixtures';
import { startTestServer, type TestServer } from './test-server';
import type { SharedModel } from '../../shared/entities/share-links';
import { CUBE_STATISTICS } from '../fixtures/cube-statistics';

let server: TestServer;
let alice: string;
let bob: string;
let carol: string;
let finishedModel: { id: number; name: string };

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((name) => tokenFor(server, name)));
  finishedModel = await server.db
    .selectFrom('project_models')
    .innerJoin('companies', 'companies.id', 'project_models.company_id')
    .select(['project_models.id', 'project_models.name'])
    .where('companies.sub_domain', '=', 'acme')
    .where('project_models.status', '=', 'FINISHED')
    .where('project_models.deleted_at', 'is', null)
    .orderBy('project_models.id')
    .executeTakeFirstOrThrow();
});
afterAll(() => server?.close());

interface Link {
  id: number;
  token: string;
  url: string;
  record_id: number;
  record_name: string;
  created_by: string | null;
  has_password: boolean;
  allow_download: boolean;
  views: number;
  last_opened_at: string | null;
  expires_at: string | null;
  version: number | null;
}

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain: string | null = 'acme') =>
  server.request(subdomain, path, { token: alice, ...init });

async function share(model: number, body: Record<string, unknown> = {}, token = alice): Promise<Link> {
  const response = await call(`/projects/models/${model}/share-links`, {
    method: 'POST',
    token,
    ...jsonBody(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { data: Link }).data;
}

/** A new model of the cube, uploaded by alice (this server does not process it). */
async function uploadModel(name: string, fileName: string): Promise<{ id: number }> {
  const upload = await call('/projects/models', {
    method: 'POST',
    ...multipartBody({ name }, { file: [fileBlob(FBX_ASCII), fileName] }),
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  return ((await upload.json()) as { data: { id: number } }).data;
}

/** The public page's call, with no session: only the host and, where given, the password. */
const open = (token: string, password?: string, subdomain: string | null = 'acme', suffix = '') =>
  server.request(subdomain, `/shared/${token}${suffix}`, {
    headers: password === undefined ? {} : { 'X-Share-Password': encodeURIComponent(password) },
  });

async function refusal(response: Response, status: number): Promise<unknown> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { reason?: string }).reason;
}

const listed = async (query: string) => {
  const response = await call(`/share-links?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: Link[] }).data;
};

describe('making and listing share links', () => {
  it('makes a link to a model, listed with its address, its maker and no opening yet', async () => {
    const link = await share(finishedModel.id, { allow_download: true });
    expect(link).toMatchObject({
      record_id: finishedModel.id,
      record_name: finishedModel.name,
      created_by: 'Alice Anders',
      has_password: false,
      allow_download: true,
      views: 0,
      last_opened_at: null,
      expires_at: null,
    });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.url).toMatch(new RegExp(`^http://acme\\.[^/]+/shared/${link.token}$`));
    expect((await listed(`filter[model]=${finishedModel.id}`)).map((item) => item.id)).toContain(link.id);
  });

  it('refuses an expiry in the past, a short password, and a model of another company or deleted', async () => {
    const past = await call(`/projects/models/${finishedModel.id}/share-links`, {
      method: 'POST',
      ...jsonBody({ expires_at: new Date(Date.now() - 60_000).toISOString() }),
    });
    expect(await past.json()).toMatchObject({ errors: { expires_at: [expect.any(String)] } });
    const short = await call(`/projects/models/${finishedModel.id}/share-links`, {
      method: 'POST',
      ...jsonBody({ password: 'abc' }),
    });
    expect(short.status).toBe(422);
    const globexModel = await server.db
      .selectFrom('project_models')
      .innerJoin('companies', 'companies.id', 'project_models.company_id')
      .select('project_models.id')
      .where('companies.sub_domain', '=', 'globex')
      .executeTakeFirstOrThrow();
    const other = await call(`/projects/models/${globexModel.id}/share-links`, {
      method: 'POST',
      ...jsonBody({}),
    });
    expect(other.status).toBe(404);
  });

  it('is for users who may share models: a Viewer neither makes nor lists links, nor revokes one', async () => {
    const link = await share(finishedModel.id);
    const made = await call(`/projects/models/${finishedModel.id}/share-links`, {
      method: 'POST',
      token: bob,
      ...jsonBody({}),
    });
    expect(made.status).toBe(403);
    expect((await call('/share-links', { token: bob })).status).toBe(403);
    expect((await call(`/share-links/${link.id}`, { method: 'DELETE', token: bob })).status).toBe(403);
    const sharer = await memberWithAbilities(server, ['list-project-models', 'share-project-models']);
    expect((await share(finishedModel.id, {}, sharer)).record_id).toBe(finishedModel.id);
    // Another company's user, on their own host, does not reach acme's link.
    expect((await call(`/share-links/${link.id}`, { method: 'DELETE', token: carol }, 'globex')).status).toBe(
      404,
    );
  });
});

describe("a link's public page", () => {
  it('answers the model and the company name and logo only, without a session, and counts each opening', async () => {
    const link = await share(finishedModel.id);
    const response = await open(link.token);
    expect(response.status, await response.clone().text()).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(Object.keys(data).sort()).toEqual(
      [
        'allow_download',
        // The USDZ beside the glb: the customer places the model in their room (issue 45).
        'ar_model_url',
        // The version a pinned link shows.
        'version',
        // What is shared, and a material's map (null here).
        'kind',
        'viewer_texture_url',
        'company',
        'description',
        'expires_at',
        'name',
        'preview_image_url',
        'statistics',
        'viewer_model_url',
      ].sort(),
    );
    expect(data).toMatchObject({
      name: finishedModel.name,
      company: { name: 'Acme Visuals' },
      allow_download: false,
    });
    expect(Object.keys(data.company as object).sort()).toEqual(['logo', 'name']);
    await open(link.token);
    const [after] = await listed(`filter[model]=${finishedModel.id}&sort=-created_at`);
    expect(after).toMatchObject({ id: link.id, views: 2, last_opened_at: expect.any(String) });
  });

  it("is the company's own: another company's host, the public host or an unknown token answer 404", async () => {
    const link = await share(finishedModel.id);
    expect((await open(link.token, undefined, 'globex')).status).toBe(404);
    expect((await open(link.token, undefined, null)).status).toBe(404);
    expect((await open('no-such-token')).status).toBe(404);
  });

  it('opens nothing else: the token is no bearer token of any other call', async () => {
    const link = await share(finishedModel.id, { password: 'open sesame' });
    const document = (await (await fetch(`http://127.0.0.1:${server.port}/api/v2/docs/json`)).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const guarded = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security?.length)
        // A POST beside a PATCH, PUT or DELETE is that method spoofed (`_method`), answered 405 without it.
        .filter(
          ([method]) => method !== 'post' || !['patch', 'put', 'delete'].some((other) => other in operations),
        )
        .map(([method]) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{[^}]+\}/g, '1'),
        })),
    );
    expect(guarded.length).toBeGreaterThan(50);
    for (const { method, path } of guarded) {
      const response = await server.request('acme', path.replace(/^\/api\/v2/, ''), {
        method,
        token: link.token,
        headers: { 'X-Share-Password': 'open sesame' },
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('asks for its password, refuses a wrong one, and throttles guessing like a sign-in', async () => {
    const link = await share(finishedModel.id, { password: 'open sesame' });
    expect(link.has_password).toBe(true);
    expect(await refusal(await open(link.token), 401)).toBe('password');
    expect(await refusal(await open(link.token, 'wrong'), 401)).toBe('password');
    expect((await open(link.token, 'open sesame')).status).toBe(200);
    // A password beyond Latin-1 travels percent-encoded, as the page sends it.
    const euro = await share(finishedModel.id, { password: 'sleutel €5 – ü' });
    expect((await open(euro.token, 'sleutel €5 – ü')).status).toBe(200);
    expect(await refusal(await open(euro.token, 'sleutel €5'), 401)).toBe('password');
    let status = 401;
    for (let attempt = 0; attempt < 30 && status !== 429; attempt++)
      status = (await open(link.token, `guess ${attempt}`)).status;
    expect(status).toBe(429);
    // Locked for now, even with the right password.
    expect((await open(link.token, 'open sesame')).status).toBe(429);
  });

  it('says a revoked link was revoked, and an expired one expired; a revoked link leaves the lists', async () => {
    const revoked = await share(finishedModel.id);
    expect((await call(`/share-links/${revoked.id}`, { method: 'DELETE' })).status).toBe(200);
    // The maker's activity says what was done, in the reader's language.
    for (const [language, shared, withdrawn] of [
      ['en', `Shared model ${finishedModel.name} by link`, `Revoked the share link to ${finishedModel.name}`],
      [
        'nl',
        `Model ${finishedModel.name} gedeeld via een link`,
        `Deellink naar ${finishedModel.name} ingetrokken`,
      ],
    ]) {
      const answer = await call('/my-account/activity?per_page=5', {
        headers: { 'Accept-Language': language },
      });
      const messages = ((await answer.json()) as { data: Array<{ message: string }> }).data.map(
        (entry) => entry.message,
      );
      expect(messages.slice(0, 2)).toEqual([withdrawn, shared]);
    }
    expect(await refusal(await open(revoked.token), 410)).toBe('revoked');
    expect(
      (await listed(`filter[model]=${finishedModel.id}&per_page=100`)).map((item) => item.id),
    ).not.toContain(revoked.id);
    const expiring = await share(finishedModel.id, {
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await open(expiring.token)).status).toBe(200);
    await server.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    expect(await refusal(await open(expiring.token), 410)).toBe('expired');
  });

  it('downloads the original file only where the link allows it, and says a deleted model is gone', async () => {
    const model = await uploadModel('Shared cube', 'cube.fbx');
    const closed = await share(model.id);
    expect((await open(closed.token, undefined, 'acme', '/download')).status).toBe(403);
    const downloadable = await share(model.id, { allow_download: true });
    const file = await open(downloadable.token, undefined, 'acme', '/download');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('cube.fbx');
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(FBX_ASCII))).toBe(true);

    expect((await call(`/projects/models/${model.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await refusal(await open(downloadable.token), 410)).toBe('removed');
  });
});

describe('a link pinned to a version', () => {
  it('keeps showing the version it was made on after a new one is uploaded; one that is not follows the latest', async () => {
    const model = await uploadModel('Pinned cube', 'first.fbx');
    const pinned = await share(model.id, { allow_download: true, pin_version: true });
    const latest = await share(model.id, { allow_download: true });
    expect([pinned.version, latest.version]).toEqual([1, null]);
    expect(
      (await listed(`filter[model]=${model.id}&sort=created_at`)).map((link) => [link.id, link.version]),
    ).toEqual([
      [pinned.id, 1],
      [latest.id, null],
    ]);

    const second = Buffer.from(`${FBX_ASCII}\n; version 2\n`);
    const replaced = await call(`/projects/models/${model.id}`, {
      method: 'POST',
      ...multipartBody({ _method: 'PATCH' }, { file: [fileBlob(second), 'second.fbx'] }),
    });
    expect(replaced.status, await replaced.clone().text()).toBe(200);

    const shown = async (link: Link) =>
      ((await (await open(link.token)).json()) as { data: SharedModel }).data;
    expect((await shown(pinned)).version).toBe(1);
    expect((await shown(latest)).version).toBeNull();
    for (const [link, name, bytes] of [
      [pinned, 'first.fbx', Buffer.from(FBX_ASCII)],
      [latest, 'second.fbx', second],
    ] as const) {
      const file = await open(link.token, undefined, 'acme', '/download');
      expect(file.headers.get('content-disposition'), name).toContain(name);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes), name).toBe(true);
    }
  });

  it("shows the pinned version's viewer file, AR file and figures, not the newer one's", async () => {
    // The seeded model as processing leaves it (this server runs no processing).
    await server.db
      .updateTable('project_models')
      .set({
        viewer_model_key: 'converted/project_models/6f1c1f3e-8d2a-4c55-9a43-2b7e51f0d9a1.glb',
        geometry_statistics: JSON.stringify({ ...CUBE_STATISTICS, usdz_bytes: 4_096 }),
      })
      .where('id', '=', finishedModel.id)
      .execute();
    const before = (
      (await (await call(`/projects/models/${finishedModel.id}`)).json()) as { data: SharedModel }
    ).data;
    expect(before.ar_model_url).toMatch(/\/converted\/project_models\/6f1c1f3e-[\w-]+\.usdz$/);
    const pinned = await share(finishedModel.id, { pin_version: true });
    const replaced = await call(`/projects/models/${finishedModel.id}`, {
      method: 'POST',
      ...multipartBody({ _method: 'PATCH' }, { file: [fileBlob(FBX_ASCII), 'replacement.fbx'] }),
    });
    expect(replaced.status, await replaced.clone().text()).toBe(200);
    const shown = ((await (await open(pinned.token)).json()) as { data: SharedModel }).data;
    expect(shown).toMatchObject({
      viewer_model_url: before.viewer_model_url,
      ar_model_url: before.ar_model_url,
      statistics: before.statistics,
      preview_image_url: before.preview_image_url,
    });
  });
});

describe('share links to library items', () => {
  it('makes a link to an item for users who may share items, which opens its viewer and is listed beside the models', async () => {
    const item = await server.db
      .selectFrom('library_items')
      .innerJoin('companies', 'companies.id', 'library_items.company_id')
      .select(['library_items.id', 'library_items.name', 'library_items.viewer_model_key'])
      .where('companies.sub_domain', '=', 'acme')
      .where('library_items.status', '=', 'FINISHED')
      .where('library_items.deleted_at', 'is', null)
      .orderBy('library_items.id')
      .executeTakeFirstOrThrow();
    const modelsOnly = await memberWithAbilities(server, ['list-library-items', 'share-project-models']);
    const refused = await call(`/libraries/items/${item.id}/share-links`, {
      method: 'POST',
      token: modelsOnly,
      ...jsonBody({}),
    });
    expect(refused.status).toBe(403);

    const made = await call(`/libraries/items/${item.id}/share-links`, { method: 'POST', ...jsonBody({}) });
    expect(made.status, await made.clone().text()).toBe(201);
    const link = ((await made.json()) as { data: Link & { record_type: string } }).data;
    expect(link).toMatchObject({ record_type: 'item', record_id: item.id, record_name: item.name });
    expect((await listed(`filter[item]=${item.id}`)).map((row) => row.id)).toEqual([link.id]);
    // A model's filter does not name an item of the same id.
    expect((await listed(`filter[model]=${item.id}`)).map((row) => row.id)).not.toContain(link.id);
    expect((await listed(`filter[search]=${encodeURIComponent(item.name)}`)).map((row) => row.id)).toContain(
      link.id,
    );

    const page = await open(link.token);
    expect(page.status, await page.clone().text()).toBe(200);
    const shown = ((await page.json()) as { data: { name: string; viewer_model_url: string | null } }).data;
    expect(shown.name).toBe(item.name);
    // The item's viewer file, where its processing made one.
    if (item.viewer_model_key) expect(shown.viewer_model_url).toMatch(/^http/);
    else expect(shown.viewer_model_url).toBeNull();
  });
});

describe('share links to materials', () => {
  it('makes a link to a material by its name for users who may share materials, which shows its map on a sphere', async () => {
    const material = await server.db
      .selectFrom('materials')
      .innerJoin('companies', 'companies.id', 'materials.company_id')
      .select(['materials.id', 'materials.name'])
      .where('companies.sub_domain', '=', 'acme')
      .where('materials.deleted_at', 'is', null)
      .orderBy('materials.id')
      .executeTakeFirstOrThrow();
    // The map the viewer's sphere shows, as a material with one has it.
    const texture = 'materials/textures/0b6e8b0e-94a1-4d55-8c5e-3f0f2d9a7c11.png';
    await server.db
      .updateTable('materials')
      .set({ viewer_texture_key: texture })
      .where('id', '=', material.id)
      .execute();
    const path = `/materials/${encodeURIComponent(material.name)}/share-links`;
    const itemsOnly = await memberWithAbilities(server, ['list-materials', 'share-library-items']);
    expect((await call(path, { method: 'POST', token: itemsOnly, ...jsonBody({}) })).status).toBe(403);
    const sharer = await memberWithAbilities(server, ['list-materials', 'share-materials']);
    expect(
      (
        await call('/materials/No%20such%20material/share-links', {
          method: 'POST',
          token: sharer,
          ...jsonBody({}),
        })
      ).status,
    ).toBe(404);

    // A material has no file to download and no versions: neither is asked of its link.
    const made = await call(path, {
      method: 'POST',
      token: sharer,
      ...jsonBody({ allow_download: true, pin_version: true }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const link = ((await made.json()) as { data: Link & { record_type: string } }).data;
    expect(link).toMatchObject({
      record_type: 'material',
      record_id: material.id,
      record_name: material.name,
      allow_download: false,
      version: null,
    });
    expect((await listed(`filter[material]=${material.id}`)).map((row) => row.id)).toEqual([link.id]);
    expect((await listed(`filter[model]=${material.id}`)).map((row) => row.id)).not.toContain(link.id);

    const shown = ((await (await open(link.token)).json()) as { data: SharedModel }).data;
    expect(shown).toMatchObject({
      kind: 'material',
      name: material.name,
      viewer_texture_url: expect.stringMatching(new RegExp(`/api/v2/files/${texture}$`)),
      viewer_model_url: null,
      ar_model_url: null,
      statistics: null,
      allow_download: false,
      version: null,
    });
    expect((await open(link.token, undefined, 'acme', '/download')).status).toBe(403);
  });
});
