/**
 * What a project create, update or copy request may send (JSON or multipart; an update with a file is POST +
 * `_method=PATCH`) and how it is checked and saved: `name` (required, max 255), `description` (max 5000),
 * `status` (active | inactive), `labels[]` (labels of the company; a foreign or unknown id answers 422 `labels.N`),
 * `users[]` (users of the company, `users.N`), `parent_id` (a live project of the company, never the project itself
 * or one below it), `preview_image` (jpeg, png or bmp up to 3 MB). On update and copy every field is optional:
 * an absent field is kept, `labels`/`users` null or [] empties them, `preview_image` null (or an empty file input)
 * removes the image.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ProjectInput as ProjectFields } from '../../shared/entities/projects';
import type { Session } from '../auth/session';
import type { DB } from '../db/database';
import type { ProjectStatus } from '../db/schema';
import type { Submitted } from '../http/crud/declaration';
import { ValidationError } from '../errors/http-errors';
import { extensionOf } from '../storage/content-types';
import type { FileStorage } from '../storage/storage';
import { acceptUpload, type AcceptedUpload, storeUpload } from '../http/multipart-files';
import { IMAGE_RULES } from '../uploads/image-uploads';
import {
  allValid,
  companyRecordIds,
  companyMemberIds,
  companyRecordId,
  invalidSelection,
  notEmptied,
} from '../http/field-checks';
import { projectTreeIds } from './project-tree';
import { STORAGE_FOLDERS, storageKey } from '../storage/storage-folders';
import { inTransaction } from '../db/in-transaction';

const PREVIEW_FOLDER = STORAGE_FOLDERS.projectPreviews;

/** A create, update or copy body as the handler sees it (shared/entities/projects.ts declares the fields). */
export type ProjectInput = Submitted<ProjectFields>;

export interface CheckedProjectInput {
  /** Label and member ids to set; undefined keeps them. */
  labels: number[] | undefined;
  users: number[] | undefined;
  /** The parent to set; undefined keeps it. */
  parentId: number | null | undefined;
  /** A new image, null to remove it, undefined to keep it. */
  previewImage: AcceptedUpload | null | undefined;
}

/** The parent must be a live project of the company and, for an existing project, not in its own tree. */
async function checkedParent(
  db: DB,
  companyId: number,
  parentId: number | null | undefined,
  projectId: number | null,
) {
  const checked = await companyRecordId(db, 'projects', companyId, parentId, 'parent_id');
  if (checked && projectId !== null && (await projectTreeIds(db, companyId, projectId)).includes(checked)) {
    throw new ValidationError({ parent_id: [invalidSelection('parent_id')] });
  }
  return checked;
}

/** Every check of the body at once (one 422 listing every invalid field); `projectId` when it exists already. */
export async function checkProjectInput(
  db: DB,
  session: Session,
  body: ProjectInput,
  projectId: number | null,
): Promise<CheckedProjectInput> {
  const companyId = session.company.id;
  const ids = (value: number[] | null | undefined) => (value === undefined ? undefined : (value ?? []));
  const [, labels, users, parentId, previewImage] = await allValid([
    notEmptied(body, ['name', 'status']),
    body.labels === undefined
      ? Promise.resolve(undefined)
      : companyRecordIds(db, 'labels', companyId, ids(body.labels)!),
    body.users === undefined ? Promise.resolve(undefined) : companyMemberIds(db, companyId, ids(body.users)!),
    checkedParent(db, companyId, body.parent_id, projectId),
    'preview_image' in body
      ? acceptUpload(body.preview_image, 'preview_image', IMAGE_RULES.preview)
      : Promise.resolve(undefined),
  ] as const);
  return { labels, users, parentId, previewImage };
}

export const storePreviewImage = (storage: FileStorage, upload: AcceptedUpload) =>
  storeUpload(storage, PREVIEW_FOLDER, upload);

/** A copy of a stored file under a new key, so the copy and the original can change or go on their own. */
export async function copyStoredFile(storage: FileStorage, key: string): Promise<string | null> {
  const stored = await storage.read(key);
  if (!stored) return null;
  const folder = join(tmpdir(), 'portal-copies');
  await mkdir(folder, { recursive: true });
  const path = join(folder, randomUUID());
  await pipeline(stored.stream, createWriteStream(path));
  const copy = storageKey(PREVIEW_FOLDER, `${randomUUID()}.${extensionOf(key)}`);
  await storage.putFile(copy, path);
  return copy;
}

/** Sets a project's labels and members to exactly the given ids (undefined leaves them as they are). */
export async function saveProjectRelations(
  trx: DB,
  projectId: number,
  labels: number[] | undefined,
  users: number[] | undefined,
): Promise<void> {
  if (labels !== undefined) {
    await trx.deleteFrom('project_labels').where('project_id', '=', projectId).execute();
    if (labels.length) {
      await trx
        .insertInto('project_labels')
        .values(labels.map((label_id) => ({ project_id: projectId, label_id })))
        .execute();
    }
  }
  if (users !== undefined) {
    await trx.deleteFrom('project_user').where('project_id', '=', projectId).execute();
    if (users.length) {
      await trx
        .insertInto('project_user')
        .values(users.map((user_id) => ({ project_id: projectId, user_id })))
        .execute();
    }
  }
}

export interface NewProject {
  company_id: number;
  parent_id: number | null;
  name: string;
  description: string | null;
  status: ProjectStatus;
  preview_image: string | null;
  labels: number[];
  users: number[];
}

/** Inserts a project with its labels and members in one transaction; answers its id. */
export function insertProject(db: DB, { labels, users, ...values }: NewProject): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('projects')
      .values({ ...values, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveProjectRelations(trx, row.id, labels, users);
    return row.id;
  });
}
