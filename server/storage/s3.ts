/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph, R2, …) when S3_BUCKET is set: the FileStorage of stored
 * files (keys such as `models/….fbx`) and, through @tus/s3-store, the resumable uploads (keyed by their 32-hex tus
 * id, so the two never meet) live in one bucket that every server process shares.
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { ServerConfig } from '../config';
import { isSafeKey, type FileStorage } from './storage';

export type S3Settings = NonNullable<ServerConfig['s3']>;

/** The client settings for the bucket's service. */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    // Checksums only where S3 requires them: other S3-compatible services do not all take the streamed ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  };
}

const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return key;
  };
  return {
    async putFile(key, sourcePath) {
      const { size } = await stat(sourcePath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: createReadStream(sourcePath),
          ContentLength: size,
        }),
      );
      await rm(sourcePath, { force: true });
    },
    async read(key) {
      if (!isSafeKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
  };
}
