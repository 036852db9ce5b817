/**
 * Cover images (issue 42): the picture a project, library or material category shows on its row and card. Its own
 * uploaded `preview_image` when it has one; otherwise the newest picture among the live records in it, the nearest
 * level first: its own models' renders (items', materials' previews), then those of its live sub-projects
 * (sub-libraries, sub-categories) at any depth; null when none has one. A trashed record, or anything below a
 * trashed container, never lends its picture, nor does another company's record.
 *
 * Each is one correlated scalar subquery for the entity's `rows` (the list's and the single answer's own
 * statement, no query per row); `coalesce` asks it only of a row without its own preview. It answers a stored
 * key or an absolute URL, which `fileUrl` turns into the address a client loads.
 */
import { type RawBuilder, sql } from 'kysely';

/** Deeper than any tree a user builds; keeps a corrupt cycle from walking forever. */
const MAX_DEPTH = 32;

type Container = 'projects' | 'libraries' | 'material_categories';

/** The container of the outer row (`depth` 0) and its live descendants, as the CTE `tree (id, depth)`. */
const liveTree = (table: Container) => sql`with recursive tree (id, depth) as (
    select ${sql.ref(`${table}.id`)}, 0
    union all
    select child.id, tree.depth + 1
    from ${sql.table(table)} child join tree on child.parent_id = tree.id
    where child.deleted_at is null and tree.depth < ${sql.lit(MAX_DEPTH)}
  )`;

/** The outer row's own preview, else the nearest, newest picture the `pictures` query finds in its tree. */
const coverOf = (table: Container, pictures: RawBuilder<unknown>) =>
  sql<string | null>`coalesce(${sql.ref(`${table}.preview_image`)}, (${liveTree(table)} ${pictures}))`;

/** A project's cover: its own preview, else the newest render among its (and its sub-projects') live models. */
export const projectCover = coverOf(
  'projects',
  sql`select model.preview_image_url from tree
    join project_models model on model.project_id = tree.id
    where model.company_id = projects.company_id and model.deleted_at is null
      and model.preview_image_url is not null
    order by tree.depth, model.updated_at desc, model.id desc
    limit 1`,
);

/** A library's cover: its own preview, else the newest render among the live items in it (or below it). */
export const libraryCover = coverOf(
  'libraries',
  sql`select item.preview_image_url from tree
    join library_item_libraries placed on placed.library_id = tree.id
    join library_items item on item.id = placed.item_id
    where item.company_id = libraries.company_id and item.deleted_at is null
      and item.preview_image_url is not null
    order by tree.depth, item.updated_at desc, item.id desc
    limit 1`,
);

/** A category's cover: its own preview, else the newest preview among the live materials in it (or below it). */
export const categoryCover = coverOf(
  'material_categories',
  sql`select material.preview_image_url from tree
    join material_category placed on placed.category_id = tree.id
    join materials material on material.id = placed.material_id
    where material.company_id = material_categories.company_id and material.deleted_at is null
      and material.preview_image_url is not null
    order by tree.depth, material.updated_at desc, material.id desc
    limit 1`,
);
