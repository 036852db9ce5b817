/**
 * Where the bytes of resumable (tus) uploads are while they arrive: a directory (STORAGE_DIR/uploads, the tus file
 * store) on the embedded setup, or the S3 bucket (@tus/s3-store) when S3_BUCKET is set, so that an upload started
 * on one server process can be resumed on another. Either way a finished upload is handed over as a local file,
 * which the caller checks and moves into the FileStorage.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/server';
import { s3ClientConfig, type S3Settings } from '../storage/s3';

export interface UploadStore {
  /** The tus data store the upload server writes to. */
  datastore: DataStore;
  /** A local file with all `size` bytes of the upload; null while it is incomplete (or gone). */
  finishedFile(id: string, size: number): Promise<string | null>;
  /** Removes whatever is left of an upload. */
  remove(id: string): Promise<void>;
}

export function diskUploadStore(directory: string, lifetimeMs: number): UploadStore {
  return {
    datastore: new FileStore({ directory, expirationPeriodInMilliseconds: lifetimeMs }),
    async finishedFile(id, size) {
      const path = join(directory, id);
      const received = await stat(path).catch(() => null);
      return received?.size === size ? path : null;
    },
    async remove(id) {
      await Promise.all([
        rm(join(directory, id), { force: true }),
        rm(join(directory, `${id}.json`), { force: true }),
      ]);
    },
  };
}

const LOCAL_COPIES = join(tmpdir(), 'portal-finished-uploads');

export function s3UploadStore(settings: S3Settings, lifetimeMs: number): UploadStore {
  const config = s3ClientConfig(settings);
  const client = new S3Client(config);
  const datastore = new S3Store({
    s3ClientConfig: { ...config, bucket: settings.bucket },
    expirationPeriodInMilliseconds: lifetimeMs,
  });
  // A copy per upload id: a second request for the same upload overwrites it, `remove` deletes it.
  const localCopy = (id: string) => join(LOCAL_COPIES, id);
  return {
    datastore,
    async finishedFile(id, size) {
      // The object appears when the multipart upload is completed, i.e. once the last byte arrived.
      const head = await client
        .send(new HeadObjectCommand({ Bucket: settings.bucket, Key: id }))
        .catch(() => null);
      if (head?.ContentLength !== size) return null;
      await mkdir(LOCAL_COPIES, { recursive: true });
      await pipeline(await datastore.read(id), createWriteStream(localCopy(id)));
      return localCopy(id);
    },
    async remove(id) {
      await datastore.remove(id).catch(() => undefined);
      await rm(localCopy(id), { force: true });
    },
  };
}
