/**
 * Libraries (spec 2 §3, §4, §6, §7, §8): the list (tree browser, global search) with `filter[parent_id]`
 * (`null`, `root` or `0` for the top level), `filter[status]` and `count=1` for the dashboard tile; every item
 * carries its labels, direct `sub_libraries`, the live items at any depth (`indirect_items_count`), its
 * breadcrumb chain (`meta_data.breadcrumbs`, root first) and `is_deletable` (neither it nor a library below it is
 * connected to a model). Create and update (name, description, labels, parent, preview image; `archived`
 * archives or activates) need update-libraries (spec 2 §6 has no create-libraries); delete moves the library
 * and everything below it to the recycling bin, refused while connected to a model; restore, and the bulk
 * `POST /libraries/update` (archive, activate, delete).
 */
import { LIBRARY_ABILITIES } from '../../shared/entities/library-values';
import { Type } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import {
  LIBRARY_STATUSES,
  LibraryInputSchema,
  LibrarySchema,
  type LibraryInput,
} from '../../shared/entities/libraries';
import type { DB } from '../db/database';
import { liveRowCount } from '../db/live-row-counts';
import type { LibrariesTable, LibraryStatus } from '../db/schema';
import { LIBRARY_STATUS_COLORS } from '../db/status-colors';
import type { CrudContext, Submitted } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { HttpError, ValidationError } from '../errors/http-errors';
import { enumFilter, parentFilter } from '../http/listing';
import { Flag, iso, toBoolean } from '../http/schema-types';
import { acceptUpload, type AcceptedUpload, storeUpload } from '../http/multipart-files';
import { IMAGE_RULES } from '../uploads/image-uploads';
import { allValid, companyRecordIds, invalidSelection, notEmptied } from '../http/field-checks';
import { fileUrl } from '../http/stored-files';
import { libraryCover } from '../domain/cover-images';
import {
  breadcrumbChains,
  connectedToModel,
  indirectItemCounts,
  libraryTreeIds,
  restoreLibraryTree,
  trashLibraryTree,
} from '../domain/library-tree';
import { STORAGE_FOLDERS } from '../storage/storage-folders';
import { inTransaction } from '../db/in-transaction';

/** A library as its endpoints read it: the table's row and its cover (server/domain/cover-images.ts). */
type LibraryRow = Selectable<LibrariesTable> & { cover_image: string | null };
type LibraryBody = Submitted<LibraryInput> & { archived?: boolean | number | string | null };

const PREVIEW_FOLDER = STORAGE_FOLDERS.libraryPreviews;

export const STILL_CONNECTED = 'The library is still connected to a model.';

/** The parent must be a live library of the company and, for an existing library, not in its own tree. */
async function checkedParent(
  db: DB,
  companyId: number,
  parentId: number | null | undefined,
  id: number | null,
) {
  if (parentId === null || parentId === undefined) return parentId;
  const parent = await db
    .selectFrom('libraries')
    .select('id')
    .where('id', '=', parentId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const inOwnTree = id !== null && (await libraryTreeIds(db, companyId, id)).includes(parentId);
  if (!parent || inOwnTree) throw new ValidationError({ parent_id: [invalidSelection('parent_id')] });
  return parentId;
}

interface CheckedLibrary {
  labels: number[] | undefined;
  parentId: number | null | undefined;
  previewImage: AcceptedUpload | null | undefined;
}

/** Every check of a create or update body at once (one 422 listing every invalid field). */
async function checkLibrary(
  ctx: CrudContext,
  body: LibraryBody,
  row: LibraryRow | null,
): Promise<CheckedLibrary> {
  const companyId = ctx.session.company.id;
  const [, labels, parentId, previewImage] = await allValid([
    notEmptied(body, row ? ['name', 'archived'] : ['name']),
    body.labels === undefined
      ? Promise.resolve(undefined)
      : companyRecordIds(ctx.db, 'labels', companyId, body.labels ?? []),
    checkedParent(ctx.db, companyId, body.parent_id, row?.id ?? null),
    'preview_image' in body
      ? acceptUpload(body.preview_image, 'preview_image', IMAGE_RULES.preview)
      : Promise.resolve(undefined),
  ] as const);
  return { labels, parentId, previewImage };
}

async function saveLabels(trx: DB, libraryId: number, labels: number[] | undefined) {
  if (labels === undefined) return;
  await trx.deleteFrom('library_labels').where('library_id', '=', libraryId).execute();
  if (labels.length) {
    await trx
      .insertInto('library_labels')
      .values(labels.map((label_id) => ({ library_id: libraryId, label_id })))
      .execute();
  }
}

/** Archive or activate one library (status and `updated_at`). */
async function setStatus(db: DB, row: LibraryRow, status: LibraryStatus): Promise<void> {
  await db
    .updateTable('libraries')
    .set({ status, updated_at: new Date() })
    .where('id', '=', row.id)
    .execute();
}

/** A library connected to a model (itself or below it) is not deleted (spec 2 §4, §8). */
async function refuseConnected(db: DB, row: LibraryRow): Promise<void> {
  if ((await connectedToModel(db, [row.id])).has(row.id)) throw new HttpError(422, STILL_CONNECTED);
}

const librariesOf = (db: DB, companyId: number) =>
  db
    .selectFrom('libraries')
    .selectAll('libraries')
    .select(libraryCover.as('cover_image'))
    .where('libraries.company_id', '=', companyId);

export default defineEntity({
  collection: 'libraries',
  tag: 'libraries',
  model: 'Library',
  entity: 'library',
  table: 'libraries',
  fileColumns: ['preview_image'],
  softDelete: true,
  abilities: LIBRARY_ABILITIES,
  schemas: {
    input: LibraryInputSchema,
    item: LibrarySchema,
    update: Type.Object({
      ...Type.Partial(LibraryInputSchema).properties,
      archived: Type.Optional(Flag),
    }),
  },
  rows: librariesOf,
  nameOf: (library) => library.name,
  list: ({ db, session }) => ({
    sorts: {
      name: 'libraries.name',
      created_at: 'libraries.created_at',
      updated_at: 'libraries.updated_at',
      status: 'libraries.status',
    },
    defaultSort: '-updated_at',
    search: ['libraries.name'],
    filters: {
      parent_id: parentFilter('libraries.parent_id'),
      status: enumFilter(LIBRARY_STATUSES, (eb, statuses) => eb('libraries.status', 'in', statuses)),
    },
    quickCount: () => liveRowCount(db, session.company.id, 'libraries'),
  }),
  async present({ db, request }, rows, fields) {
    const ids = rows.map((row) => row.id);
    const wants = (field: string) => fields.has(field) && ids.length > 0;
    const [connected, counts, chains, labels, children] = await Promise.all([
      wants('is_deletable') ? connectedToModel(db, ids) : new Set<number>(),
      wants('indirect_items_count') ? indirectItemCounts(db, ids) : new Map<number, number>(),
      wants('meta_data') ? breadcrumbChains(db, ids) : new Map<number, Array<{ id: number; name: string }>>(),
      wants('labels')
        ? db
            .selectFrom('library_labels')
            .innerJoin('labels', 'labels.id', 'library_labels.label_id')
            .select(['library_labels.library_id', 'labels.id', 'labels.name', 'labels.color'])
            .where('library_labels.library_id', 'in', ids)
            .orderBy('labels.name')
            .execute()
        : [],
      wants('sub_libraries')
        ? db
            .selectFrom('libraries')
            .select(['id', 'name', 'status', 'parent_id'])
            .where('parent_id', 'in', ids)
            .where('deleted_at', 'is', null)
            .orderBy('name')
            .orderBy('id')
            .execute()
        : [],
    ]);
    return rows.map((row) => ({
      id: row.id,
      parent_id: row.parent_id,
      name: row.name,
      description: row.description,
      preview_image: fileUrl(request, row.preview_image),
      cover_image: fileUrl(request, row.cover_image),
      status: row.status,
      status_color: LIBRARY_STATUS_COLORS[row.status],
      is_deletable: !connected.has(row.id),
      indirect_items_count: counts.get(row.id) ?? 0,
      labels: labels
        .filter((label) => label.library_id === row.id)
        .map(({ id, name, color }) => ({ id, name, color })),
      sub_libraries: children
        .filter((child) => child.parent_id === row.id)
        .map(({ id, name, status }) => ({ id, name, status })),
      meta_data: { breadcrumbs: chains.get(row.id) ?? [{ id: row.id, name: row.name }] },
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
      deleted_at: iso(row.deleted_at),
    }));
  },
  async create(ctx, input) {
    const body = input as LibraryBody;
    const checked = await checkLibrary(ctx, body, null);
    const { storage } = ctx.request.server.ctx;
    const preview = checked.previewImage
      ? await storeUpload(storage, PREVIEW_FOLDER, checked.previewImage)
      : null;
    const id = await inTransaction(ctx.db, async (trx) => {
      const row = await trx
        .insertInto('libraries')
        .values({
          company_id: ctx.session.company.id,
          parent_id: checked.parentId ?? null,
          name: body.name!,
          description: body.description ?? null,
          preview_image: preview,
          model_id: null,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await saveLabels(trx, row.id, checked.labels);
      return row.id;
    });
    return { id };
  },
  async update(ctx, row, input) {
    const body = input as LibraryBody;
    const checked = await checkLibrary(ctx, body, row);
    const { storage } = ctx.request.server.ctx;
    const preview = checked.previewImage
      ? await storeUpload(storage, PREVIEW_FOLDER, checked.previewImage)
      : null;
    await inTransaction(ctx.db, async (trx) => {
      await trx
        .updateTable('libraries')
        .set({
          ...(body.name ? { name: body.name } : {}),
          ...('description' in body ? { description: body.description ?? null } : {}),
          ...(checked.parentId !== undefined ? { parent_id: checked.parentId } : {}),
          ...(checked.previewImage !== undefined ? { preview_image: preview } : {}),
          ...(body.archived !== undefined && body.archived !== null
            ? { status: toBoolean(body.archived) ? ('ARCHIVED' as const) : ('ACTIVE' as const) }
            : {}),
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
      await saveLabels(trx, row.id, checked.labels);
    });
    if (checked.previewImage !== undefined && row.preview_image && !/^https?:/.test(row.preview_image)) {
      return () => storage.delete(row.preview_image!);
    }
  },
  async remove({ db, session }, row) {
    await refuseConnected(db, row);
    await trashLibraryTree(db, session.company.id, row.id);
  },
  async restore({ db, session }, row) {
    await restoreLibraryTree(db, session.company.id, row.id);
  },
  bulk: {
    actions: {
      archive: { ability: LIBRARY_ABILITIES.update, run: ({ db }, row) => setStatus(db, row, 'ARCHIVED') },
      activate: { ability: LIBRARY_ABILITIES.update, run: ({ db }, row) => setStatus(db, row, 'ACTIVE') },
      delete: 'delete',
    },
  },
  summaries: {
    list: 'Libraries of the tenant (sorts name, created_at, updated_at, status; filters search, parent_id (null for the top level), status)',
    show: 'One library with its labels, sub-libraries, item count and breadcrumb chain',
    create:
      'Creates a library (name, description, labels[], parent_id, preview_image); needs update-libraries',
    update: 'Updates a library; `archived` true archives it, false activates it (also POST + _method=PATCH)',
    delete:
      'Moves a library and every library below it to the recycling bin (restorable for 30 days); 422 while it or one below it is connected to a model',
    bulk: 'Archives, activates or deletes several libraries, each on its own',
  },
});
