/**
 * The stored files of a company that is being deleted: every FileStorage key its rows name (previews, model and
 * item sources, material archives, downloads, issue screenshots, its logo and background, the profile images of
 * the members who leave with it) and its unfinished resumable uploads. Collected inside the delete's transaction,
 * removed once it has committed, so a failed delete leaves every file in place. A key another row still names
 * after the delete (a file shared with another company's row) is kept. Which columns hold files each entity
 * declares (`fileColumns`, server/http/crud/declaration.ts), so a new entity's files go too without a line here.
 */
import { sql } from 'kysely';
import { usdzKeyOf } from '../../shared/ar-models';
import { previewKeyAt2x, previewSrcSet } from '../../shared/preview-images';
import type { DB } from '../db/database';
import type { RegistrableEntity } from '../http/crud/declared-entity';
import type { FileStorage } from '../storage/storage';
import type { UploadStore } from '../uploads/upload-store';

/**
 * File columns of tables that are no declared entity: a material import's archive (materials.ts writes the
 * `material_imports` rows beside the materials declaration) and the kept versions of models and library items
 * (server/processing/file-versions.ts), and list exports' files (server/api/list-exports.ts). Every declared entity's come from its declaration; the test of this module
 * fails for a file column named nowhere.
 */
const VERSION_FILE_COLUMNS = ['file_key', 'viewer_model_key', 'preview_image_url'] as const;
const UNDECLARED_FILE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  material_imports: ['file_key'],
  list_exports: ['file_key'],
  model_versions: VERSION_FILE_COLUMNS,
  library_item_versions: VERSION_FILE_COLUMNS,
};

/** Every table's columns that may name a stored file: the declarations' `fileColumns` and the tables above. */
export function storedFileColumns(
  entities: ReadonlyArray<{ table: string; fileColumns?: readonly string[] }>,
): Map<string, Set<string>> {
  const tables = new Map<string, Set<string>>();
  const add = (table: string, columns: readonly string[]) => {
    if (!columns.length) return;
    const known = tables.get(table) ?? new Set<string>();
    for (const column of columns) known.add(column);
    tables.set(table, known);
  };
  for (const entity of entities) add(entity.table, entity.fileColumns ?? []);
  for (const [table, columns] of Object.entries(UNDECLARED_FILE_COLUMNS)) add(table, columns);
  return tables;
}

/**
 * The tables whose rows are a company's (they have `company_id`): they go with it. The company's own row and its
 * members (`users`, no `company_id`) are read apart: its logo and background, the profile images of those who leave.
 */
async function companyTables(db: DB): Promise<Set<string>> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where column_name = 'company_id' and table_schema = current_schema()
  `.execute(db);
  return new Set(rows.map((row) => row.table_name));
}

/** A value that is a key of ours, not a URL or a path some seed or import wrote. */
export const isStoredKey = (value: string) =>
  !/^(https?:)?\/\//.test(value) && !value.startsWith('/') && !value.startsWith('data:');

async function columnValues(db: DB, table: string, column: string, companyId: number): Promise<string[]> {
  const { rows } = await sql<{ key: string }>`
    select ${sql.ref(column)} as key from ${sql.table(table)}
    where company_id = ${companyId} and ${sql.ref(column)} is not null
  `.execute(db);
  return rows.map((row) => row.key);
}

export interface CompanyFiles {
  keys: string[];
  uploadIds: string[];
}

/** The files of the company's rows and of the given users (who leave with it); call before deleting. */
export async function companyFiles(
  db: DB,
  entities: readonly RegistrableEntity[],
  company: { id: number; logo: string | null; background_image: string | null },
  leavingUserIds: number[],
): Promise<CompanyFiles> {
  const keys = new Set<string>([company.logo, company.background_image].filter((key) => key !== null));
  const ofCompanies = await companyTables(db);
  for (const [table, columns] of storedFileColumns(entities)) {
    if (!ofCompanies.has(table)) continue;
    for (const column of columns) {
      for (const key of await columnValues(db, table, column, company.id)) keys.add(key);
    }
  }
  if (leavingUserIds.length) {
    const users = await db
      .selectFrom('users')
      .select('profile_image')
      .where('id', 'in', leavingUserIds)
      .where('profile_image', 'is not', null)
      .execute();
    for (const user of users) keys.add(user.profile_image!);
  }
  const uploads = await db.selectFrom('uploads').select('id').where('company_id', '=', company.id).execute();
  return { keys: [...keys].filter(isStoredKey), uploadIds: uploads.map((upload) => upload.id) };
}

/** Of `keys`, those no row names any more; call after deleting, inside the same transaction. */
export async function unreferencedKeys(
  db: DB,
  entities: readonly RegistrableEntity[],
  keys: string[],
): Promise<string[]> {
  if (!keys.length) return [];
  const named = new Set<string>();
  for (const [table, columns] of storedFileColumns(entities)) {
    for (const column of columns) {
      const { rows } = await sql<{ key: string }>`
        select ${sql.ref(column)} as key from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(keys)})
      `.execute(db);
      for (const row of rows) named.add(row.key);
    }
  }
  // A drawn preview's 2× copy (shared/preview-images.ts) goes with its card-size image, a viewer glb's USDZ
  // (shared/ar-models.ts) with the glb.
  return keys
    .filter((key) => !named.has(key))
    .flatMap((key) =>
      previewSrcSet(key) ? [key, previewKeyAt2x(key)] : key.endsWith('.glb') ? [key, usdzKeyOf(key)] : [key],
    );
}

/** Removes the files and uploads; a file already gone (or unreadable) does not stop the others. */
export async function removeCompanyFiles(
  storage: FileStorage,
  uploads: UploadStore,
  files: CompanyFiles,
): Promise<void> {
  await Promise.all([
    ...files.keys.map((key) => storage.delete(key).catch(() => undefined)),
    ...files.uploadIds.map((id) => uploads.remove(id).catch(() => undefined)),
  ]);
}
