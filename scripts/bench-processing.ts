/**
 * `npm run bench:processing`: what the 3D pipeline (server/geometry/) costs and why it converts with FBX2glTF.
 * Figures only: nothing here asserts a time. Every measurement runs BENCH_RUNS (3) times; the tables show the
 * median. Times are `performance.now()` milliseconds; memory is a process's peak resident set.
 *
 * 1. Converter comparison, the evidence docs/3d-pipeline.md cites: each fixture of tests/server/fbx-fixtures.ts
 *    (cube, textured plane with its checker.png beside it, node hierarchy, dense mesh of 200,000 triangles),
 *    written as binary and as ASCII FBX 7.4, converted by FBX2glTF (`convertFbx`, as the pipeline does) and by
 *    assimpjs (assimp in WebAssembly, in a Node process of its own: scripts/bench/assimp-convert.ts). Each glb is
 *    read with `gltfIO()` and checked against the fixture's expectation: triangles, normals, UVs (TEXCOORD_0
 *    where the fixture has UVs), materials, textures (embedded and used by a material), nodes, and the scene's
 *    bounds in metres (`getBounds`), a wrong box diagnosed where it can be (×100: the FBX unit scale ignored;
 *    "Z up kept": the axis conversion skipped). FBX2glTF's peak memory is its VmHWM, read from /proc every 2 ms
 *    while it runs; assimpjs's is its process's maxRSS, with the share of Node and the loaded WebAssembly alone.
 * 2. Pipeline throughput: the 200,000-triangle dense mesh, the textured plane with a 4096² checker (so the
 *    optimizer's resize to 2048 has work to do) and a 1,000,000-triangle dense mesh, as binary FBX 7.4:
 *    conversion (FBX2glTF) and optimization (optimizer.ts, in a child process of its own, `--optimize-child`)
 *    in MB/s of input and triangles/s, peak memory, bytes before and after; beside it `gltf-transform optimize`
 *    of @gltf-transform/cli on the same converted glb as the reference, with its defaults (which simplify the
 *    mesh) and with `--simplify false` (like for like); and the preview render (preview-render.ts) at card size.
 * 3. Formats: the whole pipeline (in its own process, as the worker runs it) on the largest real file of each
 *    format in the shared corpus (../shared/corpus/), in MB/s of input and triangles/s with the process's peak
 *    memory; then every corpus file through the pipeline and the corpus's score by its manifest
 *    (tests/server/corpus.ts, the check the corpus tests make).
 *
 * 4. Upload to viewer ready: through the contract server with its default settings, from a model's upload to
 *    FINISHED, on a quiet server and beside the demo content's processing (scripts/bench/upload-to-ready.ts).
 *
 * Everything is written under one temporary folder, removed at the end (also on Ctrl-C).
 * Settings: BENCH_RUNS (3), BENCH_SECTIONS (`1234`: which of the four sections run), BENCH_PORT (8198, section 4's
 * server).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type Document, Logger, type NodeIO } from '@gltf-transform/core';
import { cloneDocument, getBounds } from '@gltf-transform/functions';
import {
  checkerPng,
  cube,
  denseMesh,
  type FbxFixture,
  nodeHierarchy,
  texturedPlane,
} from '../tests/server/fbx-fixtures';
import { convertFbx } from '../server/geometry/fbx-converter';
import type { FbxNode, FbxScene, Vec3 } from '../server/seed/fbx-writer';
import { writeFbxAscii, writeFbxBinary } from '../server/seed/fbx-writer';
import { drawnGeometry } from '../server/geometry/geometry-statistics';
import { gltfIO } from '../server/geometry/gltf-io';
import { type ModelPipelineResult, PREVIEW_SIZE } from '../server/geometry/model-pipeline';
import { optimizeDocument } from '../server/geometry/optimizer';
import { renderModelPreview } from '../server/geometry/preview-render';
import { runPipeline } from '../server/processing/pipeline-runner';
import { modelFormatOf } from '../shared/model-formats';
import {
  convertCorpusFile,
  corpusExpectations,
  corpusKind,
  corpusPath,
  corpusProblems,
} from '../tests/server/corpus';
import type { AssimpConversionReport } from './bench/assimp-convert';
import { uploadToReady } from './bench/upload-to-ready';
import { machineLoad } from './bench/child-server';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** The sections to run (BENCH_SECTIONS, e.g. `3`; all by default). */
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? '1234').split(''));
const DENSE_TRIANGLES = 200_000;
const BIG_TRIANGLES = 1_000_000;
const PIPELINE_TEXTURE_SIZE = 4096;
/** How often the peak memory of child processes is read from /proc. */
const POLL_MS = 2;

const SELF = fileURLToPath(import.meta.url);
const REPO = dirname(dirname(SELF));
const ASSIMP_RUNNER = join(REPO, 'scripts', 'bench', 'assimp-convert.ts');
const OPTIMIZE_CHILD = '--optimize-child';
const require = createRequire(import.meta.url);
const GLTF_TRANSFORM_CLI = join(dirname(require.resolve('@gltf-transform/cli')), '..', 'bin', 'cli.js');

type Box = { min: Vec3; max: Vec3 };
type Encoding = 'binary' | 'ascii';

// ---------------------------------------------------------------------------------------------------------------
// Figures and tables.

const median = (values: number[]): number => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const ms = (value: number) =>
  Number.isFinite(value) ? (value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US')) : '—';
const mib = (bytes: number) =>
  Number.isFinite(bytes) && bytes > 0 ? (bytes / 2 ** 20).toFixed(bytes < 10 * 2 ** 20 ? 1 : 0) : '—';
const mb = (bytes: number) => (bytes / 1e6).toFixed(bytes < 1e6 ? 3 : 2);
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const perSecond = (amount: number, milliseconds: number, unit: number, digits = 1) =>
  Number.isFinite(milliseconds) && milliseconds > 0
    ? (amount / unit / (milliseconds / 1000)).toFixed(digits)
    : '—';
const count = (value: number) => value.toLocaleString('en-US');

/** A length in metres, in the unit that keeps it readable. */
function metres(value: number): string {
  if (value >= 1) return `${value.toFixed(2)} m`;
  if (value >= 0.001) return `${(value * 1000).toFixed(1)} mm`;
  return `${(value * 1e6).toFixed(1)} µm`;
}

/** Prints a table; `align` has an 'l' or 'r' per column. */
function printTable(headers: string[], rows: string[][], align: string): void {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        align[column] === 'r' ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((width) => '─'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------------------------------------------------------
// Child processes: their peak memory, and the two runners.

/** The process ids below `pid` (children, grandchildren…), from /proc/<pid>/task/<tid>/children. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift() as number;
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let children = '';
      try {
        children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.split(' ').filter(Boolean).map(Number)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** A process's peak resident set so far (VmHWM), 0 once it is gone. */
function highWaterMark(pid: number): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Watches this process's descendants until `stop()`, which answers the largest VmHWM seen in any of them. */
function watchChildMemory(): { stop: () => number } {
  let peak = 0;
  const sample = () => {
    for (const pid of descendants(process.pid)) peak = Math.max(peak, highWaterMark(pid));
  };
  const timer = setInterval(sample, POLL_MS);
  return {
    stop: () => {
      sample();
      clearInterval(timer);
      return peak;
    },
  };
}

/** Waits for a forked child's one message and its end. */
function childResult<Report>(child: ChildProcess): Promise<{ report: Report | null; log: string }> {
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-2000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let report: Report | null = null;
  child.on('message', (message) => {
    report = message as Report;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) =>
      resolve({ report, log: report ? log : `${log}\nexit ${code ?? signal}`.trim() }),
    );
  });
}

interface Fbx2gltfRun {
  ms: number;
  peakBytes: number;
  glb: string | null;
  error?: string;
}

async function runFbx2gltf(fbx: string, outputBase: string, tempFolder: string): Promise<Fbx2gltfRun> {
  const watch = watchChildMemory();
  const start = performance.now();
  try {
    const glb = await convertFbx(fbx, outputBase, tempFolder);
    const ms = performance.now() - start;
    return { ms, peakBytes: watch.stop(), glb };
  } catch (error) {
    const ms = performance.now() - start;
    return {
      ms,
      peakBytes: watch.stop(),
      glb: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

interface AssimpRun {
  /** From starting the process to its end: Node's start, loading the WebAssembly, converting. */
  wallMs: number;
  report: AssimpConversionReport;
}

async function runAssimp(fbx: string, glb: string): Promise<AssimpRun> {
  const start = performance.now();
  const child = fork(ASSIMP_RUNNER, [fbx, glb], {
    cwd: REPO,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const { report, log } = await childResult<AssimpConversionReport>(child);
  const wallMs = performance.now() - start;
  return { wallMs, report: report ?? { ok: false, error: log || 'no report', peakRssBytes: Number.NaN } };
}

/** What the optimization child reports (this script run with `--optimize-child <in.glb> <out.glb>`). */
interface OptimizeReport {
  triangles: number;
  readMs: number;
  /** `optimizeDocument` on a copy and writing the glb, as model-pipeline.ts does. */
  optimizeMs: number;
  previewMs: number;
  runtimeRssBytes: number;
  /** After the optimization, before the preview. */
  peakRssBytes: number;
  outputBytes: number;
}

async function optimizeChild(input: string, output: string): Promise<void> {
  const io = await quietIO();
  const peakRss = () => process.resourceUsage().maxRSS * 1024;
  const runtimeRssBytes = peakRss();
  let start = performance.now();
  const document = await io.read(input);
  const readMs = performance.now() - start;
  start = performance.now();
  const optimized = await io.writeBinary(await optimizeDocument(cloneDocument(document)));
  await writeFile(output, optimized);
  const optimizeMs = performance.now() - start;
  const peakRssBytes = peakRss();
  start = performance.now();
  await renderModelPreview(document, PREVIEW_SIZE);
  const previewMs = performance.now() - start;
  const report: OptimizeReport = {
    triangles: drawnGeometry(document).triangles,
    readMs,
    optimizeMs,
    previewMs,
    runtimeRssBytes,
    peakRssBytes,
    outputBytes: optimized.byteLength,
  };
  if (process.send) process.send(report, () => process.disconnect());
  else console.log(JSON.stringify(report));
}

async function runOptimizeChild(input: string, output: string): Promise<OptimizeReport> {
  const child = fork(SELF, [OPTIMIZE_CHILD, input, output], {
    cwd: REPO,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const { report, log } = await childResult<OptimizeReport>(child);
  if (!report) throw new Error(`the optimization child failed: ${log}`);
  return report;
}

/** `gltf-transform optimize <input> <output> ...args`, timed from start to end of its process. */
async function runGltfTransform(args: string[]): Promise<{ ms: number; peakBytes: number }> {
  const watch = watchChildMemory();
  const start = performance.now();
  const child = spawn(process.execPath, [GLTF_TRANSFORM_CLI, ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { log } = await childResult<never>(child);
  const ms = performance.now() - start;
  const peakBytes = watch.stop();
  if (child.exitCode !== 0) throw new Error(`gltf-transform ${args[0]} failed: ${log}`);
  return { ms, peakBytes };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading a glb and checking it against its fixture.

let quiet: Promise<NodeIO> | undefined;

/** The pipeline's NodeIO, telling only errors (assimp's glb names an extension glTF-Transform does not know). */
function quietIO(): Promise<NodeIO> {
  quiet ??= gltfIO().then((io) => io.setLogger(new Logger(Logger.Verbosity.ERROR)));
  return quiet;
}

interface Observed {
  bytes: number;
  triangles: number;
  normals: boolean;
  uvs: boolean;
  materials: number;
  textures: number;
  /** Images the glb names by a file path instead of holding them (the glb alone shows no texture). */
  externalImages: number;
  /** Every texture has its image inside the glb, and some material uses one. */
  texturesUsable: boolean;
  nodes: number;
  bounds: Box | null;
  /** The glb's extensionsUsed, as written (glTF-Transform drops the ones it does not know). */
  extensions: string[];
}

/** The glb's JSON chunk, as far as these checks need it. */
function jsonOfGlb(bytes: Buffer): { extensionsUsed?: string[]; images?: Array<{ uri?: string }> } {
  try {
    return JSON.parse(bytes.subarray(20, 20 + bytes.readUInt32LE(12)).toString('utf8')) as ReturnType<
      typeof jsonOfGlb
    >;
  } catch {
    return {};
  }
}

function sceneOf(document: Document) {
  const root = document.getRoot();
  return root.getDefaultScene() ?? root.listScenes()[0] ?? null;
}

async function observe(path: string): Promise<Observed> {
  const bytes = await readFile(path);
  const json = jsonOfGlb(bytes);
  const externalImages = (json.images ?? []).filter(
    (image) => image.uri && !image.uri.startsWith('data:'),
  ).length;
  // read(), not readBinary(): an image named by path is found beside the glb, so it can still be counted.
  const document = await (await quietIO()).read(path);
  const root = document.getRoot();
  const drawn = drawnGeometry(document);
  const primitives = root.listMeshes().flatMap((mesh) => mesh.listPrimitives());
  const scene = sceneOf(document);
  const textures = root.listTextures();
  return {
    bytes: bytes.byteLength,
    triangles: drawn.triangles,
    normals: primitives.length > 0 && primitives.every((primitive) => primitive.getAttribute('NORMAL')),
    uvs: primitives.length > 0 && primitives.every((primitive) => primitive.getAttribute('TEXCOORD_0')),
    materials: drawn.materials,
    textures: textures.length,
    externalImages,
    texturesUsable:
      externalImages === 0 &&
      textures.every((texture) => (texture.getImage()?.byteLength ?? 0) > 0) &&
      (textures.length === 0 || root.listMaterials().some((material) => material.getBaseColorTexture())),
    nodes: drawn.nodes,
    bounds: scene && drawn.triangles ? getBounds(scene) : null,
    extensions: json.extensionsUsed ?? [],
  };
}

/** What the fixture's expectation does not say: its materials (once per name) and whether its meshes have UVs. */
function sceneFacts(scene: FbxScene): { materials: number; uvs: boolean } {
  const materials = new Set<string>();
  let uvs = true;
  const visit = (node: FbxNode) => {
    if (node.mesh?.polygons.length) {
      if (node.material) materials.add(node.material.name);
      if (!node.mesh.uvs) uvs = false;
    }
    node.children?.forEach(visit);
  };
  scene.nodes.forEach(visit);
  return { materials: materials.size, uvs };
}

function corners(box: Box): Vec3[] {
  const points: Vec3[] = [];
  for (const x of [box.min[0], box.max[0]])
    for (const y of [box.min[1], box.max[1]])
      for (const z of [box.min[2], box.max[2]]) points.push([x, y, z]);
  return points;
}

function boxOf(points: Vec3[]): Box {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const point of points)
    for (let axis = 0; axis < 3; axis += 1) {
      min[axis] = Math.min(min[axis], point[axis]);
      max[axis] = Math.max(max[axis], point[axis]);
    }
  return { min, max };
}

const boxError = (a: Box, b: Box) =>
  Math.max(
    ...[0, 1, 2].flatMap((axis) => [
      Math.abs(a.min[axis] - b.min[axis]),
      Math.abs(a.max[axis] - b.max[axis]),
    ]),
  );

const boxExtent = (box: Box) => Math.max(...[0, 1, 2].map((axis) => box.max[axis] - box.min[axis]));

/**
 * The known ways a converter gets the box wrong, as maps of the expected box: the unit scale ignored (the FBX's
 * own units taken as metres, ×100 for centimetres) and the Z-up scene left Z up (glTF Y = the expected −Z).
 */
const BOX_MISTAKES: Array<{ label: string; map: (point: Vec3) => Vec3 }> = [100, 0.01, 1].flatMap((scale) =>
  [false, true]
    .filter((zUpKept) => scale !== 1 || zUpKept)
    .map((zUpKept) => ({
      label: [scale !== 1 ? `×${scale}` : '', zUpKept ? 'Z up kept' : ''].filter(Boolean).join(', '),
      map: ([x, y, z]: Vec3): Vec3 =>
        zUpKept ? [x * scale, -z * scale, y * scale] : [x * scale, y * scale, z * scale],
    })),
);

function boundsCell(actual: Box | null, expected: Box | null): { ok: boolean; text: string } {
  if (!actual || !expected)
    return actual === expected ? { ok: true, text: '✓ none' } : { ok: false, text: '✗ none' };
  const error = boxError(actual, expected);
  const tolerance = (box: Box) => 1e-4 + 1e-5 * boxExtent(box);
  if (error <= tolerance(expected)) return { ok: true, text: `✓ err ${metres(error)}` };
  const mistake = BOX_MISTAKES.find(
    ({ map }) => boxError(actual, boxOf(corners(expected).map(map))) <= tolerance(actual),
  );
  return { ok: false, text: `✗ ${mistake ? `${mistake.label} ` : ''}err ${metres(error)}` };
}

interface Checked {
  cells: string[];
  mismatches: string[];
}

function check(observed: Observed, fixture: FbxFixture): Checked {
  const expected = fixture.expected;
  const facts = sceneFacts(fixture.scene);
  const mismatches: string[] = [];
  const cell = (name: string, ok: boolean, good: string, bad: string) => {
    if (!ok) mismatches.push(name);
    return ok ? good : `✗ ${bad}`;
  };
  const triangles = cell(
    'triangles',
    observed.triangles === expected.triangles,
    count(observed.triangles),
    `${count(observed.triangles)}/${count(expected.triangles)}`,
  );
  const normals = cell('normals', observed.normals, '✓', 'none');
  const uvs = facts.uvs ? cell('UVs', observed.uvs, '✓', 'none') : observed.uvs ? 'added' : '— (none)';
  const materials = cell(
    'materials',
    observed.materials === facts.materials,
    String(observed.materials),
    `${observed.materials}/${facts.materials}`,
  );
  const textures = cell(
    'textures',
    observed.textures === expected.textures && observed.texturesUsable,
    String(observed.textures),
    observed.externalImages
      ? `${observed.textures}, not embedded`
      : observed.texturesUsable
        ? `${observed.textures}/${expected.textures}`
        : `${observed.textures}, unused or empty`,
  );
  const nodes = cell(
    'nodes',
    observed.nodes === expected.nodes,
    String(observed.nodes),
    `${observed.nodes}/${expected.nodes}`,
  );
  const bounds = boundsCell(observed.bounds, expected.boundsMetres);
  if (!bounds.ok) mismatches.push(`bounds (${bounds.text.replace(/^✗ /, '')})`);
  return { cells: [triangles, normals, uvs, materials, textures, nodes, bounds.text], mismatches };
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Converter comparison.

/** Writes the fixture's FBX (and its textures) into a folder of its own; answers the FBX's path and size. */
async function writeFixture(
  folder: string,
  fixture: FbxFixture,
  encoding: Encoding,
  textureSize = 64,
): Promise<{ fbx: string; bytes: number }> {
  await mkdir(folder, { recursive: true });
  const bytes =
    encoding === 'binary' ? writeFbxBinary(fixture.scene, { version: 7400 }) : writeFbxAscii(fixture.scene);
  const fbx = join(folder, 'model.fbx');
  await writeFile(fbx, bytes);
  for (const name of fixture.textureFiles) await writeFile(join(folder, name), await checkerPng(textureSize));
  return { fbx, bytes: bytes.byteLength };
}

interface ComparisonRow {
  fixture: string;
  encoding: Encoding;
  converter: 'FBX2glTF' | 'assimpjs';
  fbxBytes: number;
  error?: string;
  observed?: Observed;
  checked?: Checked;
  wallMs: number;
  /** assimpjs only: reading, converting and writing, inside its process (without Node's start or the load). */
  convertMs: number;
  peakBytes: number;
  runtimeBytes: number;
}

async function converterComparison(root: string): Promise<void> {
  const fixtures = [cube(), texturedPlane(), nodeHierarchy(), denseMesh(DENSE_TRIANGLES)];
  const temp = join(root, 'fbx-temp');
  await mkdir(temp, { recursive: true });
  const rows: ComparisonRow[] = [];
  for (const fixture of fixtures)
    for (const encoding of ['binary', 'ascii'] as const) {
      const folder = join(root, 'compare', `${fixture.name}-${encoding}`);
      const { fbx, bytes } = await writeFixture(folder, fixture, encoding);

      const fbx2gltfRuns: Fbx2gltfRun[] = [];
      for (let run = 0; run < RUNS; run += 1)
        fbx2gltfRuns.push(await runFbx2gltf(fbx, join(folder, 'fbx2gltf'), temp));
      const lastFbx2gltf = fbx2gltfRuns[fbx2gltfRuns.length - 1];
      const fbx2gltfRow: ComparisonRow = {
        fixture: fixture.name,
        encoding,
        converter: 'FBX2glTF',
        fbxBytes: bytes,
        wallMs: median(fbx2gltfRuns.map((run) => run.ms)),
        convertMs: Number.NaN,
        peakBytes: median(fbx2gltfRuns.map((run) => run.peakBytes)),
        runtimeBytes: Number.NaN,
      };
      if (lastFbx2gltf.glb) {
        fbx2gltfRow.observed = await observe(lastFbx2gltf.glb);
        fbx2gltfRow.checked = check(fbx2gltfRow.observed, fixture);
      } else fbx2gltfRow.error = lastFbx2gltf.error;
      rows.push(fbx2gltfRow);

      const assimpGlb = join(folder, 'assimp.glb');
      const assimpRuns: AssimpRun[] = [];
      for (let run = 0; run < RUNS; run += 1) assimpRuns.push(await runAssimp(fbx, assimpGlb));
      const succeeded = assimpRuns.flatMap((run) => (run.report.ok ? [run.report] : []));
      const failed = assimpRuns.find((run) => !run.report.ok)?.report;
      const assimpRow: ComparisonRow = {
        fixture: fixture.name,
        encoding,
        converter: 'assimpjs',
        fbxBytes: bytes,
        wallMs: median(assimpRuns.map((run) => run.wallMs)),
        convertMs: median(succeeded.map((report) => report.convertMs)),
        peakBytes: median(assimpRuns.map((run) => run.report.peakRssBytes)),
        runtimeBytes: median(succeeded.map((report) => report.runtimeRssBytes)),
      };
      if (failed && !failed.ok) assimpRow.error = failed.error.split('\n')[0];
      else {
        assimpRow.observed = await observe(assimpGlb);
        assimpRow.checked = check(assimpRow.observed, fixture);
      }
      rows.push(assimpRow);
    }

  console.log(`\n1. Converter comparison: FBX 7.4 → glb, median of ${RUNS} runs\n`);
  printTable(
    [
      'fixture',
      'FBX',
      'KB',
      'converter',
      'triangles',
      'normals',
      'UVs',
      'materials',
      'textures',
      'nodes',
      'bounds (m)',
      'process ms',
      'convert ms',
      'peak MiB',
      'runtime MiB',
      'glb KB',
    ],
    rows.map((row) => [
      row.fixture,
      row.encoding,
      kb(row.fbxBytes),
      row.converter,
      ...(row.checked ? row.checked.cells : [`✗ failed: ${row.error ?? '?'}`, '', '', '', '', '', '']),
      ms(row.wallMs),
      row.converter === 'FBX2glTF' ? '(same)' : ms(row.convertMs),
      mib(row.peakBytes),
      row.converter === 'FBX2glTF' ? '—' : mib(row.runtimeBytes),
      row.observed ? kb(row.observed.bytes) : '—',
    ]),
    'llrlllllllrrrrrr',
  );
  console.log(
    [
      '',
      'Expected (fbx-fixtures.ts):',
      ...fixtures.map((fixture) => {
        const facts = sceneFacts(fixture.scene);
        const box = fixture.expected.boundsMetres;
        const round = (point: Vec3) => `(${point.map((value) => Number(value.toFixed(3))).join(', ')})`;
        return (
          `  ${fixture.name}: ${count(fixture.expected.triangles)} triangles, normals, ${facts.uvs ? 'UVs' : 'no UVs'}, ` +
          `${facts.materials} material(s), ${fixture.expected.textures} texture(s), ${fixture.expected.nodes} nodes, ` +
          `box ${box ? `${round(box.min)}–${round(box.max)} m` : 'none'}; FBX unit ${fixture.scene.unitScaleCm ?? 1} cm, ` +
          `${(fixture.scene.upAxis ?? 'y').toUpperCase()} up`
        );
      }),
      '✗ marks a mismatch (got/expected). Bounds: the scene box (getBounds) against the expected box in metres, err =',
      'largest corner difference; "×100" = the FBX unit scale ignored (centimetres read as metres), "Z up kept" = the',
      "axis conversion skipped. process ms: starting the converter's process to its end (FBX2glTF: the whole run;",
      'assimpjs: Node start, loading the WebAssembly, converting). convert ms: assimpjs reading, converting and writing',
      "inside its process. peak MiB: FBX2glTF's VmHWM (sampled every 2 ms), assimpjs's process maxRSS; runtime MiB:",
      'the assimpjs process with Node and the WebAssembly loaded, before reading the file.',
    ].join('\n'),
  );

  console.log('\nSummary');
  for (const converter of ['FBX2glTF', 'assimpjs'] as const) {
    const mine = rows.filter((row) => row.converter === converter);
    const clean = mine.filter((row) => row.checked && !row.checked.mismatches.length).length;
    const problems = mine
      .filter((row) => row.error || row.checked?.mismatches.length)
      .map(
        (row) =>
          `${row.fixture} ${row.encoding}: ${row.error ? `failed (${row.error})` : (row.checked?.mismatches ?? []).join(', ')}`,
      );
    const extensions = [...new Set(mine.flatMap((row) => row.observed?.extensions ?? []))];
    const total = mine.reduce((sum, row) => sum + row.wallMs, 0);
    const dense = (encoding: Encoding) => {
      const row = mine.find(
        (candidate) => candidate.fixture === 'denseMesh' && candidate.encoding === encoding,
      );
      if (!row) return '—';
      return `${ms(row.wallMs)} ms ${encoding}${Number.isFinite(row.convertMs) ? ` (${ms(row.convertMs)} in-process)` : ''}`;
    };
    const largestPeak = Math.max(...mine.map((row) => row.peakBytes).filter(Number.isFinite));
    console.log(
      `  ${converter}: ${clean}/${mine.length} files match on every check; process time, all ${mine.length} files: ` +
        `${ms(total)} ms; dense mesh ${dense('binary')}, ${dense('ascii')}; largest peak ${mib(largestPeak)} MiB; ` +
        `extensionsUsed: ${extensions.length ? extensions.join(', ') : 'none'}`,
    );
    for (const problem of problems) console.log(`    ✗ ${problem}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Pipeline throughput.

interface PipelineInput {
  label: string;
  fixture: FbxFixture;
  textureSize?: number;
}

interface PipelineFigures {
  label: string;
  fbxBytes: number;
  triangles: number;
  convertMs: number;
  convertPeak: number;
  glbBytes: number;
  optimize: OptimizeReport[];
  cliDefault: { ms: number; peak: number; bytes: number; triangles: number };
  cliNoSimplify: { ms: number; peak: number; bytes: number; triangles: number };
}

async function cliFigures(
  glb: string,
  output: string,
  extra: string[],
): Promise<{ ms: number; peak: number; bytes: number; triangles: number }> {
  const runs: Array<{ ms: number; peakBytes: number }> = [];
  for (let run = 0; run < RUNS; run += 1)
    runs.push(
      await runGltfTransform([
        'optimize',
        glb,
        output,
        '--compress',
        'meshopt',
        '--texture-compress',
        'auto',
        ...extra,
      ]),
    );
  const observed = await observe(output);
  return {
    ms: median(runs.map((run) => run.ms)),
    peak: median(runs.map((run) => run.peakBytes)),
    bytes: observed.bytes,
    triangles: observed.triangles,
  };
}

async function pipelineThroughput(root: string): Promise<void> {
  const inputs: PipelineInput[] = [
    { label: `dense mesh ${count(DENSE_TRIANGLES)}`, fixture: denseMesh(DENSE_TRIANGLES) },
    {
      label: `textured plane, ${PIPELINE_TEXTURE_SIZE}² checker`,
      fixture: texturedPlane(),
      textureSize: PIPELINE_TEXTURE_SIZE,
    },
    { label: `dense mesh ${count(BIG_TRIANGLES)}`, fixture: denseMesh(BIG_TRIANGLES) },
  ];
  const temp = join(root, 'fbx-temp');
  await mkdir(temp, { recursive: true });
  const figures: PipelineFigures[] = [];
  for (const [index, input] of inputs.entries()) {
    const folder = join(root, 'pipeline', String(index));
    const { fbx, bytes } = await writeFixture(folder, input.fixture, 'binary', input.textureSize);
    const conversions: Fbx2gltfRun[] = [];
    for (let run = 0; run < RUNS; run += 1)
      conversions.push(await runFbx2gltf(fbx, join(folder, 'converted'), temp));
    const glb = conversions[conversions.length - 1].glb;
    if (!glb)
      throw new Error(`FBX2glTF failed on ${input.label}: ${conversions[conversions.length - 1].error}`);
    const optimize: OptimizeReport[] = [];
    for (let run = 0; run < RUNS; run += 1)
      optimize.push(await runOptimizeChild(glb, join(folder, 'optimized.glb')));
    figures.push({
      label: input.label,
      fbxBytes: bytes,
      triangles: optimize[0].triangles,
      convertMs: median(conversions.map((run) => run.ms)),
      convertPeak: median(conversions.map((run) => run.peakBytes)),
      glbBytes: (await stat(glb)).size,
      optimize,
      cliDefault: await cliFigures(glb, join(folder, 'cli-default.glb'), []),
      cliNoSimplify: await cliFigures(glb, join(folder, 'cli-no-simplify.glb'), ['--simplify', 'false']),
    });
  }
  const cliStart: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    await childResult<never>(
      spawn(process.execPath, [GLTF_TRANSFORM_CLI, '--version'], { stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    cliStart.push(performance.now() - start);
  }

  console.log(`\n2. Pipeline throughput: binary FBX 7.4, median of ${RUNS} runs\n`);
  console.log('Conversion (FBX2glTF, convertFbx)');
  printTable(
    ['input', 'triangles', 'FBX MB', 'ms', 'MB/s', 'M triangles/s', 'peak MiB', 'glb MB'],
    figures.map((row) => [
      row.label,
      count(row.triangles),
      mb(row.fbxBytes),
      ms(row.convertMs),
      perSecond(row.fbxBytes, row.convertMs, 1e6),
      perSecond(row.triangles, row.convertMs, 1e6, 2),
      mib(row.convertPeak),
      mb(row.glbBytes),
    ]),
    'lrrrrrrr',
  );

  console.log(
    '\nOptimization (optimizer.ts: dedup, prune, weld, textureCompress ≤ 2048, meshopt high; in a child process)',
  );
  printTable(
    [
      'input',
      'glb MB',
      'read ms',
      'optimize ms',
      'MB/s',
      'M triangles/s',
      'peak MiB',
      'runtime MiB',
      'out MB',
      'out/in',
    ],
    figures.map((row) => {
      const optimizeMs = median(row.optimize.map((report) => report.optimizeMs));
      const outputBytes = row.optimize[row.optimize.length - 1].outputBytes;
      return [
        row.label,
        mb(row.glbBytes),
        ms(median(row.optimize.map((report) => report.readMs))),
        ms(optimizeMs),
        perSecond(row.glbBytes, optimizeMs, 1e6),
        perSecond(row.triangles, optimizeMs, 1e6, 2),
        mib(median(row.optimize.map((report) => report.peakRssBytes))),
        mib(median(row.optimize.map((report) => report.runtimeRssBytes))),
        mb(outputBytes),
        `${((100 * outputBytes) / row.glbBytes).toFixed(1)} %`,
      ];
    }),
    'lrrrrrrrrr',
  );

  console.log(
    '\nReference: gltf-transform optimize <converted.glb> --compress meshopt --texture-compress auto (@gltf-transform/cli)',
  );
  printTable(
    [
      'input',
      'variant',
      'process ms',
      'peak MiB',
      'out MB',
      'out/in',
      'triangles out',
      'vs optimizer.ts out',
    ],
    figures.flatMap((row) => {
      const ours = row.optimize[row.optimize.length - 1].outputBytes;
      return (
        [
          ['defaults (simplify on)', row.cliDefault],
          ['--simplify false', row.cliNoSimplify],
        ] as const
      ).map(([variant, cli]) => [
        row.label,
        variant,
        ms(cli.ms),
        mib(cli.peak),
        mb(cli.bytes),
        `${((100 * cli.bytes) / row.glbBytes).toFixed(1)} %`,
        count(cli.triangles),
        `${((100 * cli.bytes) / ours).toFixed(0)} %`,
      ]);
    }),
    'llrrrrrr',
  );
  console.log(
    `process ms includes the CLI's own start (gltf-transform --version: ${ms(median(cliStart))} ms) and reading and ` +
      'writing the files; its optimize also flattens, joins, instances, makes palettes and uses meshopt level high.',
  );

  console.log(
    `\nPreview (preview-render.ts, ${PREVIEW_SIZE.width} × ${PREVIEW_SIZE.height} and 2×, from the converted glb)`,
  );
  printTable(
    ['input', 'triangles', 'preview ms', 'M triangles/s'],
    figures.map((row) => {
      const previewMs = median(row.optimize.map((report) => report.previewMs));
      return [row.label, count(row.triangles), ms(previewMs), perSecond(row.triangles, previewMs, 1e6, 2)];
    }),
    'lrrr',
  );
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Formats: the whole pipeline on the largest real file of each format, and the corpus's score.

/** Per format: the largest corpus file of it, as the pipeline's run takes it (in a process of its own). */
async function formatThroughput(root: string): Promise<void> {
  console.log(
    '\n3. Every format through the whole pipeline (its process, as the worker runs it; the largest corpus file of ' +
      `each format, ../shared/corpus/; median of ${RUNS})`,
  );
  const files = [
    ...corpusExpectations('fbx').map((entry) => ['fbx', ...entry] as const),
    ...corpusExpectations('formats').map((entry) => ['formats', ...entry] as const),
  ]
    .filter(([, , expected]) => expected.status === 'FINISHED')
    .map(([folder, name]) => ({ folder, name, bytes: statSync(corpusPath(folder, name)).size }));
  const largest = new Map<string, (typeof files)[number]>();
  for (const file of files) {
    const kind = corpusKind(file.name);
    const key =
      kind === 'zip' ? `zip (${file.folder === 'fbx' ? 'FBX' : 'other'})` : (modelFormatOf(kind) ?? kind);
    if ((largest.get(key)?.bytes ?? -1) < file.bytes) largest.set(key, file);
  }
  const rows: string[][] = [];
  for (const [format, file] of largest) {
    const times: number[] = [];
    let peak = 0;
    let triangles = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const workFolder = await mkdtemp(join(root, 'format-'));
      const memory = watchChildMemory();
      const started = performance.now();
      const result = await runPipeline<ModelPipelineResult>(
        {
          kind: 'model',
          input: { source: corpusPath(file.folder, file.name), kind: corpusKind(file.name), workFolder },
        },
        { signal: new AbortController().signal },
      );
      times.push(performance.now() - started);
      peak = Math.max(peak, memory.stop());
      triangles = result.statistics.triangles;
    }
    const time = median(times);
    rows.push([
      format,
      file.name,
      mb(file.bytes),
      count(triangles),
      ms(time),
      perSecond(file.bytes, time, 1e6, 2),
      perSecond(triangles, time, 1e3, 0),
      mib(peak),
    ]);
  }
  printTable(
    ['format', 'file', 'MB', 'triangles', 'ms', 'MB/s', 'k triangles/s', 'peak MiB'],
    rows,
    'llrrrrrr',
  );
  console.log(
    '(the time includes the process start, the reader, the optimizer and the preview: what a user waits for)',
  );

  const all = [
    ...corpusExpectations('fbx').map((entry) => ['fbx', ...entry] as const),
    ...corpusExpectations('formats').map((entry) => ['formats', ...entry] as const),
  ];
  const misses: string[] = [];
  for (const [folder, name, expected] of all) {
    const problems = corpusProblems(
      await convertCorpusFile(folder, name, await mkdtemp(join(root, 'corpus-'))),
      expected,
    );
    if (problems.length) misses.push(`${folder}/${name}: ${problems.join('; ')}`);
  }
  console.log(
    `\nCorpus score: ${all.length - misses.length} of ${all.length} right by the manifest ` +
      `(${(((all.length - misses.length) / all.length) * 100).toFixed(1)} %)${misses.length ? ':' : ''}`,
  );
  for (const miss of misses) console.log(`  ${miss}`);
}

// ---------------------------------------------------------------------------------------------------------------

/** An installed package's version, from the package.json above its entry point (some packages export no package.json). */
function version(name: string): string {
  try {
    for (let folder = dirname(require.resolve(name)); folder !== dirname(folder); folder = dirname(folder)) {
      let manifest: { name?: string; version?: string };
      try {
        manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as typeof manifest;
      } catch {
        continue;
      }
      if (manifest.name === name) return manifest.version ?? '?';
    }
  } catch {
    // not installed
  }
  return '?';
}

/** One unmeasured run of each process, so the first measured run does not pay for cold caches. */
async function warmUp(root: string): Promise<void> {
  const folder = join(root, 'warm-up');
  const { fbx } = await writeFixture(folder, cube(), 'binary');
  await runFbx2gltf(fbx, join(folder, 'fbx2gltf'), folder);
  await runAssimp(fbx, join(folder, 'assimp.glb'));
  const glb = join(folder, 'fbx2gltf.glb');
  await runOptimizeChild(glb, join(folder, 'optimized.glb'));
  await runGltfTransform(['optimize', glb, join(folder, 'cli.glb'), '--compress', 'meshopt']);
}

async function main(): Promise<void> {
  const started = performance.now();
  const root = await mkdtemp(join(tmpdir(), 'bench-processing-'));
  const cleanUp = () => rmSync(root, { recursive: true, force: true });
  process.once('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });
  try {
    console.log(
      `bench:processing — ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${mib(totalmem())} MiB, Node ${process.version}; ` +
        `fbx2gltf ${version('fbx2gltf')}, assimpjs ${version('assimpjs')}, @gltf-transform/cli ${version('@gltf-transform/cli')}`,
    );
    await warmUp(root);
    console.log(`Before: ${machineLoad()} (other work on the machine slows every figure)`);
    if (SECTIONS.has('1')) await converterComparison(root);
    if (SECTIONS.has('2')) await pipelineThroughput(root);
    if (SECTIONS.has('3')) await formatThroughput(root);
    if (SECTIONS.has('4')) await uploadToReady(Number(process.env.BENCH_PORT ?? 8198), RUNS);
    console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s; ${machineLoad()}`);
  } finally {
    cleanUp();
  }
}

if (process.argv[2] === OPTIMIZE_CHILD) await optimizeChild(process.argv[3], process.argv[4]);
else await main();
