/**
 * Companies as administrators manage them (server/api/admin-companies.entity.ts): the admin-only list with
 * `included_fields[]`, show, create and update (sub_domain a unique DNS label, licences per key never below those
 * in use, colours, logo), and the delete that takes everything linked to the company along, in one transaction,
 * refused for the user's own company.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompanyDetail, Company } from '../../shared/entities/companies';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFileColumns } from '../../server/domain/admin-companies-files';
import { declaredEntities } from '../../server/api/index';
import { companyId, jsonBody, multipartBody, tokenFor } from './api-helpers';
import { fileBlob } from './model-fixtures';
import { declaredKey } from './stored-keys';
import { sendWithHost, startTestServer, TEST_DOMAIN, type TestServer } from './test-server';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: admin, ...init });

async function data<T = CompanyDetail>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

async function errors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status, await response.clone().text()).toBe(422);
  return ((await response.json()) as { errors: Record<string, string[]> }).errors;
}

const create = (body: Record<string, unknown>) =>
  call('/admin/companies', { method: 'POST', ...jsonBody(body) });

const SPEC_FIELDS = ['id', 'name', 'domain', 'sub_domain', 'fqdn', 'database', 'created_at', 'updated_at'];

describe('admin companies: the list', () => {
  it('lists every company with the fields asked for, 5 per page, newest first', async () => {
    const query = [
      ...SPEC_FIELDS.map((field) => `included_fields[]=companies.${field}`),
      'per_page=5',
      'page=1',
    ].join('&');
    const response = await call(`/admin/companies?${query}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: Array<Record<string, unknown>>;
      meta: { per_page: number };
    };
    expect(body.meta.per_page).toBe(5);
    const acme = body.data.find((company) => company.sub_domain === 'acme')!;
    expect(Object.keys(acme).sort()).toEqual([...SPEC_FIELDS].sort());
    expect(acme).toMatchObject({ name: 'Acme Visuals', fqdn: 'acme.portal.test', database: 'tenant_acme' });
    const names = body.data.map((company) => company.name);
    expect(names.indexOf('Initech')).toBeLessThan(names.indexOf('Acme Visuals'));
  });

  it('says which company is the current one and which the admin may delete', async () => {
    const list = await data<Company[]>(await call('/admin/companies?sort=name'));
    const flags = Object.fromEntries(
      list.map((company) => [company.sub_domain, [company.is_current, company.is_deletable]]),
    );
    expect(flags).toMatchObject({ acme: [true, false], globex: [false, true], initech: [false, true] });
    const onGlobex = await data<Company[]>(await call('/admin/companies?sort=name', {}, 'globex'));
    expect(onGlobex.find((company) => company.sub_domain === 'globex')).toMatchObject({
      is_current: true,
      is_deletable: false,
    });
    const search = await data<Company[]>(await call('/admin/companies?filter[search]=GLOB'));
    expect(search.map((company) => company.sub_domain)).toEqual(['globex']);
  });

  it('refuses non-admins (403) on every endpoint, and strangers (401)', async () => {
    const globex = await companyId(server, 'globex');
    const attempts: Array<[string, RequestInit]> = [
      ['/admin/companies', {}],
      [`/admin/companies/${globex}`, {}],
      ['/admin/companies', { method: 'POST', ...jsonBody({ name: 'X', sub_domain: 'x' }) }],
      [`/admin/companies/${globex}`, { method: 'PATCH', ...jsonBody({ name: 'Mine' }) }],
      [`/admin/companies/${globex}`, { method: 'DELETE' }],
    ];
    for (const [path, init] of attempts) {
      expect((await call(path, { ...init, token: alice })).status, path).toBe(403);
      expect((await call(path, { ...init, token: carol }, 'globex')).status, path).toBe(403);
      expect((await server.request('acme', path, init)).status, path).toBe(401);
    }
    expect((await data(await call(`/admin/companies/${globex}`))).name).toBe('Globex Design');
  });
});

describe('admin companies: create and update', () => {
  it('creates a company with licences, colours and a logo, and its host answers', async () => {
    const created = await data(
      await call('/admin/companies', {
        method: 'POST',
        ...multipartBody(
          {
            name: 'Hooli Works',
            sub_domain: 'hooli',
            domain: 'portal.localhost',
            'licenses[design_and_sales]': '4',
            'licenses[hatch]': '2',
            'colors[primary_color]': '#aa3300',
            'colors[primary_accent]': '#ff880080',
            'colors[is_default]': '0',
          },
          { logo: [fileBlob(PNG), 'hooli.png'] },
        ),
      }),
      201,
    );
    expect(created).toMatchObject({
      name: 'Hooli Works',
      sub_domain: 'hooli',
      domain: 'portal.localhost',
      fqdn: 'hooli.portal.localhost',
      database: 'tenant_hooli',
      is_current: false,
      is_deletable: true,
      colors: { primary_color: '#aa3300', primary_accent: '#ff880080', is_default: false },
    });
    expect(created.logo).toMatch(/\/api\/v2\/files\/logos\/.+\.png$/);
    expect(Object.fromEntries(created.licenses.map((licence) => [licence.key, licence.bought]))).toEqual({
      design_and_sales: 4,
      hatch: 2,
      holo_helmet: 0,
      realization: 0,
      standalone: 0,
    });
    const tenant = await server.request(null, '/companies/hooli');
    expect(tenant.status).toBe(200);
    expect(await call(`/admin/companies/${created.id}`).then((response) => data(response))).toEqual(created);

    const updated = await data(
      await call(`/admin/companies/${created.id}`, {
        method: 'PATCH',
        ...jsonBody({ name: 'Hooli Labs', sub_domain: 'hooli-labs', licenses: { hatch: 3 } }),
      }),
    );
    expect(updated).toMatchObject({
      name: 'Hooli Labs',
      sub_domain: 'hooli-labs',
      fqdn: 'hooli-labs.portal.localhost',
      database: 'tenant_hooli',
      logo: created.logo,
    });
    expect(updated.licenses.find((licence) => licence.key === 'hatch')!.bought).toBe(3);
    expect(updated.licenses.find((licence) => licence.key === 'design_and_sales')!.bought).toBe(4);
    await call(`/admin/companies/${created.id}`, { method: 'DELETE' });
  });

  it('answers 422: required fields, a DNS label, unique, no platform prefix, licences, colours, logo type', async () => {
    expect(await errors(await create({}))).toEqual({
      name: ['The name field is required.'],
      sub_domain: ['The sub domain field is required.'],
    });
    for (const bad of ['Upper', 'under_score', '-dash', 'dash-', 'dot.ted', 'a'.repeat(64)]) {
      expect(Object.keys(await errors(await create({ name: 'Bad', sub_domain: bad }))), bad).toEqual([
        'sub_domain',
      ]);
    }
    expect(await errors(await create({ name: 'Copy', sub_domain: 'globex' }))).toEqual({
      sub_domain: ['The sub domain has already been taken.'],
    });
    expect(await errors(await create({ name: 'Prefixed', sub_domain: 'hatch-studio' }))).toEqual({
      sub_domain: ['The sub domain may not start with "hatch-".'],
    });
    expect(
      Object.keys(
        await errors(
          await create({
            name: 'Odd',
            sub_domain: 'odd',
            domain: 'not a domain',
            licenses: { hatch: -1 },
            colors: { primary_color: 'red' },
          }),
        ),
      ).sort(),
    ).toEqual(['colors.primary_color', 'domain', 'licenses.hatch']);
    const logo = await call('/admin/companies', {
      method: 'POST',
      ...multipartBody(
        { name: 'Logo', sub_domain: 'logo' },
        { logo: [new Blob(['not an image']), 'logo.txt'] },
      ),
    });
    expect(Object.keys(await errors(logo))).toEqual(['logo']);
    expect(
      await server.db
        .selectFrom('companies')
        .select('id')
        .where('sub_domain', 'in', ['odd', 'logo'])
        .execute(),
    ).toEqual([]);
  });

  it('never sells fewer licences than members hold', async () => {
    const acme = await companyId(server, 'acme');
    const response = await call(`/admin/companies/${acme}`, {
      method: 'PATCH',
      ...jsonBody({ licenses: { hatch: 0 } }),
    });
    expect((await errors(response))['licenses.hatch'][0]).toMatch(
      /^The hatch licenses may not be fewer than the \d+ in use\.$/,
    );
    const after = await data(await call(`/admin/companies/${acme}`));
    expect(after.licenses.find((licence) => licence.key === 'hatch')!.bought).toBe(5);
  });
});

describe('admin companies: delete', () => {
  it('deletes the company and everything linked to it in one go', async () => {
    const created = await data(
      await create({ name: 'Doomed Ltd', sub_domain: 'doomed', licenses: { hatch: 1 } }),
      201,
    );
    const { db } = server;
    const user = await db
      .insertInto('users')
      .values({
        name: 'Doomed User',
        username: 'doomed-user',
        email: 'user@doomed.test',
        password_hash: 'unused',
        phone_number: null,
        function: null,
        profile_image: null,
        email_verified_at: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('company_user')
      .values({ company_id: created.id, user_id: user.id, role_id: null })
      .execute();
    await db
      .insertInto('labels')
      .values({ company_id: created.id, name: 'Doomed label', color: '#000000' })
      .execute();
    await db
      .insertInto('projects')
      .values({ company_id: created.id, name: 'Doomed project', status: 'active' } as never)
      .execute();

    const response = await call(`/admin/companies/${created.id}`, { method: 'DELETE' });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ name: 'Doomed Ltd', status: 'successfully deleted' });
    expect(await db.selectFrom('companies').select('id').where('id', '=', created.id).execute()).toEqual([]);
    for (const table of [
      'labels',
      'projects',
      'company_licences',
      'company_user',
      'live_row_counts',
    ] as const) {
      const left = await db
        .selectFrom(table)
        .select('company_id')
        .where('company_id', '=', created.id)
        .execute();
      expect(left, table).toEqual([]);
    }
    expect(await db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual([]);
    expect((await call(`/admin/companies/${created.id}`)).status).toBe(404);
    expect((await server.request(null, '/companies/doomed')).status).toBe(404);
  });

  it('removes the stored files of the company and its leaving members, keeping a file another company uses', async () => {
    const created = await data(
      await call('/admin/companies', {
        method: 'POST',
        ...multipartBody({ name: 'Filed Ltd', sub_domain: 'filed' }, { logo: [new Blob([PNG]), 'logo.png'] }),
      }),
      201,
    );
    const { db } = server;
    const { storage, uploads } = server.app.ctx;
    const folder = await mkdtemp(join(tmpdir(), 'company-files-'));
    const store = async (key: string) => {
      const path = join(folder, key.replace(/\//g, '_'));
      await writeFile(path, PNG);
      await storage.putFile(declaredKey(key), path);
      return key;
    };
    const exists = async (key: string) => {
      const file = await storage.read(key);
      file?.stream.destroy();
      return file !== null;
    };
    const shared = await store('previews/shared-with-acme.png');
    const files = {
      project: await store('previews/filed-project.png'),
      model: await store('models/filed-model.fbx'),
      material: await store('materials/previews/filed.png'),
      category: await store('materials/previews/filed-category.png'),
      download: await store('downloads/filed-download'),
      screenshot: await store('issue-reports/filed.png'),
      profile: await store('profile-images/filed-user.png'),
    };
    const companyOf = { company_id: created.id };
    const project = await db
      .insertInto('projects')
      .values({
        ...companyOf,
        name: 'Filed project',
        status: 'active',
        preview_image: files.project,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('projects')
      .values({ ...companyOf, name: 'Filed shared', status: 'active', preview_image: shared } as never)
      .execute();
    await db
      .insertInto('projects')
      .values({
        company_id: await companyId(server, 'acme'),
        name: 'Acme shared',
        status: 'active',
        preview_image: shared,
      } as never)
      .execute();
    await db
      .insertInto('project_models')
      .values({
        ...companyOf,
        project_id: project.id,
        name: 'Filed model',
        status: 'FINISHED',
        file_key: files.model,
      } as never)
      .execute();
    await db
      .insertInto('materials')
      .values({
        ...companyOf,
        name: 'Filed material',
        status: 'ACTIVE',
        preview_image_url: files.material,
      } as never)
      .execute();
    await db
      .insertInto('material_categories')
      .values({
        ...companyOf,
        name: 'Filed category',
        status: 'ACTIVE',
        preview_image: files.category,
      } as never)
      .execute();
    await db
      .insertInto('downloads')
      .values({ ...companyOf, name: 'Filed', extension: 'bin', file_key: files.download, file_size: 1 })
      .execute();
    await db
      .insertInto('issue_reports')
      .values({ ...companyOf, severity: 'low', description: 'x', screenshot: files.screenshot } as never)
      .execute();
    const user = await db
      .insertInto('users')
      .values({
        name: 'Filed User',
        username: 'filed-user',
        email: 'user@filed.test',
        password_hash: 'unused',
        phone_number: null,
        function: null,
        profile_image: files.profile,
        email_verified_at: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('company_user')
      .values({ ...companyOf, user_id: user.id, role_id: null })
      .execute();
    // An unfinished resumable upload on the company's host.
    const host = `filed.${TEST_DOMAIN}:${server.port}`;
    const tus = { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${admin}` };
    const started = await sendWithHost(server.port, host, '/api/v2/uploads', {
      method: 'POST',
      headers: {
        ...tus,
        'Upload-Length': String(PNG.length),
        'Upload-Metadata': `filename ${Buffer.from('a.png').toString('base64')},kind ${Buffer.from('image').toString('base64')}`,
      },
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const location = started.headers.get('location')!;
    const sent = await sendWithHost(server.port, host, location, {
      method: 'PATCH',
      headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(PNG),
    });
    expect(sent.status).toBe(204);
    const uploadId = location.split('/').at(-1)!;
    expect(await uploads.finishedFile(uploadId, PNG.length)).not.toBeNull();
    const logo = decodeURIComponent(created.logo!.split('/api/v2/files/')[1]);
    expect(await exists(logo)).toBe(true);

    const response = await call(`/admin/companies/${created.id}`, { method: 'DELETE' });
    expect(response.status, await response.clone().text()).toBe(200);
    for (const [what, key] of Object.entries({ ...files, logo })) {
      expect(await exists(key), what).toBe(false);
    }
    expect(await uploads.finishedFile(uploadId, PNG.length)).toBeNull();
    expect(await exists(shared)).toBe(true);
    await rm(folder, { recursive: true, force: true });
  });

  it("sweeps a declared entity's file columns, which the sweep does not name", () => {
    const columns = storedFileColumns([
      { table: 'suppliers', fileColumns: ['brochure', 'preview_image'] },
      { table: 'labels' },
    ]);
    expect(columns.get('suppliers')).toEqual(new Set(['brochure', 'preview_image']));
    expect(columns.has('labels')).toBe(false);
  });

  it('knows from the declarations every column of the database that holds a stored file', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns where table_schema = current_schema()
    `.execute(server.db);
    const columns = rows.map((row) => `${row.table_name}.${row.column_name}`);
    const swept = [...storedFileColumns(await declaredEntities())].flatMap(([table, names]) =>
      [...names].map((name) => `${table}.${name}`),
    );
    // Every column named like a stored file is declared, and every declared one is a column.
    const fileLike = /\.(.*image|.*image_url|screenshot|logo|.*file_key|.*model_key|.*texture_key)$/;
    expect(columns.filter((column) => fileLike.test(column) && !swept.includes(column))).toEqual([]);
    expect(swept.filter((column) => !columns.includes(column))).toEqual([]);
    expect(swept.length).toBeGreaterThan(10);
  });

  it("refuses the admin's own company and the company of the host", async () => {
    const acme = await companyId(server, 'acme');
    const own = await call(`/admin/companies/${acme}`, { method: 'DELETE' }, 'globex');
    expect(own.status).toBe(403);
    expect(await own.json()).toEqual({ message: 'You cannot delete your own company.' });
    const globex = await companyId(server, 'globex');
    const current = await call(`/admin/companies/${globex}`, { method: 'DELETE' }, 'globex');
    expect(current.status).toBe(403);
    expect(
      await server.db.selectFrom('companies').select('id').where('id', 'in', [acme, globex]).execute(),
    ).toHaveLength(2);
  });
});
