/**
 * A library with everything below it, for the operations that treat them as one (spec 2 §4, §8): whether it is
 * connected to a model (itself or a library below it: not deletable), how many live items it holds at any
 * depth, its breadcrumb chain from the root, and a delete that moves the whole tree to the recycling bin with one
 * `deleted_at` (a restore brings back exactly the rows deleted with it). A library is never moved under itself.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database';

/** Each of `ids` with itself and every live library below it. */
const subtrees = (ids: number[]) => sql`
  with recursive tree as (
    select id as root_id, id, model_id from libraries where id in (${sql.join(ids)})
    union all
    select tree.root_id, child.id, child.model_id
    from libraries child join tree on child.parent_id = tree.id
    where child.deleted_at is null
  )
`;

/** The libraries of `ids` that are, or have a library below them that is, connected to a model. */
export async function connectedToModel(db: DB, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await sql<{ root_id: number }>`
    ${subtrees(ids)}
    select distinct root_id from tree where model_id is not null
  `.execute(db);
  return new Set(rows.map((row) => row.root_id));
}

/** The live items in each library of `ids` or in a library below it (an item in two of them counts once). */
export async function indirectItemCounts(db: DB, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const { rows } = await sql<{ root_id: number; total: number }>`
    ${subtrees(ids)}
    select tree.root_id, count(distinct items.id)::int as total
    from tree
    join library_item_libraries placed on placed.library_id = tree.id
    join library_items items on items.id = placed.item_id and items.deleted_at is null
    group by tree.root_id
  `.execute(db);
  return new Map(rows.map((row) => [row.root_id, Number(row.total)]));
}

/** The chain from the root down to each library of `ids` (the library last). */
export async function breadcrumbChains(
  db: DB,
  ids: number[],
): Promise<Map<number, Array<{ id: number; name: string }>>> {
  const chains = new Map<number, Array<{ id: number; name: string }>>();
  if (!ids.length) return chains;
  const { rows } = await sql<{ start_id: number; id: number; name: string }>`
    with recursive chain as (
      select id as start_id, id, parent_id, name, 0 as depth from libraries where id in (${sql.join(ids)})
      union all
      select chain.start_id, parent.id, parent.parent_id, parent.name, chain.depth + 1
      from libraries parent join chain on parent.id = chain.parent_id
      where chain.depth < 100
    )
    select start_id, id, name from chain order by start_id, depth desc
  `.execute(db);
  for (const row of rows) {
    const chain = chains.get(row.start_id) ?? [];
    chain.push({ id: row.id, name: row.name });
    chains.set(row.start_id, chain);
  }
  return chains;
}

/** The ids of the library and of every library below it, deleted or not. */
export async function libraryTreeIds(db: DB, companyId: number, rootId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive tree as (
      select id from libraries where id = ${rootId} and company_id = ${companyId}
      union all
      select child.id from libraries child join tree on child.parent_id = tree.id
    )
    select id from tree
  `.execute(db);
  return rows.map((row) => row.id);
}

/** Moves the live libraries of the tree to the recycling bin with one timestamp. */
export async function trashLibraryTree(trx: DB, companyId: number, rootId: number): Promise<void> {
  const ids = await libraryTreeIds(trx, companyId, rootId);
  await trx
    .updateTable('libraries')
    .set({ deleted_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Restores the libraries of the tree that were deleted together with the (deleted) root. */
export async function restoreLibraryTree(trx: DB, companyId: number, rootId: number): Promise<void> {
  const ids = await libraryTreeIds(trx, companyId, rootId);
  await sql`
    update libraries set deleted_at = null
    where company_id = ${companyId} and id in (${sql.join(ids)})
      and deleted_at = (select deleted_at from libraries where id = ${rootId} and company_id = ${companyId})
  `.execute(trx);
}
