/**
 * The API's JSON answers compressed for clients that accept it (@fastify/compress): a page of 25 projects is about
 * 13 kB as JSON and under 2 kB with Brotli, which a phone on a slow connection waits for on every list and
 * dashboard card. Only JSON is compressed: stored files (models, pictures, archives, exports) are sent as they
 * are stored, with their length, and the portal's own files are compressed once at build time (server/portal.ts). Brotli at quality 4 (the library's default for answers made per request: about 60 µs for
 * 13 kB here, where quality 11 takes 20 ms), else gzip; answers under 1 kB are sent as they are. Request bodies are
 * not decompressed: no client sends them compressed.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** `application/json` and the `+json` types (e.g. `application/problem+json`), with or without parameters. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** Whether an answer of this Content-Type is compressed. */
export const isCompressedType = (contentType: string) => JSON_TYPE.test(contentType);

/**
 * The route options of a route that sends a stored file: sent as stored, whatever its type (the library would
 * otherwise compress every type mime-db calls compressible, glb models and CSV exports among them, at each
 * download, dropping their length).
 */
export const SENT_AS_STORED = { compress: false } as const;

/**
 * Registers the compression of JSON answers in `app`'s scope (the API's: server/api/index.ts); call before the
 * routes are declared, as it hooks each new route.
 */
export async function registerResponseCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    customTypes: isCompressedType,
    globalDecompression: false,
  });
}
