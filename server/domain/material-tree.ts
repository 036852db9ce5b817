/**
 * What the material endpoints ask of the company's category tree: each category's live sub-categories, the
 * materials in it and below it (and whether one of them is connected to a model, which makes it not deletable),
 * its path from the top, and which categories lie below one (a parent may not move under its own descendant).
 */
import { sql } from 'kysely';
import type { DB } from '../db/database';

export interface CategoryTreeFacts {
  subCategories: Map<number, Array<{ id: number; name: string }>>;
  directMaterials: Map<number, number>;
  indirectMaterials: Map<number, number>;
  connected: Set<number>;
  ancestors: Map<number, Array<{ id: number; name: string }>>;
}

const emptyFacts = (): CategoryTreeFacts => ({
  subCategories: new Map(),
  directMaterials: new Map(),
  indirectMaterials: new Map(),
  connected: new Set(),
  ancestors: new Map(),
});

/** The facts of the categories `ids` (all of one company) that a category record carries. */
export async function categoryTreeFacts(db: DB, ids: number[]): Promise<CategoryTreeFacts> {
  const facts = emptyFacts();
  if (!ids.length) return facts;
  const idList = sql.join(ids);
  const children = await db
    .selectFrom('material_categories')
    .select(['id', 'name', 'parent_id'])
    .where('parent_id', 'in', ids)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
  for (const child of children) {
    const list = facts.subCategories.get(child.parent_id!) ?? [];
    list.push({ id: child.id, name: child.name });
    facts.subCategories.set(child.parent_id!, list);
  }
  const direct = await sql<{ category_id: number; total: number }>`
    select mc.category_id, count(*)::int as total
    from material_category mc join materials m on m.id = mc.material_id and m.deleted_at is null
    where mc.category_id in (${idList})
    group by mc.category_id
  `.execute(db);
  for (const row of direct.rows) facts.directMaterials.set(row.category_id, row.total);
  const below = await sql<{ root_id: number; total: number; connected: boolean }>`
    with recursive tree as (
      select id as root_id, id from material_categories where id in (${idList})
      union all
      select tree.root_id, child.id
      from material_categories child join tree on child.parent_id = tree.id
      where child.deleted_at is null
    )
    select tree.root_id, count(distinct m.id)::int as total, coalesce(bool_or(m.model_id is not null), false) as connected
    from tree
    left join material_category mc on mc.category_id = tree.id
    left join materials m on m.id = mc.material_id and m.deleted_at is null
    group by tree.root_id
  `.execute(db);
  for (const row of below.rows) {
    facts.indirectMaterials.set(row.root_id, row.total);
    if (row.connected) facts.connected.add(row.root_id);
  }
  const up = await sql<{ root_id: number; id: number; name: string; depth: number }>`
    with recursive path as (
      select c.id as root_id, p.id, p.name, p.parent_id, 1 as depth
      from material_categories c join material_categories p on p.id = c.parent_id
      where c.id in (${idList})
      union all
      select path.root_id, p.id, p.name, p.parent_id, path.depth + 1
      from material_categories p join path on p.id = path.parent_id
      where path.depth < 64
    )
    select root_id, id, name, depth from path order by root_id, depth desc
  `.execute(db);
  for (const row of up.rows) {
    const list = facts.ancestors.get(row.root_id) ?? [];
    list.push({ id: row.id, name: row.name });
    facts.ancestors.set(row.root_id, list);
  }
  return facts;
}

/** The category and every live category below it. */
export async function categoryAndDescendants(db: DB, id: number): Promise<Set<number>> {
  const { rows } = await sql<{ id: number }>`
    with recursive tree as (
      select id from material_categories where id = ${id}
      union all
      select child.id from material_categories child join tree on child.parent_id = tree.id
      where child.deleted_at is null
    )
    select id from tree
  `.execute(db);
  return new Set(rows.map((row) => row.id));
}

/** Which of `ids` are live categories of the company. */
export async function companyCategoryIds(db: DB, companyId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('material_categories')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}
