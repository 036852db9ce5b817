/**
 * The assimpjs side of `npm run bench:processing` (scripts/bench-processing.ts): converts one FBX to glb with
 * assimpjs (assimp compiled to WebAssembly, format 'glb2') in a process of its own, so the benchmark can measure
 * what the conversion costs in time and memory apart from everything else.
 *
 * Usage: `node --import tsx scripts/bench/assimp-convert.ts <input.fbx> <output.glb>`. The FBX is given to
 * assimp with every image file in its folder (as FBX2glTF finds textures beside the FBX). When the process was
 * started with an IPC channel (child_process.fork) the result goes back as one message, otherwise it is printed
 * as one JSON line on stdout. Times are `performance.now()` milliseconds; memory is the process's peak resident
 * set (`process.resourceUsage().maxRSS`), once after Node and assimpjs's WebAssembly are loaded (the runtime's
 * own share) and once after the conversion.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';

/** The part of assimpjs's embind interface this runner uses (the package ships no types). */
interface AssimpFileList {
  AddFile(name: string, content: Uint8Array): void;
}
interface AssimpResultFile {
  GetContent(): Uint8Array;
}
interface AssimpResult {
  IsSuccess(): boolean;
  FileCount(): number;
  GetFile(index: number): AssimpResultFile;
  GetErrorCode(): string;
}
interface Assimp {
  FileList: new () => AssimpFileList;
  ConvertFileList(list: AssimpFileList, format: string): AssimpResult;
}
type AssimpFactory = () => Promise<Assimp>;

export type AssimpConversionReport =
  | {
      ok: true;
      /** Loading and instantiating the WebAssembly module. */
      loadMs: number;
      /** Reading the files, converting, writing the glb. */
      convertMs: number;
      /** Peak resident set once Node and assimpjs are loaded, before the file is read. */
      runtimeRssBytes: number;
      /** Peak resident set of the whole process after the conversion. */
      peakRssBytes: number;
      outputBytes: number;
    }
  | { ok: false; error: string; peakRssBytes: number };

const IMAGE = /\.(png|jpe?g|tga|bmp|tiff?|gif|webp|psd|dds)$/i;

const peakRss = () => process.resourceUsage().maxRSS * 1024;

async function convert(input: string, output: string): Promise<AssimpConversionReport> {
  const loadStart = performance.now();
  const factory = createRequire(import.meta.url)('assimpjs') as AssimpFactory;
  const assimp = await factory();
  const loadMs = performance.now() - loadStart;
  const runtimeRssBytes = peakRss();

  const start = performance.now();
  const folder = dirname(input);
  const images: string[] = [];
  for (const name of await readdir(folder))
    if (IMAGE.test(name) && (await stat(join(folder, name))).isFile()) images.push(name);
  const list = new assimp.FileList();
  list.AddFile(basename(input), await readFile(input));
  for (const name of images) list.AddFile(name, await readFile(join(folder, name)));
  const result = assimp.ConvertFileList(list, 'glb2');
  if (!result.IsSuccess() || result.FileCount() === 0)
    return { ok: false, error: `assimp: ${result.GetErrorCode() || 'no output'}`, peakRssBytes: peakRss() };
  const glb = result.GetFile(0).GetContent();
  await writeFile(output, glb);
  const convertMs = performance.now() - start;
  return {
    ok: true,
    loadMs,
    convertMs,
    runtimeRssBytes,
    peakRssBytes: peakRss(),
    outputBytes: glb.byteLength,
  };
}

const [input, output] = process.argv.slice(2);
const report: AssimpConversionReport =
  input && output
    ? await convert(input, output).catch((error: unknown): AssimpConversionReport => ({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
        peakRssBytes: peakRss(),
      }))
    : { ok: false, error: 'usage: assimp-convert.ts <input.fbx> <output.glb>', peakRssBytes: peakRss() };

if (process.send) process.send(report, () => process.disconnect());
else console.log(JSON.stringify(report));
