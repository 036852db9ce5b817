/**
 * A Vite plugin that writes a gzip (`.gz`) and a Brotli (`.br`) copy next to every compressible file of the
 * build (scripts, styles, translations, SVG), so the server can send them compressed without compressing per
 * request (`server/portal.ts` serves them with @fastify/static's `preCompressed`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt)$/;
/** Below this size a compressed copy saves less than the extra header costs. */
const MIN_BYTES = 1024;

export const gzipSize = (content: Buffer | string) => gzipSync(content, { level: 9 }).length;

function filesBelow(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

/** Writes `<file>.gz` and `<file>.br` for each compressible file of `folder` that is large enough. */
export function precompressFolder(folder: string): number {
  let written = 0;
  for (const path of filesBelow(folder)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    written += 1;
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
