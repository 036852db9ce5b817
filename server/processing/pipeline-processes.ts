/**
 * The pipeline processes of this worker (server/geometry/pipeline-process.ts), kept warm between runs. Starting
 * one costs about a second of CPU (Node, the TypeScript loader, three.js, glTF-Transform and the readers), more
 * than converting a 20,000-triangle file; a process that has ended a run well waits here for the next run with
 * the same heap limit, so a user's upload is converted at once instead of after that start.
 *
 * A process is reused only while nothing about it is in doubt: its last run ended with a result (a failure, a
 * time limit or a kill retires it, whatever state the file left behind goes with it), its priority was never
 * lowered (a lowered priority cannot be raised again), it has run fewer than MAX_RUNS_PER_PROCESS runs, and its
 * heap after the run is under half its limit. At most MAX_IDLE_PROCESSES wait, each for IDLE_MS at most; a
 * waiting process keeps neither this process's event loop alive nor itself (it ends when its channel closes).
 *
 * A worker that processes users' uploads also keeps a spare (`keepSparePipelineProcess`): one process started
 * ahead of any run and kept waiting past IDLE_MS, so the first upload after the worker starts, or after a quiet
 * while, is not the one that waits for a process to start (issue 44: upload to viewer ready). A spare is started
 * when none is waiting: at the keeper's start and after a run handed its process back; the last one waiting is not
 * ended after IDLE_MS.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROCESS_MODULE = fileURLToPath(new URL('../geometry/pipeline-process.ts', import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Runs a process takes before it is replaced by a fresh one. */
export const MAX_RUNS_PER_PROCESS = 25;
/** Processes waiting for a run at once (the queue runs at most a few at a time). */
const MAX_IDLE_PROCESSES = 2;
/** How long a process waits for its next run before it ends. */
const IDLE_MS = 120_000;

export interface PipelineProcess {
  child: ChildProcess;
  /** The heap limit it was started with (`--max-old-space-size`): only a run with the same limit may use it. */
  heapMb: number;
  /** Runs it has started, this one included. */
  runs: number;
  /** Whether it ever ran at a lowered priority: it stays lowered. */
  lowered: boolean;
}

interface Waiting {
  process: PipelineProcess;
  timer: NodeJS.Timeout;
}

const waiting: Waiting[] = [];
/** The heap limit of the spare, and how many workers of this process keep one (`keepSparePipelineProcess`). */
const spare = { heapMb: 0, keepers: 0 };

const alive = (child: ChildProcess) =>
  child.exitCode === null && child.signalCode === null && child.connected;

/** Keeps (or stops keeping) this process's event loop alive for the child: only while it runs. */
function holdOpen(child: ChildProcess, hold: boolean): void {
  // The process itself, its IPC channel and its stderr pipe each hold the event loop.
  const handles = [child, child.channel, child.stderr] as Array<
    { ref?(): void; unref?(): void } | null | undefined
  >;
  for (const handle of handles) {
    if (hold) handle?.ref?.();
    else handle?.unref?.();
  }
}

/** A process for a run with this heap limit: a waiting one when there is one, else a new one. */
export function takePipelineProcess(heapMb: number): PipelineProcess {
  for (;;) {
    const index = waiting.findIndex((entry) => entry.process.heapMb === heapMb);
    if (index < 0) break;
    const [{ process: found, timer }] = waiting.splice(index, 1);
    clearTimeout(timer);
    if (!alive(found.child)) continue;
    holdOpen(found.child, true);
    found.runs += 1;
    return found;
  }
  const started = startProcess(heapMb);
  started.runs = 1;
  return started;
}

function startProcess(heapMb: number): PipelineProcess {
  const child = fork(PROCESS_MODULE, [], {
    execArgv: ['--import', TSX_LOADER, `--max-old-space-size=${heapMb}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  // A failed start is seen as the process's end by its run; this keeps it from being thrown as well.
  child.on('error', () => undefined);
  return { child, heapMb, runs: 0, lowered: false };
}

/** Lets the process wait for a run, until IDLE_MS have passed (a spare waits on). */
function park(entry: PipelineProcess): void {
  holdOpen(entry.child, false);
  const timer = setTimeout(() => endWaiting(entry), IDLE_MS);
  timer.unref();
  waiting.push({ process: entry, timer });
}

/** Starts a spare when one is kept and none is waiting. */
function startSpare(): void {
  if (spare.keepers === 0 || waiting.some((entry) => entry.process.heapMb === spare.heapMb)) return;
  park(startProcess(spare.heapMb));
}

/**
 * Keeps a spare process for runs with this heap limit ready from now on (see above), until the returned release is
 * called (a worker stopping).
 */
export function keepSparePipelineProcess(heapMb: number): () => void {
  spare.heapMb = heapMb;
  spare.keepers += 1;
  startSpare();
  let released = false;
  return () => {
    if (!released) spare.keepers -= 1;
    released = true;
  };
}

/**
 * Hands a process back after its run: it waits for the next run when `endedWell` and nothing else rules it out
 * (see above); otherwise it is ended.
 */
export function returnPipelineProcess(
  entry: PipelineProcess,
  run: { endedWell: boolean; heapUsedMb?: number },
): void {
  const reusable =
    run.endedWell &&
    alive(entry.child) &&
    !entry.lowered &&
    entry.runs < MAX_RUNS_PER_PROCESS &&
    (run.heapUsedMb ?? entry.heapMb) < entry.heapMb / 2 &&
    waiting.length < MAX_IDLE_PROCESSES;
  if (reusable) park(entry);
  else if (alive(entry.child) || entry.child.exitCode === null) entry.child.kill('SIGKILL');
  startSpare();
}

/** Ends a process that waited IDLE_MS, unless it is the last one a kept spare may be (then it waits on). */
function endWaiting(entry: PipelineProcess): void {
  const index = waiting.findIndex((candidate) => candidate.process === entry);
  const sameLimit = waiting.filter((candidate) => candidate.process.heapMb === entry.heapMb).length;
  if (index >= 0 && spare.keepers > 0 && entry.heapMb === spare.heapMb && sameLimit === 1) {
    waiting[index].timer = setTimeout(() => endWaiting(entry), IDLE_MS);
    waiting[index].timer.unref();
    return;
  }
  if (index >= 0) waiting.splice(index, 1);
  entry.child.kill('SIGKILL');
}

/** The process ids of the processes waiting for a run, the oldest first. */
export const waitingPipelineProcessIds = (): number[] =>
  waiting.flatMap(({ process: entry }) => (entry.child.pid === undefined ? [] : [entry.child.pid]));

/** Ends every waiting process (a worker stopping, a test cleaning up); answers how many there were. */
export function endWaitingPipelineProcesses(): number {
  const ended = waiting.splice(0);
  for (const { process: entry, timer } of ended) {
    clearTimeout(timer);
    entry.child.kill('SIGKILL');
  }
  return ended.length;
}
