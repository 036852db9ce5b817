/**
 * Library items (spec 2 §3, §4, §6, §7, §8): the list (tree browser, processor, global search) with
 * `filter[library]` (a library's id, or `null` for items in none), `filter[status]` and `filter[search]`; one item
 * with its file and geometry events; create (the file as multipart `file` or a finished `library-item-file`
 * upload's `upload_id`; the item starts QUEUED and the processor takes it), update (name, description,
 * libraries; a new file restarts processing; `archived` true archives, false unarchives an archived item), soft
 * delete (refused while connected to a model), restore, reprocess (FINISHED items only) and the bulk
 * `POST /libraries/items/update` (move with `libraries[n][id]` and `remove_from_current_libraries`, archive,
 * activate, delete). Processing changes are published on the company's LibraryItem channel.
 */
import { LIBRARY_ITEM_ABILITIES, LIBRARY_ITEM_IMPORT } from '../../shared/entities/library-item-values';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import {
  type LibraryItemDetail,
  LibraryItemDetailSchema,
  type LibraryItemInput,
  LibraryItemInputSchema,
  LibraryItemSchema,
  LIBRARY_ITEM_STATUSES,
} from '../../shared/entities/library-items';
import type { DB } from '../db/database';
import { restore, softDelete } from '../db/retention';
import type { LibraryItemStatus, LibraryItemsTable } from '../db/schema';
import { LIBRARY_ITEM_STATUS_COLORS } from '../db/status-colors';
import type { CrudContext, Submitted } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { Id } from '../http/crud/ids';
import { HttpError } from '../errors/http-errors';
import { enumFilter } from '../http/listing';
import { Flag, toBoolean } from '../http/schema-types';
import { requestLanguage } from '../http/language';
import { ITEM_EVENTS, publishItemRefresh } from '../processing/library-item-state';
import { ITEM_FILES } from '../processing/library-item-processing';
import { allValid, companyRecordIds, notEmptied } from '../http/field-checks';
import { incomingModelFile } from '../uploads/model-file-input';
import {
  createProcessedFile,
  fileAndHistory,
  geometryHistory,
  latestGeometryEvents,
  processingFields,
  registerProcessedFileRoutes,
  updateProcessedFile,
  versionFields,
} from '../domain/processed-files';
import { STORAGE_FOLDERS } from '../storage/storage-folders';
import { registerFileVersionRoutes } from '../domain/file-version-routes';

type ItemRow = Selectable<LibraryItemsTable> & { uploader_name: string | null };
type ItemBody = Submitted<LibraryItemInput> & { archived?: boolean | number | string | null };

/** `PATCH /libraries/items/{id}`: the input's fields, and `archived` (spec 2 §4: true, or false to unarchive). */
const LibraryItemUpdateSchema = Type.Object({
  ...Type.Partial(LibraryItemInputSchema).properties,
  archived: Type.Optional(Flag),
});

const ITEM_FILE_UPLOAD = 'library-item-file';
const FILE_FOLDER = STORAGE_FOLDERS.libraryItemSources;

export const REPROCESS_REFUSED = 'Only finished or failed items can be reprocessed.';
export const ITEM_STILL_CONNECTED = 'The item is still connected to a model.';

const itemsOf = (db: DB, companyId: number) =>
  db
    .selectFrom('library_items')
    .leftJoin('users', 'users.id', 'library_items.uploader_id')
    .selectAll('library_items')
    .select('users.name as uploader_name')
    .where('library_items.company_id', '=', companyId);

/** Puts the item in these libraries; `replace` first takes it out of the ones it is in. */
async function placeItem(trx: DB, itemId: number, libraries: number[], replace: boolean) {
  if (replace) await trx.deleteFrom('library_item_libraries').where('item_id', '=', itemId).execute();
  if (libraries.length) {
    await trx
      .insertInto('library_item_libraries')
      .values(libraries.map((library_id) => ({ item_id: itemId, library_id })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

/** Archives an item (keeping the status it had) or brings an archived one back to it. */
async function setArchived(
  db: DB,
  row: Pick<ItemRow, 'id' | 'status' | 'status_before_archive'>,
  archived: boolean,
) {
  if (archived === (row.status === 'ARCHIVED')) return;
  const status: LibraryItemStatus = archived ? 'ARCHIVED' : (row.status_before_archive ?? 'FINISHED');
  await db
    .updateTable('library_items')
    .set({
      status,
      status_color: LIBRARY_ITEM_STATUS_COLORS[status],
      status_before_archive: archived ? row.status : null,
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .execute();
}

async function removeItem({ db, session, request }: CrudContext, item: ItemRow) {
  if (item.model_id !== null) throw new HttpError(422, ITEM_STILL_CONNECTED);
  await softDelete(db, 'library_items', session.company.id, item.id);
  return () => publishItemRefresh(request, session.company.id, [item.id]);
}

export const libraryItemEntity = defineEntity({
  collection: 'libraries/items',
  tag: 'library items',
  model: 'LibraryItem',
  entity: 'library_item',
  activity: 'item',
  table: 'library_items',
  fileColumns: ['preview_image_url', 'file_key', 'viewer_model_key'],
  softDelete: true,
  abilities: LIBRARY_ITEM_ABILITIES,
  import: LIBRARY_ITEM_IMPORT,
  schemas: {
    input: LibraryItemInputSchema,
    item: LibraryItemSchema,
    detail: LibraryItemDetailSchema,
    update: LibraryItemUpdateSchema,
  },
  rows: itemsOf,
  nameOf: (item) => item.name,
  list: () => ({
    sorts: {
      name: 'library_items.name',
      created_at: 'library_items.created_at',
      updated_at: 'library_items.updated_at',
      status: 'library_items.status',
      finished_at: 'library_items.finished_at',
    },
    defaultSort: '-updated_at',
    search: ['library_items.name'],
    filters: {
      status: enumFilter(LIBRARY_ITEM_STATUSES, (eb, statuses) => eb('library_items.status', 'in', statuses)),
      // `filter[library]=null`: the items in no (live) library; otherwise those in any of the libraries named.
      library: {
        type: 'integerOrNull',
        nullWords: ['null'],
        where: (eb, values) => {
          const placed = eb
            .selectFrom('library_item_libraries')
            .innerJoin('libraries', 'libraries.id', 'library_item_libraries.library_id')
            .select('library_item_libraries.item_id')
            .where('libraries.deleted_at', 'is', null);
          const ids = values.filter((value) => value !== null);
          return eb.or([
            ...(values.includes(null) ? [eb('library_items.id', 'not in', placed)] : []),
            ...(ids.length
              ? [eb('library_items.id', 'in', placed.where('library_item_libraries.library_id', 'in', ids))]
              : []),
          ]);
        },
      },
    },
  }),
  async present({ db, request }, rows, fields) {
    const ids = rows.map((row) => row.id);
    const [latest, libraries] = await Promise.all([
      latestGeometryEvents(db, ITEM_EVENTS, ids, fields.has('latest_geometry_event')),
      fields.has('libraries') && ids.length
        ? db
            .selectFrom('library_item_libraries')
            .innerJoin('libraries', 'libraries.id', 'library_item_libraries.library_id')
            .select(['library_item_libraries.item_id', 'libraries.id', 'libraries.name'])
            .where('library_item_libraries.item_id', 'in', ids)
            .where('libraries.deleted_at', 'is', null)
            .orderBy('libraries.name')
            .execute()
        : [],
    ]);
    return rows.map((row) => {
      const event = latest.get(row.id);
      const deletable = row.model_id === null;
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        ...processingFields(request, row, event),
        libraries: libraries
          .filter((entry) => entry.item_id === row.id)
          .map(({ id, name }) => ({ id, name })),
        is_deletable: deletable,
        deletable,
      };
    });
  },
  detail: presentDetail,
  /** The file as multipart `file` or a finished upload's `upload_id`; the item starts QUEUED. */
  async create(ctx, input) {
    const { db, session, request } = ctx;
    const body = input as ItemBody & { name: string };
    const [libraries, file] = await allValid([
      companyRecordIds(db, 'libraries', session.company.id, body.libraries ?? []),
      incomingModelFile(request.server, session, body, true, ITEM_FILE_UPLOAD),
    ] as const);
    return createProcessedFile(ctx, ITEM_FILES, file!, FILE_FOLDER, async (trx, queued) => {
      const row = await trx
        .insertInto('library_items')
        .values({ ...queued, name: body.name, description: body.description ?? null })
        .returning(['id', 'processing_attempt'])
        .executeTakeFirstOrThrow();
      await placeItem(trx, row.id, libraries, false);
      return row;
    });
  },
  /** Name, description, libraries and archiving; a new `file` or `upload_id` replaces the file and requeues. */
  async update(ctx, current, input) {
    const { db, session, request } = ctx;
    const body = input as ItemBody;
    const [, libraries, file] = await allValid([
      notEmptied(body, ['name', 'archived']),
      body.libraries === undefined
        ? Promise.resolve(undefined)
        : companyRecordIds(db, 'libraries', session.company.id, body.libraries ?? []),
      incomingModelFile(request.server, session, body, false, ITEM_FILE_UPLOAD),
    ] as const);
    const changes = {
      ...(body.name ? { name: body.name } : {}),
      ...('description' in body ? { description: body.description ?? null } : {}),
    };
    const followup = await updateProcessedFile(ctx, ITEM_FILES, current, file, FILE_FOLDER, {
      changes,
      versionNote: body.version_note,
      before: async (trx) => {
        if (libraries !== undefined) await placeItem(trx, current.id, libraries, true);
      },
      save: async (trx) => {
        await trx
          .updateTable('library_items')
          .set({ ...changes, updated_at: new Date() })
          .where('id', '=', current.id)
          .execute();
        if (body.archived !== undefined && body.archived !== null)
          await setArchived(trx, current, toBoolean(body.archived));
      },
    });
    return followup ?? (() => publishItemRefresh(request, session.company.id, [current.id]));
  },
  remove: removeItem,
  async restore({ db, session, request }, item) {
    await restore(db, 'library_items', session.company.id, item.id);
    return () => publishItemRefresh(request, session.company.id, [item.id]);
  },
  bulk: {
    key: 'items',
    body: {
      libraries: Type.Optional(Type.Array(Type.Object({ id: Id }))),
      remove_from_current_libraries: Type.Optional(Flag),
    },
    actions: {
      move: {
        ability: LIBRARY_ITEM_ABILITIES.update,
        async run({ db, session, request }, row) {
          const body = request.body as {
            libraries?: Array<{ id: number }>;
            remove_from_current_libraries?: unknown;
          };
          const targets = await companyRecordIds(
            db,
            'libraries',
            session.company.id,
            (body.libraries ?? []).map((entry) => entry.id),
          );
          const remove = toBoolean(body.remove_from_current_libraries as string | undefined);
          await placeItem(db, row.id, targets, remove || targets.length === 0);
          await db
            .updateTable('library_items')
            .set({ updated_at: new Date() })
            .where('id', '=', row.id)
            .execute();
        },
      },
      archive: { ability: LIBRARY_ITEM_ABILITIES.update, run: ({ db }, row) => setArchived(db, row, true) },
      activate: { ability: LIBRARY_ITEM_ABILITIES.update, run: ({ db }, row) => setArchived(db, row, false) },
      delete: 'delete',
    },
  },
  summaries: {
    list: 'Library items of the tenant (sorts name, created_at, updated_at, status, finished_at; filters search, status, library (null: in none))',
    show: 'One item with its libraries, file, latest geometry events (newest first, at most 50) and versions (newest first)',
    create:
      'Creates an item from a multipart `file` or the `upload_id` of a finished library-item-file upload (.fbx, .zip, .matz), in `libraries[]`; it starts QUEUED',
    update:
      'Updates an item (name, description, libraries[]); a new `file` or `upload_id` makes its next version (with `version_note`; the current one is kept) and restarts processing; `archived` true archives, false unarchives (also POST + _method=PATCH)',
    delete:
      'Moves an item to the recycling bin (restorable for 30 days); 422 while it is connected to a model',
    bulk: 'Moves (libraries[n][id], remove_from_current_libraries), archives, activates or deletes several items, each on its own',
  },
});

async function presentDetail(ctx: CrudContext, row: ItemRow): Promise<LibraryItemDetail> {
  const [item, events, versions] = await Promise.all([
    libraryItemEntity.itemOf(ctx, row),
    geometryHistory(ctx.db, ITEM_EVENTS, row.id),
    versionFields(ctx, ITEM_FILES, row),
  ]);
  return { ...item, ...fileAndHistory(ctx.request, row, events, requestLanguage(ctx.request)), ...versions };
}

/** The standard endpoints from the declaration, and beside them reprocessing. */
export default async function libraryItemRoutes(server: FastifyInstance): Promise<void> {
  await libraryItemEntity.register(server);
  registerProcessedFileRoutes(server, 'libraries/items', libraryItemEntity, {
    abilities: LIBRARY_ITEM_ABILITIES,
    noun: 'item',
    refused: REPROCESS_REFUSED,
    files: ITEM_FILES,
  });
  registerFileVersionRoutes(server, 'libraries/items', libraryItemEntity, {
    abilities: LIBRARY_ITEM_ABILITIES,
    noun: 'item',
    files: ITEM_FILES,
    activity: 'restoredItemVersion',
  });
}
