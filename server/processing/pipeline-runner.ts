/**
 * Runs a 3D pipeline job (server/geometry/) in a Node process of its own, off the API's event loop: its heap is
 * capped (`--max-old-space-size`), the whole run is killed when it passes its time limit, and a run the worker
 * stops (its AbortSignal) is killed at once. Step reports are handed to `onReport` one at a time, in order, and
 * the run ends with the pipeline's result or a GeometryFailure: its own (a file it cannot use), or one made here
 * from how the process ended (time limit, memory limit, a crash).
 *
 * Each run gets a work folder under PIPELINE_ROOT named after this worker's process id; the folder is removed
 * when the run ends, and `sweepWorkFolders` removes those of processes that no longer exist (a worker killed
 * mid-run), so no temporary file outlives its run.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GeometryFailure } from '../geometry/failures';
import type { PipelineReport } from '../geometry/model-pipeline';
import type { PipelineJob, PipelineMessage, PipelineResult } from '../geometry/pipeline-protocol';

export interface PipelineLimits {
  /** The whole run, conversion and preview included. */
  timeMs: number;
  /** The pipeline process's JavaScript heap. */
  heapMb: number;
}

export const PIPELINE_LIMITS: PipelineLimits = { timeMs: 180_000, heapMb: 1536 };

/** Where runs keep their work folders: `{pid}-{uuid}` each. */
export const PIPELINE_ROOT = join(tmpdir(), 'portal-pipeline');

const PROCESS_MODULE = fileURLToPath(new URL('../geometry/pipeline-process.ts', import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const STDERR_TAIL = 4_000;

/** A fresh work folder of this process. */
export async function makeWorkFolder(): Promise<string> {
  const folder = join(PIPELINE_ROOT, `${process.pid}-${randomUUID()}`);
  await mkdir(folder, { recursive: true });
  return folder;
}

const processExists = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Removes the work folders of processes that are gone; answers how many. */
export async function sweepWorkFolders(): Promise<number> {
  const names = await readdir(PIPELINE_ROOT).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const pid = Number(name.split('-')[0]);
    // This process's runs and those of other live workers are under way.
    if (Number.isInteger(pid) && pid > 0 && processExists(pid)) continue;
    await rm(join(PIPELINE_ROOT, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

export async function runPipeline<R extends PipelineResult>(
  job: PipelineJob,
  options: {
    signal: AbortSignal;
    onReport?: (found: PipelineReport) => Promise<void>;
    limits?: PipelineLimits;
    /** Told the process id once the process is started (the tests kill it, as a crash or the OOM killer would). */
    onStart?: (pid: number) => void;
  },
): Promise<R> {
  const limits = options.limits ?? PIPELINE_LIMITS;
  options.signal.throwIfAborted();
  const child = fork(PROCESS_MODULE, [], {
    execArgv: ['--import', TSX_LOADER, `--max-old-space-size=${limits.heapMb}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  if (child.pid) options.onStart?.(child.pid);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, limits.timeMs);
  const stop = () => child.kill('SIGKILL');
  options.signal.addEventListener('abort', stop, { once: true });

  // Reports are applied in the order they came, each after the one before.
  let reports = Promise.resolve();
  let outcome: PipelineMessage | undefined;
  child.on('message', (message: PipelineMessage) => {
    if (message.type === 'report') {
      const found = message.found;
      reports = reports.then(() => options.onReport?.(found));
    } else outcome = message;
  });
  // A process that is gone before the job reaches it (killed at once) ends below like any other that ends
  // without a result; the failed send is not an error of its own.
  child.send(job, (error) => {
    if (error) stderr += `\n${error.message}`;
  });
  try {
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
      (resolve, reject) => {
        child.once('error', reject);
        child.once('exit', (code, signal) => resolve({ code, signal }));
      },
    );
    await reports;
    options.signal.throwIfAborted();
    if (timedOut) throw new GeometryFailure('timeLimit', { seconds: Math.round(limits.timeMs / 1000) });
    if (outcome?.type === 'done') return outcome.result as R;
    if (outcome?.type === 'failed') {
      if (outcome.failure.code === 'unexpected') throw new Error(`Pipeline failed: ${outcome.detail}`);
      throw new GeometryFailure(outcome.failure.code, outcome.failure.params);
    }
    if (/heap out of memory|Allocation failed/i.test(stderr))
      throw new GeometryFailure('memoryLimit', { limitMb: limits.heapMb });
    throw new Error(`The pipeline process ended (${exit.signal ?? exit.code}) without a result: ${stderr}`);
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', stop);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
