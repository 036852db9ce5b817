/**
 * Shared tooling of the tests of a record's review (issue 45: model-comments.test.ts, model-viewpoints.test.ts): a
 * company's live models and first library item, an answer's JSON or 422 errors, a model purged from the recycling bin, and a company of its
 * own with one model, made to be deleted.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { purgeExpiredTrash } from '../../server/domain/trash-purge';
import type { TestServer } from './test-server';

/** The company's live models, oldest first. */
export const liveModels = (server: TestServer, subdomain: string) =>
  server.db
    .selectFrom('project_models')
    .innerJoin('companies', 'companies.id', 'project_models.company_id')
    .select(['project_models.id', 'project_models.name', 'project_models.version'])
    .where('companies.sub_domain', '=', subdomain)
    .where('project_models.deleted_at', 'is', null)
    .orderBy('project_models.id')
    .execute();

/** The company's first live library item. */
export const firstLiveItem = (server: TestServer, companyId: number) =>
  server.db
    .selectFrom('library_items')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();

/** The answer's JSON, once its status is `status` (the body shown when it is not). */
export async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** The field errors of a 422. */
export const errorsOf = async (response: Response) =>
  (await json<{ errors: Record<string, string[]> }>(response, 422)).errors;

/** Deletes the model long enough ago for the recycling bin's purge, and purges. */
export async function purgeModel(server: TestServer, id: number): Promise<void> {
  await server.db
    .updateTable('project_models')
    .set({ deleted_at: new Date(Date.now() - 400 * 24 * 60 * 60 * 1000) })
    .where('id', '=', id)
    .execute();
  await purgeExpiredTrash(server.db, server.app.ctx.entities);
}

/** A company of its own (`subdomain`) with one model, to be deleted. */
export async function doomedCompany(
  server: TestServer,
  subdomain: string,
): Promise<{ company: number; model: number }> {
  const { rows } = await sql<{ id: number }>`
    insert into companies (name, sub_domain, domain, fqdn, database, colors_is_default, country)
    values (${`${subdomain} Ltd`}, ${subdomain}, ${`${subdomain}.portal.test`}, ${`${subdomain}.portal.test`},
      ${`tenant_${subdomain}`}, true, 'Netherlands')
    returning id
  `.execute(server.db);
  const company = rows[0].id;
  const model = await sql<{ id: number }>`
    insert into project_models (company_id, name) values (${company}, 'Doomed') returning id
  `.execute(server.db);
  return { company, model: model.rows[0].id };
}
