/**
 * Materials (spec 2 §Materials and categories, §3, §4, §7), keyed by name (`idField: 'name'`, URL-encoded in
 * paths): list (`filter[category]`, `filter[search]`, `filter[status]`, `filter[parent_name]` (the variants of
 * a base); sorts name, created_at, updated_at,
 * status), show, create (optionally in categories, or as a variant of a base material: `parent_name`, which takes
 * the base's preview and categories unless it is given its own), update
 * (renaming keeps the variants' `parent_name` pointing at it; `archived` archives or unarchives), delete into the
 * recycling bin and restore (by name), the bulk `POST /materials/update` (`materials[n][name]`, action delete or
 * move with `categories[n][id]` and `remove_from_current_categories`), and beside them duplicate and the import
 * of an uploaded archive (`POST /materials/import`, processed by the worker; `GET /materials/import/{id}` tells
 * its progress). A material connected to a model is not deletable.
 */
import { MATERIAL_ABILITIES, MATERIAL_IMPORT } from '../../shared/entities/material-values';
import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import {
  MaterialImportInputSchema,
  MaterialImportSchema,
  MaterialInputSchema,
  MaterialSchema,
  MATERIAL_ARCHIVE_UPLOAD,
  MATERIAL_STATUSES,
  type MaterialStatus,
} from '../../shared/entities/materials';
import type { DB } from '../db/database';
import { softDelete } from '../db/retention';
import type { MaterialImportsTable, MaterialsTable } from '../db/schema';
import { MATERIAL_STATUS_COLORS } from '../db/status-colors';
import type { CrudContext, Submitted } from '../http/crud/declaration';
import { contextOf } from '../http/crud/context';
import { defineEntity } from '../http/crud/entity';
import { IdParams, NameParams } from '../http/crud/ids';
import { checkUnique, restoreRow } from '../http/crud/writes';
import {
  HttpError,
  invalidField,
  modelNotFound,
  type FieldErrors,
  ValidationError,
} from '../errors/http-errors';
import { enumFilter } from '../http/listing';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { type Language, requestLanguage } from '../http/language';
import { renderStoredRow } from '../http/messages';
import { DataSchema } from '../http/responses';
import { Flag, iso, MessageSchema, toBoolean } from '../http/schema-types';
import { finishedUpload, forgetUpload } from '../uploads/incoming-uploads';
import { freeMaterialName, materialImportJob } from '../processing/material-import-processing';
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
import { companyCategoryIds } from '../domain/material-tree';
import { STORAGE_FOLDERS, storageKey } from '../storage/storage-folders';
import { inTransaction } from '../db/in-transaction';

/** Where uploaded previews are stored. */
const PREVIEW_FOLDER = STORAGE_FOLDERS.materialPreviews;

/** The bulk failure message of a material still connected to a model (the portal words the banner). */
export const MATERIAL_CONNECTED = 'The material is still connected to a model.';

type MaterialRow = Selectable<MaterialsTable> & { creator_name: string | null };
type Input = Submitted<typeof MaterialInputSchema.static>;

const STATUS_OF = (archived: boolean): MaterialStatus => (archived ? 'ARCHIVED' : 'ACTIVE');

/** The categories of each material. */
async function categoriesOf(db: DB, ids: number[]) {
  const byMaterial = new Map<number, Array<{ id: number; name: string }>>();
  if (!ids.length) return byMaterial;
  const rows = await db
    .selectFrom('material_category')
    .innerJoin('material_categories', 'material_categories.id', 'material_category.category_id')
    .select(['material_category.material_id', 'material_categories.id', 'material_categories.name'])
    .where('material_category.material_id', 'in', ids)
    .where('material_categories.deleted_at', 'is', null)
    .orderBy('material_categories.name')
    .execute();
  for (const row of rows) {
    const list = byMaterial.get(row.material_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byMaterial.set(row.material_id, list);
  }
  return byMaterial;
}

/** Every check of a create or update, reported together in one 422; answers the new preview image, if any. */
async function validate(
  ctx: CrudContext,
  input: Input,
  row: MaterialRow | null,
): Promise<ImageUpload | null> {
  const companyId = ctx.session.company.id;
  const [, , , image] = await allValid([
    notEmptied(input, ['name']),
    checkUnique(ctx.db, 'materials', companyId, ['name'], input, row?.id ?? null, true),
    (async () => {
      const errors: FieldErrors = {};
      const base = input.parent_name;
      if (base !== undefined && base !== null) {
        const found = await ctx.db
          .selectFrom('materials')
          .select('id')
          .where('company_id', '=', companyId)
          .where('name', '=', base)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!found || found.id === row?.id) errors.parent_name = [invalidSelection('parent_name')];
      }
      const ids = input.category_ids ?? [];
      const known = await companyCategoryIds(ctx.db, companyId, ids);
      if (ids.some((id) => !known.has(id))) errors.category_ids = [invalidSelection('category_ids')];
      if (Object.keys(errors).length) throw new ValidationError(errors);
    })(),
    input.preview_upload_id
      ? imageUpload(ctx.request.server.ctx, ctx.session, input.preview_upload_id, 'preview_upload_id')
      : Promise.resolve(null),
  ] as const);
  return image;
}

/** Whether a material (live or in the bin) still shows this stored preview. */
const previewNamed = async (db: DB, key: string) =>
  !!(await db.selectFrom('materials').select('id').where('preview_image_url', '=', key).executeTakeFirst());

async function setCategories(db: DB, materialId: number, categoryIds: number[], replace: boolean) {
  if (replace) await db.deleteFrom('material_category').where('material_id', '=', materialId).execute();
  if (!categoryIds.length) return;
  await db
    .insertInto('material_category')
    .values([...new Set(categoryIds)].map((category_id) => ({ material_id: materialId, category_id })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export const materialEntity = defineEntity({
  collection: 'materials',
  tag: 'materials',
  model: 'Material',
  entity: 'material',
  table: 'materials',
  fileColumns: ['preview_image_url', 'viewer_texture_key'],
  idField: 'name',
  softDelete: true,
  licence: 'hatch',
  abilities: MATERIAL_ABILITIES,
  import: MATERIAL_IMPORT,
  schemas: { input: MaterialInputSchema, item: MaterialSchema },
  rows: (db, companyId) =>
    db
      .selectFrom('materials')
      .leftJoin('users', 'users.id', 'materials.creator_id')
      .selectAll('materials')
      .select('users.name as creator_name')
      .where('materials.company_id', '=', companyId),
  nameOf: (material) => material.name,
  list: () => ({
    sorts: {
      name: 'materials.name',
      created_at: 'materials.created_at',
      updated_at: 'materials.updated_at',
      status: 'materials.status',
    },
    defaultSort: '-created_at',
    search: ['materials.name'],
    filters: {
      category: {
        type: 'integer',
        where: (eb, ids) =>
          eb.exists(
            eb
              .selectFrom('material_category')
              .select('material_category.material_id')
              .whereRef('material_category.material_id', '=', 'materials.id')
              .where('material_category.category_id', 'in', ids),
          ),
      },
      parent_name: { type: 'string', where: (eb, names) => eb('materials.parent_name', 'in', names) },
      status: enumFilter(MATERIAL_STATUSES, (eb, statuses) => eb('materials.status', 'in', statuses)),
    },
  }),
  async present(ctx, rows, fields) {
    const categories = fields.has('categories')
      ? await categoriesOf(
          ctx.db,
          rows.map((row) => row.id),
        )
      : new Map<number, Array<{ id: number; name: string }>>();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      preview_image_url: fileUrl(ctx.request, row.preview_image_url),
      viewer_texture_url: fileUrl(ctx.request, row.viewer_texture_key),
      status: row.status,
      status_color: MATERIAL_STATUS_COLORS[row.status],
      categories: categories.get(row.id) ?? [],
      parent_name: row.parent_name,
      deletable: row.model_id === null,
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
      deleted_at: iso(row.deleted_at),
      active_version_creator_name: row.creator_name,
    }));
  },
  async create(ctx, input) {
    const image = await validate(ctx, input, null);
    const services = ctx.request.server.ctx;
    const companyId = ctx.session.company.id;
    // A variant inherits what it is not given (issue 31): its base's preview (the same stored file, as a
    // duplicate shares it) and its base's categories. A preview removed (null) or categories sent (even none)
    // are the variant's own.
    const base = input.parent_name
      ? await ctx.db
          .selectFrom('materials')
          .select(['id', 'preview_image_url'])
          .where('company_id', '=', companyId)
          .where('name', '=', input.parent_name)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    const preview = image ? await storeImageUpload(services, image, PREVIEW_FOLDER) : null;
    const inheritedPreview = input.preview_upload_id === undefined ? (base?.preview_image_url ?? null) : null;
    const id = await written(services, preview, () =>
      inTransaction(ctx.db, async (trx) => {
        const { id: materialId } = await trx
          .insertInto('materials')
          .values({
            company_id: companyId,
            name: input.name!,
            description: input.description ?? null,
            parent_name: input.parent_name ?? null,
            status: STATUS_OF(input.archived === true),
            preview_image_url: preview ?? inheritedPreview,
            creator_id: ctx.session.user.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const categoryIds =
          input.category_ids ??
          (base
            ? (
                await trx
                  .selectFrom('material_category')
                  .select('category_id')
                  .where('material_id', '=', base.id)
                  .execute()
              ).map((row) => row.category_id)
            : []);
        await setCategories(trx, materialId, categoryIds, false);
        return materialId;
      }),
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
      row.preview_image_url,
      PREVIEW_FOLDER,
    );
    await written(services, preview === row.preview_image_url ? null : preview, () =>
      inTransaction(ctx.db, async (trx) => {
        await trx
          .updateTable('materials')
          .set({
            ...(input.name ? { name: input.name } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.parent_name !== undefined ? { parent_name: input.parent_name } : {}),
            ...(input.archived !== undefined && input.archived !== null
              ? { status: STATUS_OF(input.archived) }
              : {}),
            preview_image_url: preview,
            updated_at: new Date(),
          })
          .where('id', '=', row.id)
          .execute();
        if (input.name && input.name !== row.name) {
          // The variants keep naming their base, in the bin too (a restored variant still finds it).
          await trx
            .updateTable('materials')
            .set({ parent_name: input.name })
            .where('company_id', '=', ctx.session.company.id)
            .where('parent_name', '=', row.name)
            .execute();
        }
        if (input.category_ids !== undefined)
          await setCategories(trx, row.id, input.category_ids ?? [], true);
      }),
    );
    // The replaced preview goes once the update has committed, unless a duplicate still shows it.
    if (preview === row.preview_image_url) return undefined;
    return () => removeUnnamedPreview(services, row.preview_image_url, previewNamed);
  },
  async remove(ctx, row) {
    if (row.model_id !== null) throw new HttpError(422, MATERIAL_CONNECTED);
    await softDelete(ctx.db, 'materials', ctx.session.company.id, row.id);
  },
  async restore(ctx, row) {
    await checkUnique(
      ctx.db,
      'materials',
      ctx.session.company.id,
      ['name'],
      { name: row.name },
      row.id,
      true,
    );
    await restoreRow(ctx.db, 'materials', ctx.session.company.id, row.id);
  },
  bulk: {
    key: 'materials',
    body: {
      categories: Type.Optional(
        Type.Array(Type.Object({ id: Type.Integer({ minimum: 1 }) }), { maxItems: 100 }),
      ),
      remove_from_current_categories: Type.Optional(Flag),
    },
    actions: {
      delete: 'delete',
      move: {
        ability: MATERIAL_ABILITIES.update,
        async run(ctx, row) {
          const body = ctx.request.body as {
            categories?: Array<{ id: number }>;
            remove_from_current_categories?: boolean | number | string;
          };
          const targets = (body.categories ?? []).map((category) => category.id);
          const known = await companyCategoryIds(ctx.db, ctx.session.company.id, targets);
          if (targets.some((id) => !known.has(id)))
            throw new HttpError(422, 'The selected categories are invalid.');
          await setCategories(ctx.db, row.id, targets, toBoolean(body.remove_from_current_categories));
          await ctx.db
            .updateTable('materials')
            .set({ updated_at: new Date() })
            .where('id', '=', row.id)
            .execute();
        },
      },
    },
  },
  summaries: {
    bulk: 'Deletes several materials, or moves them to categories (`categories[n][id]`, `remove_from_current_categories`), each on its own',
  },
});

type ImportRow = Selectable<MaterialImportsTable>;

async function presentImport(db: DB, row: ImportRow, language: Language) {
  const category =
    row.category_id === null
      ? null
      : ((await db
          .selectFrom('material_categories')
          .select(['id', 'name'])
          .where('id', '=', row.category_id)
          .executeTakeFirst()) ?? null);
  return {
    id: row.id,
    file_name: row.file_name,
    status: row.status,
    progress: row.progress,
    message: renderStoredRow(row, language),
    imported: row.imported,
    category,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

/** The standard endpoints from the declaration, and beside them duplicate and import. */
export default async function materialRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, storage, uploads, processor } = app.ctx;

  app.post(
    '/materials/import',
    materialEntity.route(
      MATERIAL_ABILITIES.update,
      'Imports the materials of a finished material-archive upload (.zip or .matz), optionally into a category; the worker processes it',
      {
        consumes: FORM_CONTENT_TYPES,
        body: MaterialImportInputSchema,
        response: { 201: DataSchema(MaterialImportSchema) },
      },
      { activity: { message: 'materialsImported' } },
    ),
    async (request, reply) => {
      const session = (await contextOf(request)).session;
      const companyId = session.company.id;
      const categoryId = request.body.category_id ?? null;
      const [upload] = await allValid([
        finishedUpload(db, uploads, session, request.body.upload_id, 'upload_id', MATERIAL_ARCHIVE_UPLOAD),
        (async () => {
          if (categoryId !== null && !(await companyCategoryIds(db, companyId, [categoryId])).size)
            throw invalidField('category_id', invalidSelection('category_id'));
        })(),
      ] as const);
      const extension = extname(upload.name).toLowerCase() === '.matz' ? 'matz' : 'zip';
      const key = storageKey(STORAGE_FOLDERS.materialImports, `${randomUUID()}.${extension}`);
      try {
        await storage.putFile(key, upload.path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw invalidField('upload_id', 'The selected upload id is invalid.');
        throw error;
      }
      await forgetUpload(db, uploads, upload.id);
      const row = await db
        .insertInto('material_imports')
        .values({
          company_id: companyId,
          user_id: session.user.id,
          category_id: categoryId,
          file_key: key,
          file_name: upload.name,
          file_size: upload.size,
          imported: '[]',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await processor.enqueue(materialImportJob(row));
      return reply.status(201).send({ data: await presentImport(db, row, requestLanguage(request)) });
    },
  );

  app.get(
    '/materials/import/:id',
    materialEntity.route(MATERIAL_ABILITIES.list, 'The progress and result of a material import', {
      params: IdParams,
      response: { 200: DataSchema(MaterialImportSchema), 404: MessageSchema },
    }),
    async (request) => {
      const { session } = await contextOf(request);
      const row = await db
        .selectFrom('material_imports')
        .selectAll()
        .where('id', '=', request.params.id)
        .where('company_id', '=', session.company.id)
        .executeTakeFirst();
      if (!row) throw modelNotFound('MaterialImport', request.params.id);
      return { data: await presentImport(db, row, requestLanguage(request)) };
    },
  );

  await materialEntity.register(app);

  app.post(
    '/materials/:id/duplicate',
    materialEntity.route(
      MATERIAL_ABILITIES.update,
      "Duplicates a material as '{name} (copy)' (or '(copy 2)', …) with its description, base and categories",
      { params: NameParams, response: { 201: DataSchema(MaterialSchema), 404: MessageSchema } },
    ),
    async (request, reply) => {
      const ctx = await contextOf(request);
      const companyId = ctx.session.company.id;
      const source = await materialEntity.find(db, companyId, request.params.id);
      const id = await db.transaction().execute(async (trx) => {
        const name = await freeMaterialName(trx, companyId, `${source.name} (copy)`.slice(0, 255));
        const copy = await trx
          .insertInto('materials')
          .values({
            company_id: companyId,
            name,
            description: source.description,
            parent_name: source.parent_name,
            status: source.status,
            preview_image_url: source.preview_image_url,
            viewer_texture_key: source.viewer_texture_key,
            creator_id: ctx.session.user.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const categories = await trx
          .selectFrom('material_category')
          .select('category_id')
          .where('material_id', '=', source.id)
          .execute();
        await setCategories(
          trx,
          copy.id,
          categories.map((category) => category.category_id),
          false,
        );
        return copy.id;
      });
      const created = await db
        .selectFrom('materials')
        .select('name')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const data = await materialEntity.detailOf(ctx, await materialEntity.find(db, companyId, created.name));
      return reply.status(201).send({ data });
    },
  );
}
