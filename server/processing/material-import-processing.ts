/**
 * Material imports as a Processable: a run moves an uploaded archive QUEUED → PROCESSING → one material per
 * entry the archive holds (material-archive.ts), a step's time apart, each in the import's category, with the
 * import's `progress` (0–100) and `imported` names saved as it goes → FINISHED ('{n} materials imported') or
 * FAILED (why the archive is unusable). The result is a stored message (`materials:import.result.*` with its
 * parameters), so the import's status reads in the reader's language. A name the company already has gets ' (2)',
 * ' (3)', …. Each material gets its pictures from the archive (issue 28, server/geometry/material-pipeline.ts, in
 * a process of its own): its base-colour map for the viewer's sphere and a lit sphere as its preview; an archive
 * the pipeline refuses (a zip bomb, a path outside its folder) fails the import with the pipeline's reason.
 * The portal polls the import (`GET /materials/import/{id}`); spec 2 has no live channel for materials.
 * A run belongs to one attempt: a stale attempt's next save finds nothing to update and the run ends quietly.
 */
import { sql } from 'kysely';
import { message } from '../../shared/messages';
import { storedMessageColumns } from '../http/messages';
import type { DB } from '../db/database';
import type { MaterialImportStatus, MaterialImportsTable } from '../db/schema';
import type { Selectable, Updateable } from 'kysely';
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { previewKeyAt2x } from '../../shared/preview-images';
import { GeometryFailure } from '../geometry/failures';
import type { MaterialPicture, MaterialPipelineResult } from '../geometry/material-pipeline';
import type { FileStorage } from '../storage/storage';
import { type ArchiveFailure, readMaterialArchive } from './material-archive';
import { makeWorkFolder, runPipeline } from './pipeline-runner';
import { PROCESSING_MESSAGES } from './processing-messages';
import type { Processable, ProcessingContext, ProcessingJob } from './processable';
import { STORAGE_FOLDERS, storageKey } from '../storage/storage-folders';

export const MATERIAL_IMPORT = 'material-import';

/** Why an import failed: the archive's own reasons, and a stored file that is gone or cannot be read. */
type ImportFailure = ArchiveFailure | 'missing' | 'unreadable';

const importResult = {
  finished: (count: number) => storedMessageColumns(message('materials:import.result.finished', { count })),
  failed: (reason: ImportFailure) =>
    storedMessageColumns(message(`materials:import.result.failed.${reason}`)),
};

/** Stores a material's pictures under new keys; answers the preview's and the texture's. */
export async function storeMaterialPicture(storage: FileStorage, picture: MaterialPicture) {
  const name = randomUUID();
  const keys = {
    preview: storageKey(STORAGE_FOLDERS.previews, `materials/${name}.webp`),
    texture: storageKey(STORAGE_FOLDERS.materialTextures, `${name}.webp`),
  };
  await storage.putFile(keys.preview, picture.preview);
  await storage.putFile(
    storageKey(STORAGE_FOLDERS.previews, previewKeyAt2x(`materials/${name}.webp`)),
    picture.preview2x,
  );
  await storage.putFile(keys.texture, picture.texture);
  return keys;
}

/** The pictures of the archive's materials (the pipeline in its own process), in `folder`. */
async function picturesOf(
  context: ProcessingContext,
  fileKey: string,
  fileName: string,
  folder: string,
): Promise<MaterialPipelineResult> {
  const stored = await context.storage.read(fileKey);
  if (!stored) return { pictures: {} };
  const source = join(folder, 'archive');
  await pipeline(stored.stream, createWriteStream(source));
  return runPipeline<MaterialPipelineResult>(
    { kind: 'material', input: { source, fileName, workFolder: folder } },
    { signal: context.signal },
  );
}

export const materialImportJob = (row: { id: number; processing_attempt: number }): ProcessingJob => ({
  entity: MATERIAL_IMPORT,
  id: row.id,
  attempt: row.processing_attempt,
});

/** A name not yet taken by a live material of the company: `name`, else `name (2)`, `name (3)`, …. */
export async function freeMaterialName(db: DB, companyId: number, name: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    select name from materials
    where company_id = ${companyId} and deleted_at is null and (name = ${name} or name like ${`${name.replace(/[\\%_]/g, '\\$&')} (%)`})
  `.execute(db);
  const taken = new Set(rows.map((row) => row.name));
  if (!taken.has(name)) return name;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${name} (${suffix})`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Saves a change of this attempt; false when the run is stale (or the worker stops). */
async function save(
  context: ProcessingContext,
  job: ProcessingJob,
  changes: Updateable<MaterialImportsTable>,
  from: MaterialImportStatus[] = ['PROCESSING'],
  write?: (trx: DB) => Promise<void>,
): Promise<boolean> {
  if (context.signal.aborted) return false;
  return context.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('material_imports')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', job.id)
      .where('processing_attempt', '=', job.attempt)
      .where('status', 'in', from)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    await write?.(trx);
    return true;
  });
}

export const materialImportProcessing: Processable = {
  entity: MATERIAL_IMPORT,
  table: 'material_imports',

  async unfinished(db) {
    const rows = await db
      .selectFrom('material_imports')
      .select(['id', 'processing_attempt'])
      .where('status', 'in', ['QUEUED', 'PROCESSING'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(materialImportJob);
  },

  async run(context, job) {
    const row = await context.db
      .selectFrom('material_imports')
      .selectAll()
      .where('id', '=', job.id)
      .where('processing_attempt', '=', job.attempt)
      .executeTakeFirst();
    if (!row || !(await save(context, job, { status: 'PROCESSING', progress: 0 }, ['QUEUED', 'PROCESSING'])))
      return;
    const stored = await context.storage.read(row.file_key);
    const reading: { ok: true; names: string[] } | { ok: false; reason: ImportFailure } = stored
      ? await readMaterialArchive(stored.stream, row.file_name).catch(() => ({
          ok: false as const,
          reason: 'unreadable' as const,
        }))
      : { ok: false, reason: 'missing' };
    if (!reading.ok) {
      await save(context, job, { status: 'FAILED', ...importResult.failed(reading.reason) });
      return;
    }
    const folder = await makeWorkFolder();
    try {
      await importMaterials(context, job, row, reading.names, folder);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  },
};

/** Creates the archive's materials, one per step, with their pictures. */
async function importMaterials(
  context: ProcessingContext,
  job: ProcessingJob,
  row: Selectable<MaterialImportsTable>,
  names: string[],
  folder: string,
): Promise<void> {
  let pictures: MaterialPipelineResult['pictures'];
  try {
    ({ pictures } = await picturesOf(context, row.file_key, row.file_name, folder));
  } catch (error) {
    if (!(error instanceof GeometryFailure)) throw error;
    const failure = PROCESSING_MESSAGES.failedWith({ code: error.code, params: error.params });
    await save(context, job, { status: 'FAILED', ...storedMessageColumns(failure) });
    return;
  }
  const imported: string[] = [];
  for (const [index, wanted] of names.entries()) {
    await context.pause();
    const picture = pictures[wanted];
    const keys = picture ? await storeMaterialPicture(context.storage, picture) : null;
    const done = await save(
      context,
      job,
      {
        progress: Math.floor(((index + 1) * 100) / (names.length + 1)),
        imported: JSON.stringify(imported),
      },
      ['PROCESSING'],
      async (trx) => {
        const name = await freeMaterialName(trx, row.company_id, wanted);
        const material = await trx
          .insertInto('materials')
          .values({
            company_id: row.company_id,
            name,
            creator_id: row.user_id,
            preview_image_url: keys?.preview ?? null,
            viewer_texture_key: keys?.texture ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (row.category_id !== null) {
          const category = await trx
            .selectFrom('material_categories')
            .select('id')
            .where('id', '=', row.category_id)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (category)
            await trx
              .insertInto('material_category')
              .values({ material_id: material.id, category_id: category.id })
              .execute();
        }
        imported.push(name);
        await trx
          .updateTable('material_imports')
          .set({ imported: JSON.stringify(imported) })
          .where('id', '=', job.id)
          .execute();
      },
    );
    if (!done) {
      // A stale run: its pictures were never named by a row.
      const unused = keys ? [keys.preview, previewKeyAt2x(keys.preview), keys.texture] : [];
      await Promise.all(unused.map((key) => context.storage.delete(key).catch(() => undefined)));
      return;
    }
  }
  await context.pause();
  await save(context, job, {
    status: 'FINISHED',
    progress: 100,
    ...importResult.finished(imported.length),
  });
}
