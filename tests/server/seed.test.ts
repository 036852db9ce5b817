/** The demo fixture: created on first start, deterministic, idempotent, recreated by a reset, never in production. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { migrateToLatest } from '../../server/db/migrate';
import { purgeExpiredTrash } from '../../server/domain/trash-purge';
import { dropEverything, seedAreas, seedDemoData } from '../../server/seed/index';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** What the fixture promises (shared/demo-fixture.md), read straight from the database. */
async function fixture() {
  const { db } = server;
  const companyOf = async (subDomain: string) =>
    (
      await db
        .selectFrom('companies')
        .select('id')
        .where('sub_domain', '=', subDomain)
        .executeTakeFirstOrThrow()
    ).id;
  const acme = await companyOf('acme');
  const globex = await companyOf('globex');
  const notifications = await db
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .select(['users.username', 'notifications.title', 'notifications.read_at'])
    .orderBy('notifications.id')
    .execute();
  const projects = await db
    .selectFrom('projects')
    .select(['name', 'status', 'company_id', 'parent_id', 'deleted_at'])
    .orderBy('id')
    .execute();
  const models = await db
    .selectFrom('project_models')
    .select(['name', 'status', 'company_id'])
    .orderBy('id')
    .execute();
  const favourites = await db
    .selectFrom('project_favorites')
    .innerJoin('projects', 'projects.id', 'project_favorites.project_id')
    .innerJoin('users', 'users.id', 'project_favorites.user_id')
    .select(['users.username', 'projects.name'])
    .orderBy('projects.name')
    .execute();
  const libraries = await db
    .selectFrom('libraries')
    .select(['id', 'name', 'parent_id', 'company_id'])
    .orderBy('id')
    .execute();
  const labels = await db.selectFrom('labels').select(['name', 'company_id']).orderBy('id').execute();
  const changelog = await db
    .selectFrom('changelog_items')
    .select(['type', 'description', 'date_on_development', 'date_on_production'])
    .orderBy('id')
    .execute();
  const events = await db.selectFrom('model_geometry_events').select('message').execute();
  const liveAcme = projects.filter(
    (project) => project.company_id === acme && !project.deleted_at && project.parent_id === null,
  );
  return {
    alice: notifications.filter((row) => row.username === 'alice'),
    bob: notifications.filter((row) => row.username === 'bob'),
    titles: notifications.map((row) => `${row.username}: ${row.title}`),
    liveAcme,
    projectNames: projects.map((project) => project.name),
    globexProjects: projects
      .filter((project) => project.company_id === globex)
      .map((project) => project.name),
    trashed: projects.filter((project) => project.deleted_at).map((project) => project.name),
    acmeModels: models.filter((model) => model.company_id === acme),
    favourites,
    libraries,
    acmeLabels: labels.filter((label) => label.company_id === acme).map((label) => label.name),
    changelog,
    events: events.length,
  };
}

describe('the demo fixture', () => {
  it('holds every row the fixture document promises', async () => {
    const data = await fixture();
    expect(data.alice.length).toBeGreaterThanOrEqual(15);
    expect(data.alice.filter((row) => row.read_at === null).length).toBeGreaterThanOrEqual(5);
    expect(data.bob).toHaveLength(5);
    expect(data.liveAcme.length).toBeGreaterThanOrEqual(32);
    expect(new Set(data.liveAcme.map((project) => project.status))).toEqual(new Set(['active', 'inactive']));
    expect(data.liveAcme.map((project) => project.name)).toContain('Harbour Tower');
    expect(data.favourites.filter((row) => row.username === 'alice')).toHaveLength(3);
    expect(data.acmeModels.length).toBeGreaterThanOrEqual(12);
    expect(new Set(data.acmeModels.map((model) => model.status))).toEqual(
      new Set(['FINISHED', 'PROCESSING', 'QUEUED', 'UPLOADING', 'FAILED']),
    );
    expect(data.events).toBeGreaterThan(data.acmeModels.length);
    expect(data.acmeLabels).toHaveLength(6);
    expect(data.globexProjects).toHaveLength(4);
    expect(data.globexProjects.every((name) => name.startsWith('Globex'))).toBe(true);
    const byId = new Map(data.libraries.map((library) => [library.id, library]));
    const officeChairs = data.libraries.find((library) => library.name === 'Office Chairs')!;
    const chain = [officeChairs.name];
    for (let parent = officeChairs.parent_id; parent !== null; parent = byId.get(parent)!.parent_id)
      chain.unshift(byId.get(parent)!.name);
    expect(chain).toEqual(['Furniture', 'Chairs', 'Office Chairs']);
    expect(new Set(data.changelog.map((item) => item.type))).toEqual(new Set(['added', 'fixed', 'updated']));
    expect(data.changelog.some((item) => item.date_on_production !== null)).toBe(true);
    expect(
      data.changelog.some((item) => item.date_on_development !== null && item.date_on_production === null),
    ).toBe(true);
    expect(data.changelog.some((item) => item.date_on_development === null)).toBe(true);
  });

  it('has trashed projects within the retention, and none past it (purged on start)', async () => {
    expect((await fixture()).trashed).toEqual([
      'Temporary Pop-up Store',
      'Old Harbour Study',
      'Cancelled Parking Garage',
    ]);
  });

  it('seeds the admin part: 3 FAQ categories with questions, 5 issue severities, ratings 1 to 5', async () => {
    const categories = await server.db
      .selectFrom('faq_categories')
      .leftJoin('faq_questions', 'faq_questions.category_id', 'faq_categories.id')
      .select(['faq_categories.name', (eb) => eb.fn.count<number>('faq_questions.id').as('questions')])
      .groupBy('faq_categories.name')
      .execute();
    expect(categories.length).toBeGreaterThanOrEqual(3);
    expect(categories.every((category) => Number(category.questions) > 0)).toBe(true);
    const severities = await server.db.selectFrom('issue_reports').select('severity').distinct().execute();
    expect(severities.map((row) => row.severity).sort()).toEqual([
      'high',
      'highest',
      'low',
      'lowest',
      'medium',
    ]);
    const ratings = await server.db.selectFrom('feedback_reports').select('rating').distinct().execute();
    expect(ratings.map((row) => row.rating).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('seeds nothing twice', async () => {
    const before = await fixture();
    expect(await seedDemoData(server.db)).toEqual([]);
    expect(await fixture()).toEqual(before);
  });

  it('recreates the same fixture after a reset (npm run db:reset)', async () => {
    const before = await fixture();
    await dropEverything(server.db);
    await migrateToLatest(server.db);
    expect(await seedDemoData(server.db)).toEqual((await seedAreas()).map((area) => area.name));
    await purgeExpiredTrash(server.db, server.app.ctx.entities);
    const after = await fixture();
    expect(after.titles).toEqual(before.titles);
    expect(after.projectNames).toEqual(before.projectNames);
    expect(after.acmeModels).toEqual(before.acmeModels);
    expect(after.acmeLabels).toEqual(before.acmeLabels);
    expect(after.changelog.map((item) => item.description)).toEqual(
      before.changelog.map((item) => item.description),
    );
  });
});

describe('seeding by environment', () => {
  it('seeds by default, never in production unless SEED=1 asks for it', () => {
    expect(loadConfig({}).seed).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED: '1' }).seed).toBe(true);
    expect(loadConfig({ SEED: '0' }).seed).toBe(false);
  });
});
