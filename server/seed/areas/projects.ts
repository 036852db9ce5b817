/**
 * Projects and models (demo fixture): acme's 6 labels and 32 top-level projects (active and inactive, with labels
 * and members; 3 are alice's favourites; one is `Harbour Tower`, which has 2 sub-projects), 14 models covering
 * every status with geometry events (acme's demo model is a finished one), the library tree
 * `Furniture` > `Chairs` > `Office Chairs` and its siblings (one library is connected to a model), Globex's 4
 * projects starting with `Globex`, and trashed rows deleted 2, 15, 29 and 31 days ago (the last is purged).
 */
import { storedMessageColumns } from '../../http/messages';
import type { StoredMessage } from '../../../shared/messages';
import { PROCESSING_MESSAGES } from '../../processing/processing-messages';
import type { DB } from '../../db/database';
import type { LibraryStatus, ModelStatus } from '../../db/schema';
import { MODEL_STATUS_COLORS } from '../../db/status-colors';
import { daysAgo, hoursAgo } from '../time';
import { defineSeedArea } from '../seed-area';

const ACME_LABELS = [
  { name: 'Residential', color: '#52c41a' },
  { name: 'Commercial', color: '#1677ff' },
  { name: 'Renovation', color: '#fa8c16' },
  { name: 'Concept', color: '#722ed1' },
  { name: 'Urgent', color: '#f5222d' },
  { name: 'Client review', color: '#13c2c2' },
];

const ACME_PROJECTS = [
  'Harbour Tower',
  'Riverside Lofts',
  'Maple Grove Residences',
  'Central Station Renovation',
  'Northgate Office Park',
  'Lakeside Villa',
  'Old Mill Conversion',
  'Skyline Apartments',
  'Greenfield School',
  'City Library Extension',
  'Canal House',
  'Dune Pavilion',
  'Market Hall',
  'Sunset Terraces',
  'Cedar Court',
  'Willow Creek Clinic',
  'Museum Quarter',
  'Orchard Row Houses',
  'Pier 7 Restaurant',
  'Tech Campus East',
  'Hillside Chapel',
  'Meadow Farmhouse',
  'Parkview Hotel',
  'Westport Marina',
  'Stone Bridge Offices',
  'Garden Pavilion',
  'Atrium Mall',
  'Lighthouse Point',
  'Broadway Theatre',
  'Copper Works',
  'Elm Street Duplex',
  'Bayview Showroom',
];

const KINDS = [
  'Visualisation',
  'Interior design',
  'Facade study',
  'Sales presentation',
  'Concept study',
  'Renovation plan',
];
const CLIENTS = [
  'Van Dijk Development',
  'Nordhaven Estates',
  'the municipality',
  'Brightline Retail',
  'a private client',
];

const ALICE_FAVOURITES = ['Harbour Tower', 'Lakeside Villa', 'Museum Quarter'];

const ACME_MODELS: Array<{ name: string; project: string; status: ModelStatus }> = [
  { name: 'Harbour Tower – Facade', project: 'Harbour Tower', status: 'FINISHED' },
  { name: 'Harbour Tower – Lobby', project: 'Harbour Tower', status: 'PROCESSING' },
  { name: 'Riverside Lofts – Kitchen', project: 'Riverside Lofts', status: 'QUEUED' },
  { name: 'Lakeside Villa – Terrace', project: 'Lakeside Villa', status: 'FINISHED' },
  { name: 'Museum Quarter – Gallery', project: 'Museum Quarter', status: 'UPLOADING' },
  { name: 'Copper Works – Hall', project: 'Copper Works', status: 'FAILED' },
  { name: 'Parkview Hotel – Lobby', project: 'Parkview Hotel', status: 'QUEUED' },
  { name: 'Skyline Apartments – Penthouse', project: 'Skyline Apartments', status: 'FINISHED' },
  { name: 'Market Hall – Stalls', project: 'Market Hall', status: 'PROCESSING' },
  { name: 'Canal House – Living Room', project: 'Canal House', status: 'FINISHED' },
  { name: 'Tech Campus East – Atrium', project: 'Tech Campus East', status: 'FAILED' },
  { name: 'Bayview Showroom – Display', project: 'Bayview Showroom', status: 'UPLOADING' },
  { name: 'Dune Pavilion – Roof', project: 'Dune Pavilion', status: 'FINISHED' },
  { name: 'Westport Marina – Jetty', project: 'Westport Marina', status: 'PROCESSING' },
];

/**
 * When a model's history step happened: spread from its start to its finish (the last step at the finish), five
 * minutes apart from the start while it runs, or from its upload before it started.
 */
function eventTime(
  times: { started: Date | null; finished: Date | null },
  created: Date,
  step: number,
  steps: number,
): Date {
  const from = times.started ?? created;
  const interval =
    times.started && times.finished && steps > 1
      ? (times.finished.getTime() - times.started.getTime()) / (steps - 1)
      : 5 * 60 * 1000;
  return new Date(from.getTime() + step * interval);
}

const EVENT = PROCESSING_MESSAGES;
const GEOMETRY_EVENTS: Record<ModelStatus, StoredMessage[]> = {
  FINISHED: [EVENT.received, EVENT.converting, EVENT.optimisingMaterials, EVENT.preview, EVENT.finished],
  PROCESSING: [EVENT.received, EVENT.converting, EVENT.optimisingMaterials],
  QUEUED: [EVENT.received, EVENT.waiting],
  UPLOADING: [EVENT.uploadStarted],
  FAILED: [EVENT.received, EVENT.converting, EVENT.failed('the FBX file contains no geometry')],
};

const LIBRARIES: Array<{ name: string; parent?: string; description: string; status?: LibraryStatus }> = [
  { name: 'Furniture', description: 'Seating, tables and storage for interiors.' },
  { name: 'Chairs', parent: 'Furniture', description: 'Dining, lounge and office chairs.' },
  { name: 'Office Chairs', parent: 'Chairs', description: 'Task and conference chairs.' },
  { name: 'Lounge Chairs', parent: 'Chairs', description: 'Armchairs and easy chairs.' },
  { name: 'Tables', parent: 'Furniture', description: 'Dining, coffee and side tables.' },
  { name: 'Lighting', description: 'Pendants, floor lamps and spots.' },
  { name: 'Pendant Lights', parent: 'Lighting', description: 'Pendants for dining and hospitality.' },
  { name: 'Outdoor', description: 'Garden furniture and planters.' },
  { name: 'Vintage Collection', description: 'Pieces no longer in the catalogue.', status: 'ARCHIVED' },
];

/** The library connected to a model (so it, and everything above it, is not deletable). */
const CONNECTED_LIBRARY = { library: 'Pendant Lights', model: 'Lakeside Villa – Terrace' };

const GLOBEX_PROJECTS = [
  'Globex Headquarters',
  'Globex Harbour',
  'Globex Research Lab',
  'Globex Retail Flagship',
];

/** Soft-deleted rows for the recycling bin: [name, days ago]. The 31-day one is past retention and purged. */
const TRASHED_PROJECTS: Array<[string, number]> = [
  ['Temporary Pop-up Store', 2],
  ['Old Harbour Study', 15],
  ['Cancelled Parking Garage', 29],
  ['Expired Tender 2024', 31],
];

async function seedAcme(db: DB, companyId: number, users: Map<string, number>, now: number): Promise<void> {
  const labels = await db
    .insertInto('labels')
    .values(ACME_LABELS.map((label) => ({ company_id: companyId, ...label })))
    .returning(['id', 'name'])
    .execute();

  const projects = await db
    .insertInto('projects')
    .values(
      ACME_PROJECTS.map((name, index) => ({
        company_id: companyId,
        parent_id: null,
        name,
        description: `${KINDS[index % KINDS.length]} for ${CLIENTS[index % CLIENTS.length]}.`,
        status: index % 4 === 3 ? ('inactive' as const) : ('active' as const),
        preview_image: null,
        created_at: daysAgo(240 - index * 7, now),
        updated_at: hoursAgo(index * 13 + 1, now),
        deleted_at: null,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const projectId = new Map(projects.map((project) => [project.name, project.id]));
  const harbour = projectId.get('Harbour Tower')!;

  await db
    .insertInto('projects')
    .values([
      ...['Harbour Tower – Lobby Fit-out', 'Harbour Tower – Penthouse'].map((name, index) => ({
        company_id: companyId,
        parent_id: harbour,
        name,
        description: 'Sub-project of Harbour Tower.',
        preview_image: null,
        created_at: daysAgo(100 - index, now),
        updated_at: daysAgo(3 + index, now),
        deleted_at: null,
      })),
      ...TRASHED_PROJECTS.map(([name, days]) => ({
        company_id: companyId,
        parent_id: null,
        name,
        description: 'No longer needed.',
        preview_image: null,
        created_at: daysAgo(days + 60, now),
        updated_at: daysAgo(days, now),
        deleted_at: daysAgo(days, now),
      })),
    ])
    .execute();

  await db
    .insertInto('project_labels')
    .values(
      projects.flatMap((project, index) => {
        const labelIndexes = index % 2 === 0 ? [index % 6, (index + 2) % 6] : [index % 6];
        return labelIndexes.map((labelIndex) => ({
          project_id: project.id,
          label_id: labels[labelIndex].id,
        }));
      }),
    )
    .execute();

  await db
    .insertInto('project_user')
    .values(
      projects.flatMap((project, index) => [
        ...(index % 2 === 0 ? [{ project_id: project.id, user_id: users.get('alice')! }] : []),
        ...(index % 3 === 0 ? [{ project_id: project.id, user_id: users.get('bob')! }] : []),
        ...(index % 5 === 0 ? [{ project_id: project.id, user_id: users.get('admin')! }] : []),
      ]),
    )
    .execute();

  await db
    .insertInto('project_favorites')
    .values(
      ALICE_FAVOURITES.map((name) => ({ user_id: users.get('alice')!, project_id: projectId.get(name)! })),
    )
    .execute();

  // When each model's processing started and finished: its history (the geometry events below) runs from the
  // start to the finish, so the overview's times and its history agree.
  const processed = new Map<string, { started: Date | null; finished: Date | null }>();
  const models = await db
    .insertInto('project_models')
    .values(
      ACME_MODELS.map((model, index) => {
        const created = hoursAgo(index * 11 + 2, now);
        const started = ['FINISHED', 'PROCESSING', 'FAILED'].includes(model.status)
          ? hoursAgo(index * 11 + 1.5, now)
          : null;
        const finished = ['FINISHED', 'FAILED'].includes(model.status) ? hoursAgo(index * 11 + 1, now) : null;
        processed.set(model.name, { started, finished });
        const uploaded = model.status !== 'UPLOADING';
        return {
          company_id: companyId,
          project_id: projectId.get(model.project)!,
          name: model.name,
          description: `3D model of ${model.name.split(' – ')[1].toLowerCase()} for ${model.project}.`,
          status: model.status,
          status_color: MODEL_STATUS_COLORS[model.status],
          preview_image_url: null,
          started_at: started,
          finished_at: finished,
          // The uploaded file's name and size (the demo keeps no bytes: processing reads 'no stored file').
          file_name: uploaded
            ? `${model.name.replace(/ – /g, '-').replace(/\s+/g, '-').toLowerCase()}.fbx`
            : null,
          file_size: uploaded ? 18_000_000 + index * 1_250_000 : null,
          uploader_id: users.get(index % 3 === 0 ? 'admin' : 'alice')!,
          created_at: created,
          updated_at: finished ?? started ?? created,
          deleted_at: null,
        };
      }),
    )
    .returning(['id', 'name', 'status', 'created_at'])
    .execute();

  await db
    .insertInto('model_geometry_events')
    .values(
      models.flatMap((model) =>
        GEOMETRY_EVENTS[model.status].map((message, step, events) => ({
          model_id: model.id,
          ...storedMessageColumns(message),
          created_at: eventTime(processed.get(model.name)!, new Date(model.created_at), step, events.length),
        })),
      ),
    )
    .execute();

  const modelId = new Map(models.map((model) => [model.name, model.id]));
  await db
    .updateTable('companies')
    .set({ demo_model_id: modelId.get('Harbour Tower – Facade')! })
    .where('id', '=', companyId)
    .execute();

  const libraryIds = new Map<string, number>();
  for (const [index, library] of LIBRARIES.entries()) {
    const row = await db
      .insertInto('libraries')
      .values({
        company_id: companyId,
        parent_id: library.parent ? libraryIds.get(library.parent)! : null,
        name: library.name,
        description: library.description,
        status: library.status ?? 'ACTIVE',
        preview_image: null,
        model_id: library.name === CONNECTED_LIBRARY.library ? modelId.get(CONNECTED_LIBRARY.model)! : null,
        created_at: daysAgo(90 - index * 3, now),
        updated_at: daysAgo(20 - index * 2, now),
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    libraryIds.set(library.name, row.id);
  }
}

async function seedGlobex(db: DB, companyId: number, carolId: number, now: number): Promise<void> {
  const [label] = await db
    .insertInto('labels')
    .values({ company_id: companyId, name: 'Flagship', color: '#faad14' })
    .returning('id')
    .execute();
  const projects = await db
    .insertInto('projects')
    .values(
      GLOBEX_PROJECTS.map((name, index) => ({
        company_id: companyId,
        parent_id: null,
        name,
        description: `${KINDS[index]} for Globex.`,
        preview_image: null,
        created_at: daysAgo(80 - index * 10, now),
        updated_at: daysAgo(10 - index, now),
        deleted_at: null,
      })),
    )
    .returning('id')
    .execute();
  await db.insertInto('project_labels').values({ project_id: projects[0].id, label_id: label.id }).execute();
  await db
    .insertInto('project_user')
    .values(projects.map((project) => ({ project_id: project.id, user_id: carolId })))
    .execute();
  await db
    .insertInto('project_models')
    .values({
      company_id: companyId,
      project_id: projects[1].id,
      name: 'Globex Harbour – Pier',
      description: 'Pier and boardwalk.',
      status: 'FINISHED',
      status_color: MODEL_STATUS_COLORS.FINISHED,
      preview_image_url: null,
      started_at: hoursAgo(5, now),
      finished_at: hoursAgo(4, now),
      uploader_id: carolId,
      deleted_at: null,
    })
    .execute();
  await db
    .insertInto('libraries')
    .values({
      company_id: companyId,
      parent_id: null,
      name: 'Globex Fixtures',
      description: 'Shop fittings.',
      preview_image: null,
      model_id: null,
      deleted_at: null,
    })
    .execute();
}

export async function seedProjects(db: DB): Promise<void> {
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
  await seedAcme(db, companies.get('acme')!, users, now);
  await seedGlobex(db, companies.get('globex')!, users.get('carol')!, now);
}

export default defineSeedArea({ order: 40, run: seedProjects });
