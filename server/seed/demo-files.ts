/**
 * Real files for the demo data (issue 28, DEMO_FILES): once per database, after the first start, the seeded
 * models and library items get an FBX made from a procedural shape (server/seed/demo-shapes.ts: chairs,
 * tables, sofas, lamps, shelves, buildings, picked by the record's name), written as binary or ASCII FBX, zipped
 * with its tiled textures where it has some, stored like an upload. The FINISHED ones and those the fixture seeds
 * as on their way (UPLOADING, QUEUED, PROCESSING) are queued: the processor converts them in the background like
 * any other file, so the demo shows every status at first and no job is left stuck (issue 31: a seeded
 * 'Processing' or 'Queued' record finishes like a new upload), and the cards and overviews show real previews and
 * a real model in the viewer. FAILED ones keep their status and reason, with a file their Reprocess converts;
 * CANCELLED and ARCHIVED items are left as they are. The seeded materials get a base-colour map drawn from their
 * name (material-swatches.ts), and the material pipeline turns it into their sphere preview and the viewer's
 * texture.
 *
 * It runs in the background and never delays the start; it is recorded as done in `app_settings` once the
 * models and items are queued (the queue resumes them after a restart) and again once the materials have their
 * pictures. All of it is background work (processable.ts `JobPriority`): its jobs never keep a user's upload
 * waiting for a slot, and its pipeline processes, the materials' pictures' too, give the CPU to users' runs.
 */
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/database';
import { DEMO_SHAPE_KINDS, type DemoShapeKind, demoShape } from './demo-shapes';
import type { MaterialPipelineResult } from '../geometry/material-pipeline';
import { writeFbxAscii, writeFbxBinary } from './fbx-writer';
import { zipOf } from '../geometry/zip-writer';
import type { BroadcastSource } from '../realtime/broadcast';
import { type ProcessedFiles, requeue } from '../processing/file-processing';
import { ITEM_FILES } from '../processing/library-item-processing';
import { MODEL_MESSAGES } from '../processing/model-state';
import { MODEL_FILES } from '../processing/model-processing';
import { backstopOf, makeWorkFolder, PIPELINE_LIMITS, runPipeline } from '../processing/pipeline-runner';
import { SWATCH_TASK } from './material-swatches';
import { storeMaterialPicture } from '../processing/material-import-processing';
import { STORAGE_FOLDERS, type StorageFolder, storageKey } from '../storage/storage-folders';

const FILES_DONE = 'demo:files';
/** Its own mark, so a database whose FINISHED records got their files before issue 31 gets the others' once too. */
const ON_THEIR_WAY_DONE = 'demo:files:on-their-way';
const MATERIALS_DONE = 'demo:materials';

const KIND_WORDS: Array<[RegExp, DemoShapeKind]> = [
  [/chair|stool|seat|bench/i, 'chair'],
  [/table|desk|counter|stall|display/i, 'table'],
  [/sofa|couch|living|lounge|penthouse/i, 'sofa'],
  [/lamp|light|pendant/i, 'lamp'],
  [/shelf|shelv|cabinet|book|storage|rack|kitchen/i, 'shelf'],
  [/facade|tower|roof|building|wall|pier|jetty|house|hall|villa|terrace|atrium|pavilion/i, 'building'],
];

export const demoKindOf = (name: string, index: number): DemoShapeKind =>
  KIND_WORDS.find(([words]) => words.test(name))?.[1] ?? DEMO_SHAPE_KINDS[index % DEMO_SHAPE_KINDS.length];

const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase() || 'model';

async function isDone(db: DB, key: string): Promise<boolean> {
  return !!(await db.selectFrom('app_settings').select('key').where('key', '=', key).executeTakeFirst());
}

async function markDone(db: DB, key: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value: JSON.stringify({ at: new Date().toISOString() }) })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}

/** The demo file of a record: an FBX (binary or ASCII by turns), zipped with its textures where it has some. */
async function demoFileOf(name: string, index: number): Promise<{ fileName: string; bytes: Buffer }> {
  const shape = await demoShape(demoKindOf(name, index), index + 1);
  const fbx = index % 2 ? writeFbxAscii(shape.scene) : writeFbxBinary(shape.scene, { version: 7400 });
  const base = slug(name);
  if (!Object.keys(shape.textures).length) return { fileName: `${base}.fbx`, bytes: fbx };
  return { fileName: `${base}.zip`, bytes: await zipOf({ [`${base}.fbx`]: fbx, ...shape.textures }) };
}

/** The seeded statuses that get a file, and of those the ones that are queued (FAILED stays, with its reason). */
const FINISHED = ['FINISHED'] as const;
const ON_THEIR_WAY = ['UPLOADING', 'QUEUED', 'PROCESSING', 'FAILED'] as const;
const NOT_QUEUED: readonly string[] = ['FAILED'];

/** Gives the seeded records of one entity in these statuses their files, and queues all but the FAILED ones. */
async function attachFiles(
  source: BroadcastSource,
  files: ProcessedFiles,
  folder: StorageFolder,
  statuses: typeof FINISHED | typeof ON_THEIR_WAY,
): Promise<void> {
  const { db, storage } = source.server.ctx;
  const rows = await db
    .selectFrom(files.table)
    .select(['id', 'name', 'status'])
    .where('status', 'in', statuses)
    .where('file_key', 'is', null)
    .where('processing_attempt', '=', 0)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const work = await makeWorkFolder();
  try {
    for (const [index, row] of rows.entries()) {
      const file = await demoFileOf(row.name, index);
      const key = storageKey(folder, `${randomUUID()}.${file.fileName.endsWith('.zip') ? 'zip' : 'fbx'}`);
      const path = join(work, file.fileName);
      await writeFile(path, file.bytes);
      await storage.putFile(key, path);
      await db
        .updateTable(files.table)
        .set({ file_key: key, file_name: file.fileName, file_size: file.bytes.length })
        .where('id', '=', row.id)
        .execute();
      if (!NOT_QUEUED.includes(row.status))
        await requeue(source, files, row.id, MODEL_MESSAGES.received, 'background');
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Draws the seeded materials' maps and gives each its preview and viewer texture. */
async function attachMaterialPictures(source: BroadcastSource): Promise<void> {
  const { db, storage } = source.server.ctx;
  const materials = await db
    .selectFrom('materials')
    .select(['id', 'name'])
    .where('viewer_texture_key', 'is', null)
    .where('preview_image_url', 'is', null)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  if (!materials.length) return;
  const work = await makeWorkFolder();
  try {
    // One folder per material, named by its id (a material's name may hold a slash); drawn in a pipeline process
    // each, as background work. The signal bounds the whole, waits for the CPU included.
    const signal = AbortSignal.timeout(2 * backstopOf(PIPELINE_LIMITS));
    const folders = Object.fromEntries(materials.map((material) => [String(material.id), material.name]));
    const { archive } = await runPipeline<{ archive: string }>(
      { kind: 'task', module: SWATCH_TASK, input: { folders, workFolder: work } },
      { signal, priority: 'background' },
    );
    const { pictures } = await runPipeline<MaterialPipelineResult>(
      { kind: 'material', input: { source: archive, fileName: 'materials.zip', workFolder: work } },
      { signal, priority: 'background' },
    );
    for (const material of materials) {
      const picture = pictures[String(material.id)];
      if (!picture) continue;
      const keys = await storeMaterialPicture(storage, picture);
      await db
        .updateTable('materials')
        .set({ preview_image_url: keys.preview, viewer_texture_key: keys.texture })
        .where('id', '=', material.id)
        .execute();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Gives the demo data its files, once per database; call when the processor has started. */
export async function attachDemoFiles(app: FastifyInstance): Promise<void> {
  const source: BroadcastSource = { server: app, log: app.log };
  const { db } = app.ctx;
  if (!(await isDone(db, FILES_DONE))) {
    await attachFiles(source, MODEL_FILES, STORAGE_FOLDERS.modelSources, FINISHED);
    await attachFiles(source, ITEM_FILES, STORAGE_FOLDERS.libraryItemSources, FINISHED);
    await markDone(db, FILES_DONE);
  }
  if (!(await isDone(db, ON_THEIR_WAY_DONE))) {
    await attachFiles(source, MODEL_FILES, STORAGE_FOLDERS.modelSources, ON_THEIR_WAY);
    await attachFiles(source, ITEM_FILES, STORAGE_FOLDERS.libraryItemSources, ON_THEIR_WAY);
    await markDone(db, ON_THEIR_WAY_DONE);
  }
  if (!(await isDone(db, MATERIALS_DONE))) {
    await attachMaterialPictures(source);
    await markDone(db, MATERIALS_DONE);
  }
}
