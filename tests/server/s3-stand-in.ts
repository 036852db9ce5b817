/**
 * A local S3 service for tests: s3rver (a pure-npm S3 server storing in a temporary directory) on an ephemeral
 * port with one bucket. s3rver answers neither ListParts nor AbortMultipartUpload, which the tus S3 store uses to
 * find an upload's offset and to terminate it; a small middleware in front answers those two from the parts
 * s3rver keeps on disk.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { ServerConfig } from '../../server/config';

type Settings = NonNullable<ServerConfig['s3']>;

/** What s3rver is underneath its published types: a Koa application with a filesystem store. */
interface KoaS3rver {
  middleware: Array<(context: KoaContext, next: () => Promise<void>) => Promise<void>>;
  store: { getResourcePath(bucket: string, key: undefined, resource: string): string };
}
interface KoaContext {
  req: IncomingMessage;
  res: ServerResponse;
  respond: boolean;
}

export interface S3StandIn {
  settings: Settings;
  close(): Promise<void>;
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startS3StandIn(): Promise<S3StandIn> {
  const directory = await mkdtemp(join(tmpdir(), 's3-stand-in-'));
  const bucket = `bucket-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const koa = server as unknown as KoaS3rver;
  koa.middleware.unshift(async (context, next) => {
    const url = new URL(context.req.url ?? '/', 'http://stand-in');
    const uploadId = url.searchParams.get('uploadId');
    if (!uploadId || !['GET', 'DELETE'].includes(context.req.method ?? '')) return next();
    const [, requestBucket, ...key] = url.pathname.split('/');
    const partsDirectory = join(koa.store.getResourcePath(requestBucket, undefined, 'uploads'), uploadId);
    context.respond = false;
    if (context.req.method === 'DELETE') {
      await rm(partsDirectory, { recursive: true, force: true });
      context.res.writeHead(204).end();
      return;
    }
    const names = (await readdir(partsDirectory).catch(() => [])).filter((name) => /^\d+$/.test(name));
    const parts = await Promise.all(
      names.map(async (name) => ({
        number: Number(name),
        size: (await stat(join(partsDirectory, name))).size,
        etag: (await readFile(join(partsDirectory, `${name}.md5`), 'utf8')).trim(),
      })),
    );
    parts.sort((a, b) => a.number - b.number);
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(requestBucket)}</Bucket><Key>${escapeXml(decodeURIComponent(key.join('/')))}</Key><UploadId>${escapeXml(uploadId)}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${parts.at(-1)?.number ?? 0}</NextPartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts
      .map(
        (part) =>
          `<Part><PartNumber>${part.number}</PartNumber><ETag>"${part.etag}"</ETag><Size>${part.size}</Size></Part>`,
      )
      .join('')}</ListPartsResult>`;
    context.res.writeHead(200, { 'Content-Type': 'application/xml' }).end(body);
  });
  const address = await server.run();
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${address.port}`,
      // s3rver's fixed development credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
