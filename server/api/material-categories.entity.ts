/**
 * Material categories (spec 2 §Materials and categories, §3, §4, §7): list (`filter[parent_id]`, `null`/`root`/`0`
 * for the top level; `filter[status]`; search on name; sorts name, created_at, updated_at, status), show,
 * create (optionally under a parent), update (name, description, parent, status: archive/activate), delete into
 * the recycling bin and restore, and the bulk `POST /materials/categories/update` (`categories[n][id]`, action
 * delete, archive or activate). A category in or below which a material is connected to a model is not
 * deletable (`deletable` false; a delete answers 422).
 */
import {
  MATERIAL_CATEGORY_STATUSES,
  type MaterialCategoryStatus,
  MaterialCategoryInputSchema,
  MaterialCategorySchema,
} from '../../shared/entities/material-categories';
import type { CrudContext } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { removeRow } from '../http/crud/writes';
import { HttpError, invalidField } from '../http/errors';
import { iso } from '../http/schema-types';
import { MATERIAL_STATUS_COLORS } from '../db/status-colors';
import { invalidSelection } from './field-checks';
import { fileUrl } from './files';
import { categoryAndDescendants, categoryTreeFacts, companyCategoryIds } from './material-tree';

const ROOT = ['null', 'root', '0'];

/** The bulk failure message of a category still connected to a model (the portal words the banner). */
export const CATEGORY_CONNECTED = 'The category is still connected to a model.';

async function setStatus(ctx: CrudContext, id: number, status: MaterialCategoryStatus) {
  await ctx.db
    .updateTable('material_categories')
    .set({ status, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export default defineEntity({
  collection: 'materials/categories',
  tag: 'material categories',
  model: 'MaterialCategory',
  entity: 'category',
  table: 'material_categories',
  softDelete: true,
  licence: 'hatch',
  abilities: {
    list: 'list-material-categories',
    show: 'list-material-categories',
    create: 'update-material-categories',
    update: 'update-material-categories',
    delete: 'delete-material-categories',
  },
  schemas: { input: MaterialCategoryInputSchema, item: MaterialCategorySchema },
  rows: (db, companyId) =>
    db
      .selectFrom('material_categories')
      .selectAll('material_categories')
      .where('material_categories.company_id', '=', companyId),
  nameOf: (category) => category.name,
  list: () => ({
    sorts: {
      name: 'material_categories.name',
      created_at: 'material_categories.created_at',
      updated_at: 'material_categories.updated_at',
      status: 'material_categories.status',
    },
    defaultSort: '-updated_at',
    search: ['material_categories.name'],
    filters: {
      parent_id: (eb, values) =>
        ROOT.includes(values[0].toLowerCase())
          ? eb('material_categories.parent_id', 'is', null)
          : eb('material_categories.parent_id', 'in', values.map(Number).filter(Number.isInteger)),
      status: (eb, values) => {
        const statuses = values
          .map((value) => value.toUpperCase())
          .filter((value): value is MaterialCategoryStatus =>
            (MATERIAL_CATEGORY_STATUSES as readonly string[]).includes(value),
          );
        // No known status asked for (`filter[status]=null`): nothing matches, rather than an empty `in ()`.
        return statuses.length ? eb('material_categories.status', 'in', statuses) : eb.lit(false);
      },
    },
  }),
  async present(ctx, rows) {
    const facts = await categoryTreeFacts(
      ctx.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const subCategories = facts.subCategories.get(row.id) ?? [];
      return {
        id: row.id,
        parent_id: row.parent_id,
        name: row.name,
        description: row.description,
        preview_image_url: fileUrl(ctx.request, row.preview_image),
        status: row.status,
        status_color: MATERIAL_STATUS_COLORS[row.status],
        indirect_materials_count: facts.indirectMaterials.get(row.id) ?? 0,
        deletable: !facts.connected.has(row.id),
        sub_categories: subCategories,
        meta_data: {
          materials_count: facts.directMaterials.get(row.id) ?? 0,
          sub_categories_count: subCategories.length,
          ancestors: facts.ancestors.get(row.id) ?? [],
        },
        created_at: iso(row.created_at)!,
        updated_at: iso(row.updated_at)!,
        deleted_at: iso(row.deleted_at),
      };
    });
  },
  /** The parent is a live category of the company, and never the category itself or one below it. */
  async check(ctx, input, row) {
    const parentId = input.parent_id;
    if (parentId === undefined || parentId === null) return;
    const found = await companyCategoryIds(ctx.db, ctx.session.company.id, [parentId]);
    if (!found.size) throw invalidField('parent_id', invalidSelection('parent_id'));
    if (row && (await categoryAndDescendants(ctx.db, row.id)).has(parentId)) {
      throw invalidField(
        'parent_id',
        'The category cannot be moved under itself or one of its sub-categories.',
      );
    }
  },
  async remove(ctx, row) {
    const facts = await categoryTreeFacts(ctx.db, [row.id]);
    if (facts.connected.has(row.id)) throw new HttpError(422, CATEGORY_CONNECTED);
    await removeRow(ctx.db, 'material_categories', ctx.session.company.id, row.id);
  },
  bulk: {
    key: 'categories',
    actions: {
      delete: 'delete',
      archive: {
        ability: 'update-material-categories',
        run: (ctx, row) => setStatus(ctx, row.id, 'ARCHIVED'),
      },
      activate: {
        ability: 'update-material-categories',
        run: (ctx, row) => setStatus(ctx, row.id, 'ACTIVE'),
      },
    },
  },
});
