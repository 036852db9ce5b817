/**
 * The import from a spreadsheet (issue 46): `POST /{collection}/import-rows/preview` and `/import-rows` with `rows`, declared by
 * an entity's `import` (server/http/crud/import.ts). A row's errors are the ones the entity's form gets for the same
 * values (the schema's and the checks'); the preview writes nothing; the import writes every row or none; a row
 * with a key changes that record of the company only; the abilities are the create's and the update's; an import
 * is one activity entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../shared/import';
import { companyId, jsonBody, memberWithAbilities, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let acme: number;

beforeAll(async () => {
  server = await startTestServer();
  alice = await tokenFor(server, 'alice');
  acme = await companyId(server, 'acme');
});
afterAll(() => server?.close());

const post = (path: string, body: unknown, token = alice, host = 'acme') =>
  server.request(host, path, { method: 'POST', token, ...jsonBody(body) });

async function preview(path: string, rows: unknown[], token = alice): Promise<ImportPreview> {
  const response = await post(`${path}/import-rows/preview`, { rows }, token);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: ImportPreview }).data;
}

const propertyMapNames = async () =>
  (
    await server.db
      .selectFrom('property_maps')
      .select('name')
      .where('company_id', '=', acme)
      .orderBy('name')
      .execute()
  ).map((row) => row.name);

describe("an import's row errors", () => {
  it("are the form's 422 for the same values: the schema's and the checks'", async () => {
    const taken = (await server.db
      .selectFrom('users')
      .innerJoin('company_user', 'company_user.user_id', 'users.id')
      .select(['users.email', 'users.username'])
      .where('company_user.company_id', '=', acme)
      .executeTakeFirstOrThrow())!;
    const rows = [
      { name: 'Import One', username: 'import.one', email: 'import.one@example.test' },
      { name: 'Bad email', username: 'bad.email', email: 'not-an-email' },
      { name: 'Taken', username: taken.username, email: taken.email },
      { username: 'no.name', email: 'no.name@example.test' },
      {
        name: 'Long',
        username: 'bad name with spaces',
        email: 'long@example.test',
        function: 'x'.repeat(300),
      },
      { name: 'Unknown role', username: 'unknown.role', email: 'unknown.role@example.test', role_id: 999999 },
    ];
    const answer = await preview(
      '/users',
      rows.map((values) => ({ values })),
    );
    expect(answer.create).toBe(1);
    expect(answer.update).toBe(0);
    expect(answer.failed.map((failure) => failure.row)).toEqual([1, 2, 3, 4, 5]);
    // Each failing row's errors equal what the create form answers for its values.
    for (const failure of answer.failed) {
      const form = await post('/users', rows[failure.row]);
      expect(form.status).toBe(422);
      const { errors } = (await form.json()) as { errors: Record<string, string[]> };
      expect(failure.errors, JSON.stringify(rows[failure.row])).toEqual(errors);
    }
    // The preview wrote nothing.
    const written = await server.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'import.one')
      .executeTakeFirst();
    expect(written).toBeUndefined();
  });

  it("are in the request's language, as the form's are", async () => {
    const response = await server.request('acme', '/property-maps/import-rows/preview', {
      method: 'POST',
      token: alice,
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'nl' },
      body: JSON.stringify({ rows: [{ values: {} }, { key: 999999, values: { name: 'Ghost' } }] }),
    });
    expect(((await response.json()) as { data: ImportPreview }).data.failed).toEqual([
      { row: 0, errors: { name: ['Het veld naam is verplicht.'] } },
      { row: 1, errors: { key: ['De gekozen sleutel is ongeldig.'] } },
    ]);
  });

  it('see the rows before them: the second of two rows of one name is taken', async () => {
    const answer = await preview('/property-maps', [
      { values: { name: 'Twice imported' } },
      { values: { name: 'Twice imported' } },
    ]);
    expect(answer).toEqual({
      create: 1,
      update: 0,
      failed: [{ row: 1, errors: { name: ['The name has already been taken.'] } }],
    });
  });
});

describe('an import', () => {
  it('writes every row in one go: new rows created, keyed rows changed, and answers the counts', async () => {
    const before = await propertyMapNames();
    const existing = await server.db
      .selectFrom('property_maps')
      .select(['id', 'name'])
      .where('company_id', '=', acme)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const rows = [
      { values: { name: 'Imported map A' } },
      { values: { name: 'Imported map B' } },
      { key: existing.id, values: { name: `${existing.name} (renamed)` } },
    ];
    expect(await preview('/property-maps', rows)).toEqual({ create: 2, update: 1, failed: [] });
    const response = await post('/property-maps/import-rows', { rows });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ data: { created: 2, updated: 1 } });
    expect(await propertyMapNames()).toEqual(
      [
        ...before.filter((name) => name !== existing.name),
        'Imported map A',
        'Imported map B',
        `${existing.name} (renamed)`,
      ].sort((a, b) => (a < b ? -1 : 1)),
    );

    // One entry in the importer's activity.
    const activity = await server.request('acme', '/my-account/activity', { token: alice });
    const entries = ((await activity.json()) as { data: Array<{ message: string }> }).data;
    expect(entries[0].message).toBe('Imported property maps: 2 created, 1 updated');
  });

  it('writes nothing when a row fails, and answers 422 keyed by row and field', async () => {
    const before = await propertyMapNames();
    const response = await post('/property-maps/import-rows', {
      rows: [{ values: { name: 'Never written' } }, { values: { name: '' } }, { values: {} }],
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'The name field is required. (and 1 more error)',
      errors: {
        'rows.1.name': ['The name field is required.'],
        'rows.2.name': ['The name field is required.'],
      },
    });
    expect(await propertyMapNames()).toEqual(before);
  });

  it("refuses a key of another company's record as an unknown one, and changes nothing there", async () => {
    const globex = await companyId(server, 'globex');
    const otherMap = await server.db
      .insertInto('property_maps')
      .values({ company_id: globex, name: 'Globex map' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answer = await preview('/property-maps', [{ key: otherMap.id, values: { name: 'Hijacked' } }]);
    expect(answer.failed).toEqual([{ row: 0, errors: { key: ['The selected key is invalid.'] } }]);
    const response = await post('/property-maps/import-rows', {
      rows: [{ key: otherMap.id, values: { name: 'Hijacked' } }],
    });
    expect(response.status).toBe(422);
    const row = await server.db
      .selectFrom('property_maps')
      .select('name')
      .where('id', '=', otherMap.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Globex map');
  });

  it("updates library items' metadata by key and creates none: a row without a key is refused", async () => {
    const item = await server.db
      .selectFrom('library_items')
      .select(['id', 'name'])
      .where('company_id', '=', acme)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const renamed = await post('/libraries/items/import-rows', {
      rows: [{ key: item.id, values: { description: 'Imported description' } }],
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const row = await server.db
      .selectFrom('library_items')
      .select('description')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row.description).toBe('Imported description');

    const created = await post('/libraries/items/import-rows/preview', {
      rows: [{ values: { name: 'New item' } }],
    });
    expect(created.status).toBe(422);
    expect(await created.json()).toMatchObject({ errors: { key: ['Every row needs the key of a record.'] } });
  });

  it('matches materials by name', async () => {
    const material = await server.db
      .selectFrom('materials')
      .select(['name'])
      .where('company_id', '=', acme)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const response = await post('/materials/import-rows', {
      rows: [
        { key: material.name, values: { description: 'From a spreadsheet' } },
        { values: { name: 'Imported material' } },
      ],
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ data: { created: 1, updated: 1 } });
  });
});

describe("an import's abilities", () => {
  it('needs the create ability for new rows and the update ability for keyed ones', async () => {
    const updater = await memberWithAbilities(server, ['list-property-maps', 'update-property-maps']);
    const creator = await memberWithAbilities(server, ['list-property-maps', 'create-property-maps']);
    const viewer = await memberWithAbilities(server, ['list-property-maps']);
    const map = await server.db
      .selectFrom('property_maps')
      .select('id')
      .where('company_id', '=', acme)
      .executeTakeFirstOrThrow();
    const newRow = { values: { name: 'By ability' } };
    const keyedRow = { key: map.id, values: {} };
    expect((await post('/property-maps/import-rows/preview', { rows: [newRow] }, viewer)).status).toBe(403);
    expect((await post('/property-maps/import-rows/preview', { rows: [newRow] }, updater)).status).toBe(403);
    expect((await post('/property-maps/import-rows/preview', { rows: [keyedRow] }, updater)).status).toBe(
      200,
    );
    expect((await post('/property-maps/import-rows/preview', { rows: [keyedRow] }, creator)).status).toBe(
      403,
    );
    expect((await post('/property-maps/import-rows/preview', { rows: [newRow] }, creator)).status).toBe(200);
  });

  it('refuses a request without rows, or with more than the limit, as a whole', async () => {
    const none = await post('/property-maps/import-rows/preview', { rows: [] });
    expect(none.status).toBe(422);
    expect(await none.json()).toMatchObject({
      errors: { rows: ['The rows field must have at least 1 items.'] },
    });
    const many = await post('/property-maps/import-rows/preview', {
      rows: Array.from({ length: 1001 }, (_, index) => ({ values: { name: `Map ${index}` } })),
    });
    expect(many.status).toBe(422);
  });

  it('flags a row that is no row at all on its own, beside the good ones', async () => {
    const answer = await preview('/property-maps', [
      null,
      'a name',
      { values: { name: 'Beside the odd rows' } },
    ]);
    expect(answer.create).toBe(1);
    expect(answer.failed.map((failure) => failure.row)).toEqual([0, 1]);
  });
});
