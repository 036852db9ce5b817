/**
 * Material categories (spec 2 §Materials and categories, §3, §4, §7): list (`filter[parent_id]`, `null`/`root`/`0`
 * for the top level; `filter[status]`; search on name; sorts name, created_at, updated_at, status), show,
 * create (optionally under a parent, with a preview image uploaded as `preview_upload_id`), update (name,
 * description, parent, status: archive/activate, preview; null removes it), delete into
 * the recycling bin and restore, and the bulk `POST /materials/categories/update` (`categories[n][id]`, action
 * delete, archive or activate). A category in or below which a material is connected to a model is not
 * deletable (`deletable` false; a delete answers 422).
 */
import { MATERIAL_CATEGORY_ABILITIES } from '../../shared/entities/material-category-values';
import type { Selectable } from 'kysely';
import {
  MATERIAL_CATEGORY_STATUSES,
  type MaterialCategoryInput,
  type MaterialCategoryStatus,
  MaterialCategoryInputSchema,
  MaterialCategorySchema,
} from '../../shared/entities/material-categories';
import type { DB } from '../db/database';
import { softDelete } from '../db/retention';
import type { MaterialCategoriesTable } from '../db/schema';
import type { CrudContext, Submitted } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { inputColumns, insertRow, updateRow } from '../http/crud/writes';
import { HttpError, invalidField } from '../errors/http-errors';
import { enumFilter, parentFilter } from '../http/listing';
import { iso } from '../http/schema-types';
import { MATERIAL_STATUS_COLORS } from '../db/status-colors';
import { allValid, invalidSelection, notEmptied } from '../http/field-checks';
import { fileUrl } from '../http/stored-files';
import {
  type ImageUpload,
  imageUpload,
  removeUnnamedPreview,
  storeImageUpload,
  updatedPreview,
  written,
} from '../uploads/image-uploads';
import { categoryCover } from '../domain/cover-images';
import { categoryAndDescendants, categoryTreeFacts, companyCategoryIds } from '../domain/material-tree';
import { STORAGE_FOLDERS } from '../storage/storage-folders';
import { inTransaction } from '../db/in-transaction';

/** Where uploaded previews are stored. */
const PREVIEW_FOLDER = STORAGE_FOLDERS.materialCategoryPreviews;

/** A category as its endpoints read it: the table's row and its cover (server/domain/cover-images.ts). */
type CategoryRow = Selectable<MaterialCategoriesTable> & { cover_image: string | null };
type Input = Submitted<MaterialCategoryInput>;

/** The columns an input writes (the preview arrives as an upload, not as a column). */
const columnsOf = (input: Input) =>
  inputColumns(MaterialCategoryInputSchema, input).filter(([field]) => field !== 'preview_upload_id');

/**
 * Every check of a create or update in one 422: the name, the parent (a live category of the company, never the
 * category itself or one below it) and the preview upload; answers the new preview image, if any.
 */
async function validate(
  ctx: CrudContext,
  input: Input,
  row: CategoryRow | null,
): Promise<ImageUpload | null> {
  const [, , image] = await allValid([
    notEmptied(input, ['name']),
    (async () => {
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
    })(),
    input.preview_upload_id
      ? imageUpload(ctx.request.server.ctx, ctx.session, input.preview_upload_id, 'preview_upload_id')
      : Promise.resolve(null),
  ] as const);
  return image;
}

/** Whether a category (live or in the bin) still shows this stored preview. */
const previewNamed = async (db: DB, key: string) =>
  !!(await db
    .selectFrom('material_categories')
    .select('id')
    .where('preview_image', '=', key)
    .executeTakeFirst());

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
  activity: 'materialCategory',
  table: 'material_categories',
  fileColumns: ['preview_image'],
  softDelete: true,
  licence: 'hatch',
  abilities: MATERIAL_CATEGORY_ABILITIES,
  schemas: { input: MaterialCategoryInputSchema, item: MaterialCategorySchema },
  rows: (db, companyId) =>
    db
      .selectFrom('material_categories')
      .selectAll('material_categories')
      .select(categoryCover.as('cover_image'))
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
      parent_id: parentFilter('material_categories.parent_id'),
      status: enumFilter(MATERIAL_CATEGORY_STATUSES, (eb, statuses) =>
        eb('material_categories.status', 'in', statuses),
      ),
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
        cover_image_url: fileUrl(ctx.request, row.cover_image),
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
  async create(ctx, input) {
    const image = await validate(ctx, input, null);
    const services = ctx.request.server.ctx;
    const preview = image ? await storeImageUpload(services, image, PREVIEW_FOLDER) : null;
    const id = await written(services, preview, () =>
      inTransaction(ctx.db, (trx) =>
        insertRow(trx, 'material_categories', ctx.session.company.id, [
          ...columnsOf(input),
          ['preview_image', preview],
        ]),
      ),
    );
    return { id };
  },
  async update(ctx, row, input) {
    const image = await validate(ctx, input, row);
    const services = ctx.request.server.ctx;
    const preview = await updatedPreview(
      services,
      image,
      input.preview_upload_id,
      row.preview_image,
      PREVIEW_FOLDER,
    );
    const changed = preview !== row.preview_image;
    await written(services, changed ? preview : null, () =>
      inTransaction(ctx.db, (trx) =>
        updateRow(trx, 'material_categories', row.id, [
          ...columnsOf(input),
          ...(changed ? [['preview_image', preview] as [string, unknown]] : []),
        ]),
      ),
    );
    // The replaced preview goes once the update has committed.
    return changed ? () => removeUnnamedPreview(services, row.preview_image, previewNamed) : undefined;
  },
  async remove(ctx, row) {
    const facts = await categoryTreeFacts(ctx.db, [row.id]);
    if (facts.connected.has(row.id)) throw new HttpError(422, CATEGORY_CONNECTED);
    await softDelete(ctx.db, 'material_categories', ctx.session.company.id, row.id);
  },
  bulk: {
    key: 'categories',
    actions: {
      delete: 'delete',
      archive: {
        ability: MATERIAL_CATEGORY_ABILITIES.update,
        run: (ctx, row) => setStatus(ctx, row.id, 'ARCHIVED'),
      },
      activate: {
        ability: MATERIAL_CATEGORY_ABILITIES.update,
        run: (ctx, row) => setStatus(ctx, row.id, 'ACTIVE'),
      },
    },
  },
});
