/**
 * Runs a 3D pipeline job (server/geometry/) in a Node process of its own, off the API's event loop: its heap is
 * capped (`--max-old-space-size`), the whole run is killed when it passes its time limit, and a run the worker
 * stops (its AbortSignal) is killed at once. A process that answered is kept warm for the next run
 * (pipeline-processes.ts), so a run does not wait for Node and the 3D libraries to start. Step reports are handed to `onReport` one at a time, in order, and
 * the run ends with the pipeline's result or a GeometryFailure: its own (a file it cannot use), or one made here
 * from how the process ended (time limit, memory limit, a crash).
 *
 * Each run gets a work folder under PIPELINE_ROOT named after this worker's process id; the folder is removed
 * when the run ends, and `sweepWorkFolders` removes those of processes that no longer exist (a worker killed
 * mid-run), so no temporary file outlives its run.
 *
 * A run has the priority of the processing job it belongs to (processable.ts `JobPriority`, carried to every
 * pipeline process the job's run starts by `withRunPriority`). A background run (the demo content, resumed work)
 * gives the CPU to users' runs: while a user's run is under way in this worker (from the background run's start,
 * or from the user's run's), its process, with the threads and processes it starts (FBX2glTF), runs
 * BACKGROUND_NICENESS lower than the worker (nice 10 where the worker runs at 0). With no user's run to give way to
 * it keeps the worker's priority: lowered from its start it would also give way to everything else on the machine
 * (other services, other servers' runs) and take many times longer, with no user gaining anything; and a priority
 * once lowered stays lowered (raising it takes a privilege a worker lacks).
 *
 * A background run may so wait long for the CPU, so its time limit counts the CPU it got, not the time it waited:
 * it passes its limit once both its wall-clock time and the CPU time of its processes (read from /proc) pass
 * `timeMs` (`passedTimeLimit`), or its wall-clock time passes a generous backstop. A run that spins gets the same
 * CPU as a user's run before it is killed; one that waits is never failed for CPU it did not get. (Running
 * background jobs one at a time, which the queues do, is not enough on its own: users' runs still take the CPU
 * from the one that runs.) A user's run keeps its wall-clock limit, and so does every run where /proc cannot be
 * read.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { getPriority, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { GeometryFailure } from '../geometry/failures';
import type { PipelineReport } from '../geometry/model-pipeline';
import type { PipelineJob, PipelineMessage, PipelineResult } from '../geometry/pipeline-protocol';
import { type PipelineProcess, returnPipelineProcess, takePipelineProcess } from './pipeline-processes';
import type { JobPriority } from './processable';

export interface PipelineLimits {
  /**
   * The whole run, conversion and preview included: a user's run's wall-clock time; a background run's wall-clock
   * and CPU time, both (`passedTimeLimit`).
   */
  timeMs: number;
  /** The pipeline process's JavaScript heap. */
  heapMb: number;
  /** A background run's wall-clock time however little CPU it got; ten times `timeMs` when absent. */
  backstopMs?: number;
}

export const PIPELINE_LIMITS: PipelineLimits = { timeMs: 180_000, heapMb: 1536, backstopMs: 30 * 60_000 };

export const backstopOf = (limits: PipelineLimits): number => limits.backstopMs ?? limits.timeMs * 10;

/** How much lower than the worker's a background run's CPU priority is (its nice value; at most 19). */
export const BACKGROUND_NICENESS = 10;

/** How often a background run's time limit is checked. */
const TIME_LIMIT_CHECK_MS = 1000;

/** Linux's clock ticks per second in /proc (USER_HZ: 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** Whether this system's /proc tells a process's CPU time (Linux); elsewhere every run counts wall-clock time. */
const CPU_TIME_READABLE = existsSync('/proc/self/stat');

/** Where runs keep their work folders: `{pid}-{uuid}` each. */
export const PIPELINE_ROOT = join(tmpdir(), 'portal-pipeline');

const STDERR_TAIL = 4_000;

/** A fresh work folder of this process. */
export async function makeWorkFolder(): Promise<string> {
  const folder = join(PIPELINE_ROOT, `${process.pid}-${randomUUID()}`);
  await mkdir(folder, { recursive: true });
  return folder;
}

/** The priority of the processing job whose run is under way, for the pipeline processes it starts. */
const runPriority = new AsyncLocalStorage<JobPriority>();

/** This process's users' runs under way. */
let usersRunning = 0;
/** This process's background runs' pipeline processes under way. */
const backgroundProcesses = new Set<PipelineProcess>();

/**
 * Calls `work` as the run of a job of `priority`: every pipeline process it starts (a model's conversion, a
 * material import's pictures) gets that priority, without each Processable passing it on. A user's run lowers the
 * background runs' processes under way at its start.
 */
export async function withRunPriority<T>(priority: JobPriority, work: () => Promise<T>): Promise<T> {
  if (priority === 'background') return runPriority.run(priority, work);
  usersRunning += 1;
  for (const entry of backgroundProcesses) lowerPriority(entry);
  try {
    return await runPriority.run(priority, work);
  } finally {
    usersRunning -= 1;
  }
}

/** What a background run's time limit reads; the system's by default, the tests drive their own. */
export interface RunClock {
  /** Milliseconds since the run's process started. */
  elapsedMs(): number;
  /** CPU milliseconds the process and those it started have used; null when that cannot be told now. */
  cpuMs(pid: number): Promise<number | null>;
  /** Calls `check` now and then, until the function it answers is called. */
  every(check: () => Promise<void>): () => void;
}

const systemClock = (): RunClock => {
  const started = performance.now();
  return {
    elapsedMs: () => performance.now() - started,
    cpuMs: processTreeCpuMs,
    every(check) {
      const timer = setInterval(() => void check(), TIME_LIMIT_CHECK_MS);
      return () => clearInterval(timer);
    },
  };
};

/**
 * Whether a background run has passed its time limit: its wall-clock time and its CPU time both over `timeMs`
 * (the lesser of the two counts: time spent waiting for the CPU is not the run's, and neither is CPU time it used
 * on several cores at once, within a wall-clock time a user's run is allowed too), or its wall-clock time over the
 * backstop.
 */
export function passedTimeLimit(limits: PipelineLimits, used: { elapsedMs: number; cpuMs: number }): boolean {
  return Math.min(used.elapsedMs, used.cpuMs) > limits.timeMs || used.elapsedMs > backstopOf(limits);
}

/** The clock ticks (user and system) of a process and of those it started, from /proc; null when it is gone. */
async function processTreeTicks(pid: number, depth: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // The fields after the command's name (which may hold spaces and parentheses), from field 3 (state): utime and
  // stime (every thread's), then cutime and cstime (the children it has waited for).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
  if (!Number.isFinite(ticks)) return null;
  // The children still running (FBX2glTF while it converts), each thread's list; a child gone meanwhile counts 0.
  if (depth < 4) {
    const threads = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
    const lists = await Promise.all(
      threads.map((thread) => readFile(`/proc/${pid}/task/${thread}/children`, 'utf8').catch(() => '')),
    );
    const children = lists.join(' ').split(/\s+/).filter(Boolean).map(Number);
    for (const child of children) ticks += (await processTreeTicks(child, depth + 1)) ?? 0;
  }
  return ticks;
}

/**
 * The CPU time a process and the processes it started have used, in milliseconds (Linux's /proc: its threads',
 * its finished children's and its running children's); null when the process is gone or /proc cannot tell.
 */
export async function processTreeCpuMs(pid: number): Promise<number | null> {
  const ticks = await processTreeTicks(pid, 0);
  return ticks === null ? null : (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * The threads of a process and of the processes it started, from /proc (a nice value is each thread's on Linux);
 * the process alone where /proc cannot tell.
 */
function processTreeThreads(pid: number, depth = 0): number[] {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [pid];
  }
  const ids = threads.map(Number);
  for (const thread of depth < 4 ? threads : []) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8');
    } catch {
      // The thread has ended.
    }
    for (const child of children.split(/\s+/).filter(Boolean))
      ids.push(...processTreeThreads(Number(child), depth + 1));
  }
  return ids;
}

/**
 * Lowers a background run's process BACKGROUND_NICENESS below the worker: every thread of it and of the processes
 * it started (FBX2glTF); the threads and processes they start later inherit it. One gone meanwhile is left alone
 * (its end is the run's). A priority lowered stays lowered: raising it again takes a privilege a worker lacks.
 */
function lowerPriority(entry: PipelineProcess): void {
  const { pid } = entry.child;
  if (!pid) return;
  // Lowered for good: it is not kept for a user's run afterwards (pipeline-processes.ts).
  entry.lowered = true;
  const niceness = Math.min(19, getPriority() + BACKGROUND_NICENESS);
  for (const id of processTreeThreads(pid)) {
    try {
      setPriority(id, niceness);
    } catch {
      // Gone already.
    }
  }
}

/** A user's run's time limit: its wall-clock time; answers the function that ends the watch. */
function wallClockLimit(limits: PipelineLimits, pass: (seconds: number) => void): () => void {
  const timer = setTimeout(() => pass(Math.round(limits.timeMs / 1000)), limits.timeMs);
  return () => clearTimeout(timer);
}

/** A background run's time limit (`passedTimeLimit`), checked on the clock; answers the function that ends it. */
function cpuTimeLimit(
  pid: number,
  limits: PipelineLimits,
  clock: RunClock,
  pass: (seconds: number) => void,
): () => void {
  let checking = false;
  let passed = false;
  // A process kept from earlier runs has used CPU before this run: only what it uses from here on counts.
  const before = clock.cpuMs(pid);
  return clock.every(async () => {
    if (checking || passed) return;
    checking = true;
    try {
      const elapsedMs = clock.elapsedMs();
      const total = await clock.cpuMs(pid);
      const cpuMs = total === null ? null : total - ((await before) ?? 0);
      // Unknown (the process has just ended): its end decides the run.
      if (cpuMs === null || !passedTimeLimit(limits, { elapsedMs, cpuMs })) return;
      passed = true;
      pass(Math.round((elapsedMs > backstopOf(limits) ? backstopOf(limits) : limits.timeMs) / 1000));
    } finally {
      checking = false;
    }
  });
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
    /** Who waits for the run: by default the priority of the job whose run starts it (`withRunPriority`), or a user. */
    priority?: JobPriority;
    /** What a background run's time limit reads (the system's clock and /proc by default). */
    clock?: RunClock;
    /** Told the process id once the process is started (the tests kill it, as a crash or the OOM killer would). */
    onStart?: (pid: number) => void;
  },
): Promise<R> {
  const limits = options.limits ?? PIPELINE_LIMITS;
  const priority = options.priority ?? runPriority.getStore() ?? 'user';
  options.signal.throwIfAborted();
  const entry = takePipelineProcess(limits.heapMb);
  const { child } = entry;
  const backgroundProcess = priority === 'background' ? entry : undefined;
  if (backgroundProcess) {
    backgroundProcesses.add(backgroundProcess);
    if (usersRunning) lowerPriority(backgroundProcess);
  }
  if (child.pid) options.onStart?.(child.pid);
  let stderr = '';
  const keepStderr = (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
  };
  child.stderr?.on('data', keepStderr);
  /** The limit it passed, in seconds, once it has. */
  let timedOut: number | null = null;
  const passTimeLimit = (seconds: number) => {
    timedOut = seconds;
    child.kill('SIGKILL');
  };
  const clock = options.clock ?? (CPU_TIME_READABLE ? systemClock() : null);
  const endTimeLimit =
    backgroundProcess && child.pid && clock
      ? cpuTimeLimit(child.pid, limits, clock, passTimeLimit)
      : wallClockLimit(limits, passTimeLimit);
  const stop = () => child.kill('SIGKILL');
  options.signal.addEventListener('abort', stop, { once: true });

  // Reports are applied in the order they came, each after the one before.
  let reports = Promise.resolve();
  let outcome: Exclude<PipelineMessage, { type: 'report' }> | undefined;
  let endedWell = false;
  let onMessage: (message: PipelineMessage) => void = () => undefined;
  let onExit: (code: number | null, signal: NodeJS.Signals | null) => void = () => undefined;
  try {
    // The run ends with its answer (the process then waits for another run), or with the process's end.
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null } | null>(
      (resolve) => {
        onMessage = (message) => {
          if (message.type === 'report') {
            const found = message.found;
            reports = reports.then(() => options.onReport?.(found));
          } else {
            outcome = message;
            resolve(null);
          }
        };
        onExit = (code, signal) => resolve({ code, signal });
        child.on('message', onMessage);
        child.once('exit', onExit);
        // A process that is gone before the job reaches it (killed at once) ends below like any other that ends
        // without a result; the failed send is not an error of its own.
        child.send(job, (error) => {
          if (error) stderr += `\n${error.message}`;
        });
      },
    );
    await reports;
    options.signal.throwIfAborted();
    if (timedOut !== null) throw new GeometryFailure('timeLimit', { seconds: timedOut });
    if (outcome?.type === 'done') {
      endedWell = true;
      return outcome.result as R;
    }
    if (outcome?.type === 'failed') {
      if (outcome.failure.code === 'unexpected') throw new Error(`Pipeline failed: ${outcome.detail}`);
      throw new GeometryFailure(outcome.failure.code, outcome.failure.params);
    }
    if (/heap out of memory|Allocation failed/i.test(stderr))
      throw new GeometryFailure('memoryLimit', { limitMb: limits.heapMb });
    throw new Error(`The pipeline process ended (${exit?.signal ?? exit?.code}) without a result: ${stderr}`);
  } finally {
    if (backgroundProcess) backgroundProcesses.delete(backgroundProcess);
    endTimeLimit();
    options.signal.removeEventListener('abort', stop);
    child.off('message', onMessage);
    child.off('exit', onExit);
    child.stderr?.off('data', keepStderr);
    returnPipelineProcess(entry, {
      endedWell: endedWell && timedOut === null && !options.signal.aborted,
      heapUsedMb: outcome?.type === 'done' ? outcome.heapUsedMb : undefined,
    });
  }
}
