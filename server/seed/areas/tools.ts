/**
 * Tools (demo fixture): acme's 4 downloads with their files, 3 property maps (and one of globex), and acme's
 * trashed models deleted 2, 15, 29 and 31 days ago (the last is purged on start), beside the trashed projects of
 * the projects area. The files go to the FileStorage when the seed has one.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileStorage } from '../../storage/storage';
import type { DB } from '../../db/database';
import { MODEL_STATUS_COLORS } from '../../db/status-colors';
import { daysAgo } from '../time';
import { STORAGE_FOLDERS, storageKey, type StorageKey } from '../../storage/storage-folders';
import { defineSeedArea, type SeedContext } from '../seed-area';

const DOWNLOADS: Array<{ name: string; extension: string; content: string }> = [
  {
    name: 'Portal quick start',
    extension: 'txt',
    content: [
      'Portal quick start',
      '',
      '1. Create a project and add its team.',
      '2. Upload a model (FBX or a zip archive); processing starts by itself.',
      '3. Share the finished model with your client from the project overview.',
      '',
    ].join('\n'),
  },
  {
    name: 'Material price list',
    extension: 'csv',
    content:
      'material,unit,price_eur\nOak parquet,m2,64.50\nPolished concrete,m2,48.00\nBrushed steel,m2,112.25\n',
  },
  {
    name: 'Exporter settings',
    extension: 'json',
    content: `${JSON.stringify({ units: 'meters', upAxis: 'Z', textures: { embed: true, maxSize: 4096 } }, null, 2)}\n`,
  },
  {
    name: 'Brand colours',
    extension: 'css',
    content: ':root {\n  --brand-primary: #1677ff;\n  --brand-accent: #fa8c16;\n}\n',
  },
];

const PROPERTY_MAPS = ['Door hardware', 'Kitchen fronts', 'Window frames'];

const TRASHED_MODELS: Array<[string, number]> = [
  ['Canal House – Roof Study', 2],
  ['Dune Pavilion – Early Massing', 15],
  ['Copper Works – Lighting Test', 29],
  ['Atrium Mall – Discarded Scheme', 31],
];

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** Writes the demo files into the storage (through a temporary file, as uploads arrive). */
async function storeFiles(storage: FileStorage, files: Array<{ key: StorageKey; content: string }>) {
  const folder = await mkdtemp(join(tmpdir(), 'seed-downloads-'));
  try {
    for (const file of files) {
      const path = join(folder, slug(file.key));
      await writeFile(path, file.content);
      await storage.putFile(file.key, path);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function seedTools(db: DB, { storage }: SeedContext): Promise<void> {
  const now = Date.now();
  const companies = new Map(
    (await db.selectFrom('companies').select(['sub_domain', 'id']).execute()).map((row) => [
      row.sub_domain,
      row.id,
    ]),
  );
  const acme = companies.get('acme')!;
  const files = DOWNLOADS.map((download) => ({
    ...download,
    key: storageKey(STORAGE_FOLDERS.downloads, `demo/${slug(download.name)}.${download.extension}`),
  }));
  await db
    .insertInto('downloads')
    .values(
      files.map((file, index) => ({
        company_id: acme,
        name: file.name,
        extension: file.extension,
        file_key: file.key,
        file_size: Buffer.byteLength(file.content),
        created_at: daysAgo(40 - index * 9, now),
        updated_at: daysAgo(20 - index * 4, now),
      })),
    )
    .execute();
  if (storage) await storeFiles(storage, files);

  await db
    .insertInto('property_maps')
    .values([
      ...PROPERTY_MAPS.map((name, index) => ({
        company_id: acme,
        name,
        created_at: daysAgo(60 - index * 10, now),
        updated_at: daysAgo(10 - index * 3, now),
      })),
      { company_id: companies.get('globex')!, name: 'Globex fixtures', created_at: daysAgo(5, now) },
    ])
    .execute();

  const project = await db
    .selectFrom('projects')
    .select('id')
    .where('company_id', '=', acme)
    .where('name', '=', 'Canal House')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('project_models')
    .values(
      TRASHED_MODELS.map(([name, days]) => ({
        company_id: acme,
        project_id: project.id,
        name,
        description: 'No longer needed.',
        status: 'FINISHED' as const,
        status_color: MODEL_STATUS_COLORS.FINISHED,
        preview_image_url: null,
        started_at: daysAgo(days + 20, now),
        finished_at: daysAgo(days + 20, now),
        uploader_id: null,
        created_at: daysAgo(days + 20, now),
        updated_at: daysAgo(days, now),
        deleted_at: daysAgo(days, now),
      })),
    )
    .execute();
}

export default defineSeedArea({ order: 70, run: seedTools });
