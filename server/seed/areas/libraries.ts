/**
 * The libraries part of the demo fixture (../shared/demo-fixture.md) on top of the library tree the projects
 * area seeds (`Furniture` > `Chairs` > `Office Chairs`, …, `Pendant Lights` connected to a model): labels on some
 * libraries, 42 items covering every item status (ARCHIVED included) spread over the tree, one item connected to a
 * model (not deletable), Globex's items, and trashed libraries and items deleted 2, 15 and 29 days ago plus one
 * deleted 31 days ago (past the retention, no longer listed).
 */
import { storedMessageColumns } from '../../http/messages';
import type { StoredMessage } from '../../../shared/messages';
import { PROCESSING_MESSAGES } from '../../processing/processing-messages';
import type { DB } from '../../db/database';
import type { LibraryItemStatus } from '../../db/schema';
import { LIBRARY_ITEM_STATUS_COLORS } from '../../db/status-colors';
import { daysAgo, hoursAgo } from '../time';
import { defineSeedArea } from '../seed-area';

const EVENT = PROCESSING_MESSAGES;
const ITEM_EVENTS: Record<LibraryItemStatus, StoredMessage[]> = {
  FINISHED: [EVENT.received, EVENT.started, EVENT.optimising, EVENT.finished],
  PROCESSING: [EVENT.received, EVENT.started, EVENT.optimising],
  QUEUED: [EVENT.received],
  UPLOADING: [EVENT.uploadStarted],
  FAILED: [EVENT.received, EVENT.started, EVENT.failed('the FBX file contains no geometry')],
  CANCELLED: [EVENT.received, EVENT.cancelled],
  ARCHIVED: [EVENT.received, EVENT.started, EVENT.finished],
};

/** Items per library: names, then the status of each by position (FINISHED unless said). */
const ITEMS: Record<string, string[]> = {
  'Office Chairs': [
    'Aeron Task Chair',
    'Conference Chair Mesh',
    'Ergo Stool',
    'Swivel Chair Classic',
    'Drafting Chair',
    'Executive Chair Leather',
    'Visitor Chair Stackable',
    'Kneeling Chair',
  ],
  'Lounge Chairs': ['Egg Chair', 'Wingback Armchair', 'Bean Bag', 'Rocking Chair', 'Barrel Chair'],
  Chairs: ['Bistro Chair', 'Windsor Chair', 'Ghost Chair', 'Folding Chair'],
  Tables: ['Oak Dining Table', 'Glass Coffee Table', 'Nesting Side Tables', 'Trestle Table', 'Bar Table'],
  Furniture: ['Bookcase Open', 'Sideboard Walnut', 'Wardrobe Sliding', 'Shoe Cabinet'],
  Lighting: ['Arc Floor Lamp', 'Desk Lamp Brass', 'Track Spot'],
  'Pendant Lights': ['Globe Pendant', 'Cluster Pendant', 'Linear Pendant', 'Dome Pendant'],
  Outdoor: ['Teak Bench', 'Parasol', 'Planter Corten', 'Hammock', 'Fire Pit', 'Garden Lounger'],
  'Vintage Collection': ['Chesterfield Sofa', 'Tulip Table', 'Butterfly Chair'],
};

/** Statuses other than FINISHED, so every status occurs (spec 2 §4). */
const STATUS_OF: Record<string, LibraryItemStatus> = {
  'Conference Chair Mesh': 'PROCESSING',
  'Ergo Stool': 'QUEUED',
  'Drafting Chair': 'FAILED',
  'Kneeling Chair': 'UPLOADING',
  'Bean Bag': 'CANCELLED',
  'Folding Chair': 'ARCHIVED',
  'Bar Table': 'PROCESSING',
  'Shoe Cabinet': 'ARCHIVED',
  'Track Spot': 'FAILED',
  Hammock: 'QUEUED',
  'Chesterfield Sofa': 'ARCHIVED',
  'Butterfly Chair': 'ARCHIVED',
};

/** Items in a second library too. */
const ALSO_IN: Record<string, string> = {
  'Egg Chair': 'Vintage Collection',
  'Arc Floor Lamp': 'Lounge Chairs',
};

/** The item connected to a model (not deletable). */
const CONNECTED_ITEM = { item: 'Globe Pendant', model: 'Lakeside Villa – Terrace' };

const LIBRARY_LABELS: Record<string, number> = { Furniture: 0, Chairs: 1, Lighting: 2, Outdoor: 3 };

/** Trashed rows for the recycling bin: deleted this many days ago (31: past the retention). */
const TRASHED_DAYS = [2, 15, 29, 31];

async function seedAcmeLibraries(db: DB, companyId: number, uploaderId: number, now: number) {
  const libraries = new Map(
    (
      await db.selectFrom('libraries').select(['id', 'name']).where('company_id', '=', companyId).execute()
    ).map((row) => [row.name, row.id]),
  );
  const labels = await db
    .selectFrom('labels')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  const labelRows = Object.entries(LIBRARY_LABELS)
    .filter(([name, index]) => libraries.has(name) && labels[index])
    .map(([name, index]) => ({ library_id: libraries.get(name)!, label_id: labels[index].id }));
  if (labelRows.length) await db.insertInto('library_labels').values(labelRows).execute();

  const model = await db
    .selectFrom('project_models')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', CONNECTED_ITEM.model)
    .executeTakeFirst();

  let position = 0;
  for (const [library, names] of Object.entries(ITEMS)) {
    const libraryId = libraries.get(library);
    if (libraryId === undefined) continue;
    for (const name of names) {
      position += 1;
      const status = STATUS_OF[name] ?? 'FINISHED';
      const started = status === 'UPLOADING' || status === 'QUEUED' ? null : hoursAgo(position * 5 + 2, now);
      const finished = ['FINISHED', 'FAILED', 'ARCHIVED', 'CANCELLED'].includes(status)
        ? hoursAgo(position * 5, now)
        : null;
      const item = await db
        .insertInto('library_items')
        .values({
          company_id: companyId,
          name,
          description: `${name} for ${library.toLowerCase()}.`,
          status,
          status_color: LIBRARY_ITEM_STATUS_COLORS[status],
          status_before_archive: status === 'ARCHIVED' ? 'FINISHED' : null,
          preview_image_url: null,
          uploader_id: uploaderId,
          model_id: name === CONNECTED_ITEM.item ? (model?.id ?? null) : null,
          started_at: started,
          finished_at: finished,
          created_at: daysAgo(60 - position, now),
          updated_at: hoursAgo(position * 5, now),
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const placed = [
        libraryId,
        ...(ALSO_IN[name] && libraries.has(ALSO_IN[name]) ? [libraries.get(ALSO_IN[name])!] : []),
      ];
      await db
        .insertInto('library_item_libraries')
        .values(placed.map((library_id) => ({ item_id: item.id, library_id })))
        .execute();
      await db
        .insertInto('library_item_geometry_events')
        .values(
          ITEM_EVENTS[status].map((message, index) => ({
            item_id: item.id,
            ...storedMessageColumns(message),
            created_at: hoursAgo(position * 5 + 2 - index * 0.5, now),
          })),
        )
        .execute();
    }
  }

  for (const days of TRASHED_DAYS) {
    const library = await db
      .insertInto('libraries')
      .values({
        company_id: companyId,
        parent_id: null,
        name: `Retired Library (${days} days)`,
        description: 'Moved to the recycling bin.',
        preview_image: null,
        model_id: null,
        created_at: daysAgo(days + 30, now),
        updated_at: daysAgo(days, now),
        deleted_at: daysAgo(days, now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await db
      .insertInto('library_items')
      .values({
        company_id: companyId,
        name: `Retired Item (${days} days)`,
        description: 'Moved to the recycling bin.',
        status: 'FINISHED',
        status_color: LIBRARY_ITEM_STATUS_COLORS.FINISHED,
        preview_image_url: null,
        uploader_id: uploaderId,
        started_at: daysAgo(days + 1, now),
        finished_at: daysAgo(days + 1, now),
        created_at: daysAgo(days + 30, now),
        updated_at: daysAgo(days, now),
        deleted_at: daysAgo(days, now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('library_item_libraries')
      .values({ item_id: item.id, library_id: library.id })
      .execute();
  }
}

async function seedGlobexLibraries(db: DB, companyId: number, uploaderId: number, now: number) {
  const library = await db
    .selectFrom('libraries')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  for (const [index, name] of ['Globex Shelf Unit', 'Globex Counter'].entries()) {
    const item = await db
      .insertInto('library_items')
      .values({
        company_id: companyId,
        name,
        description: 'Shop fitting.',
        status: 'FINISHED',
        status_color: LIBRARY_ITEM_STATUS_COLORS.FINISHED,
        preview_image_url: null,
        uploader_id: uploaderId,
        started_at: hoursAgo(10 + index, now),
        finished_at: hoursAgo(9 + index, now),
        created_at: daysAgo(20, now),
        updated_at: hoursAgo(9 + index, now),
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (library)
      await db
        .insertInto('library_item_libraries')
        .values({ item_id: item.id, library_id: library.id })
        .execute();
  }
}

export async function seedLibraries(db: DB): Promise<void> {
  const now = Date.now();
  const users = new Map(
    (await db.selectFrom('users').select(['username', 'id']).execute()).map((row) => [row.username, row.id]),
  );
  const companies = new Map(
    (await db.selectFrom('companies').select(['sub_domain', 'id']).execute()).map((row) => [
      row.sub_domain,
      row.id,
    ]),
  );
  await seedAcmeLibraries(db, companies.get('acme')!, users.get('alice')!, now);
  await seedGlobexLibraries(db, companies.get('globex')!, users.get('carol')!, now);
}

export default defineSeedArea({ order: 80, run: seedLibraries });
