/**
 * A project with everything below it (sub-projects at any depth, and their models), for the operations that treat
 * them as one: a delete moves the whole tree to the recycling bin with one `deleted_at`, a restore brings back
 * exactly the rows deleted with the project (a sub-project deleted on its own earlier stays in the bin), and a
 * project may not be moved under itself or one of its descendants.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database';

/** The ids of the project and of every project below it, deleted or not. */
const tree = (companyId: number, rootId: number) => sql`
  with recursive tree as (
    select id from projects where id = ${rootId} and company_id = ${companyId}
    union all
    select child.id from projects child join tree on child.parent_id = tree.id
  )
  select id from tree
`;

export async function projectTreeIds(db: DB, companyId: number, rootId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`${tree(companyId, rootId)}`.execute(db);
  return rows.map((row) => row.id);
}

/** Soft-deletes the live rows of the tree with one timestamp; answers the ids of the models it deleted. */
export async function trashProjectTree(trx: DB, companyId: number, rootId: number): Promise<number[]> {
  const deletedAt = new Date();
  const models = await sql<{ id: number }>`
    update project_models set deleted_at = ${deletedAt}
    where project_id in (${tree(companyId, rootId)}) and company_id = ${companyId} and deleted_at is null
    returning id
  `.execute(trx);
  await sql`
    update projects set deleted_at = ${deletedAt}
    where id in (${tree(companyId, rootId)}) and company_id = ${companyId} and deleted_at is null
  `.execute(trx);
  return models.rows.map((row) => row.id);
}

/**
 * Restores the rows of the tree that were deleted together with the (deleted) root, i.e. at the root's very
 * `deleted_at`; answers the ids of the models it restored.
 */
export async function restoreProjectTree(trx: DB, companyId: number, rootId: number): Promise<number[]> {
  const deletedWithRoot = sql`(select deleted_at from projects where id = ${rootId} and company_id = ${companyId})`;
  const models = await sql<{ id: number }>`
    update project_models set deleted_at = null
    where project_id in (${tree(companyId, rootId)}) and company_id = ${companyId}
      and deleted_at = ${deletedWithRoot}
    returning id
  `.execute(trx);
  await sql`
    update projects set deleted_at = null
    where id in (${tree(companyId, rootId)}) and company_id = ${companyId} and deleted_at = ${deletedWithRoot}
  `.execute(trx);
  return models.rows.map((row) => row.id);
}
