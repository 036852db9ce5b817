/**
 * FBX to glb with FBX2glTF (Facebook's converter on the Autodesk FBX SDK, the binary shipped in the `fbx2gltf`
 * package; docs/3d-pipeline.md says why this converter). It runs as a process of its own under a memory limit (the
 * shell's `ulimit -v`) and a time limit (killed when it passes), with the FBX SDK's temporary files in the work
 * folder. Units are converted to metres and axes to glTF's Y up by the SDK; textures are found beside the FBX
 * (an unpacked zip keeps its folders) and embedded in the glb.
 */
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { GeometryFailure } from './failures';
import { fbx2gltfExecutable } from './fbx2gltf-binary';

export interface ConversionLimits {
  timeMs: number;
  memoryBytes: number;
}

/** What the converter may take of one file: two minutes and 2 GiB of address space. */
export const CONVERSION_LIMITS: ConversionLimits = { timeMs: 120_000, memoryBytes: 2 * 1024 ** 3 };

const OUTPUT_TAIL = 4_000;

/** Converts `input` to `{outputBase}.glb`; answers its path. A GeometryFailure when a limit stops it. */
export async function convertFbx(
  input: string,
  outputBase: string,
  tempFolder: string,
  limits: ConversionLimits = CONVERSION_LIMITS,
): Promise<string> {
  const executable = await fbx2gltfExecutable();
  const args = [
    '--binary',
    '--pbr-metallic-roughness',
    '--compute-normals',
    'missing',
    '--fbx-temp-dir',
    tempFolder,
    '--input',
    input,
    '--output',
    outputBase,
  ];
  const kilobytes = Math.floor(limits.memoryBytes / 1024);
  const child = spawn('/bin/sh', ['-c', `ulimit -v ${kilobytes} && exec "$0" "$@"`, executable, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, limits.timeMs);
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal }));
    },
  ).finally(() => clearTimeout(timer));
  if (timedOut) throw new GeometryFailure('timeLimit', { seconds: Math.round(limits.timeMs / 1000) });
  if (/bad_alloc|out of memory|cannot allocate/i.test(output) || (signal && signal !== 'SIGKILL'))
    throw new GeometryFailure('memoryLimit', { limitMb: Math.round(limits.memoryBytes / 1024 ** 2) });
  const glb = `${outputBase}.glb`;
  if (code !== 0 || !(await stat(glb).catch(() => null))) throw new GeometryFailure('fbxUnreadable');
  return glb;
}
