/**
 * Users' jobs before background work (server/processing/processor.ts, pg-boss-queue.ts, pipeline-runner.ts): the
 * demo content and resumed work are background jobs, which take at most one slot and only a free one, so a user's
 * job starts at once however much background work waits or runs, on both engines, and takes a waiting background
 * job's place when both are the same attempt; a background run's pipeline process runs at a lower CPU priority
 * while a user's run is under way, and its time limit counts the CPU it got, so waiting for the CPU never fails it. The runs here are the tests' own (a Processable whose runs end when the test says) or real pipeline processes
 * the test stops and continues (SIGSTOP, SIGCONT) to stand for a run waiting for the CPU; the time limit reads a
 * clock the test drives. Nothing waits for time to pass: each step waits for the start, the end or the state it
 * needs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSchemaChangeLock } from '../../server/db/migrate';
import { GeometryFailure } from '../../server/geometry/failures';
import { cube } from './fbx-fixtures';
import { writeFbxBinary } from '../../server/seed/fbx-writer';
import type { ModelPipelineResult } from '../../server/geometry/model-pipeline';
import type { PipelineJob } from '../../server/geometry/pipeline-protocol';
import { PgBossQueue } from '../../server/processing/pg-boss-queue';
import {
  BACKGROUND_NICENESS,
  makeWorkFolder,
  type PipelineLimits,
  passedTimeLimit,
  processTreeCpuMs,
  type RunClock,
  runPipeline,
  withRunPriority,
} from '../../server/processing/pipeline-runner';
import {
  endWaitingPipelineProcesses,
  waitingPipelineProcessIds,
} from '../../server/processing/pipeline-processes';
import type { JobPriority, Processable, ProcessingJob } from '../../server/processing/processable';
import { InProcessQueue, jobKey, type ProcessorOptions } from '../../server/processing/processor';
import { startProcessingServer } from './processing-helpers';
import { waitFor } from './realtime-helpers';
import type { TestServer } from './test-server';

let server: TestServer;
let workFolder: string;
/** A cube, the pipeline's quickest real job. */
let cubeJob: PipelineJob;

beforeAll(async () => {
  ({ server } = await startProcessingServer());
  workFolder = await makeWorkFolder();
  const source = join(workFolder, 'cube.fbx');
  await writeFile(source, writeFbxBinary(cube().scene, { version: 7400 }));
  cubeJob = { kind: 'model', input: { source, kind: 'fbx', workFolder } };
});
afterAll(async () => {
  await rm(workFolder, { recursive: true, force: true });
  await server?.close();
});

const ENTITY = 'controlled';
const user = (id: number): ProcessingJob => ({ entity: ENTITY, id, attempt: 1, priority: 'user' });
const background = (id: number): ProcessingJob => ({
  entity: ENTITY,
  id,
  attempt: 1,
  priority: 'background',
});

/** The nice value of every thread of a process. */
const threadPriorities = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).map((thread) => getPriority(Number(thread)));

/** The state of a process (/proc: 'T' stopped, 'R' running, 'S' sleeping). */
const stateOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2)[0];
};

/** Resolves once a process sent SIGSTOP has stopped. */
async function stopped(pid: number): Promise<void> {
  while (stateOf(pid) !== 'T') await new Promise((resolve) => setImmediate(resolve));
}

/** Resolves once every promise reaction queued so far has run (a queue's bookkeeping after a run ended). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A Processable whose runs the test ends: each run is recorded when it starts and ends when the test finishes it
 * (at once with `finishAtOnce`); `resumed` is its unfinished work.
 */
function controlledRuns(resumed: ProcessingJob[] = []) {
  const started: ProcessingJob[] = [];
  const running = new Map<string, () => void>();
  const checks = new Set<() => void>();
  let finishAtOnce = false;
  const backgroundRunning = () =>
    started.filter((job) => job.priority === 'background' && running.has(jobKey(job))).length;
  /** The most background runs under way at once. */
  let mostBackground = 0;
  const processable: Processable = {
    entity: ENTITY,
    table: 'project_models',
    unfinished: async () => resumed,
    run(_context, job) {
      started.push(job);
      const ended = finishAtOnce
        ? Promise.resolve()
        : new Promise<void>((resolve) => running.set(jobKey(job), resolve));
      mostBackground = Math.max(mostBackground, backgroundRunning());
      checks.forEach((check) => check());
      return ended;
    },
  };
  return {
    processable,
    started,
    /** The ids of the runs started, in order. */
    ids: () => started.map((job) => job.id),
    mostBackground: () => mostBackground,
    /** The runs under way, in the order they started. */
    running: () => started.filter((job) => running.has(jobKey(job))),
    finish(job: ProcessingJob) {
      const end = running.get(jobKey(job));
      if (!end) throw new Error(`${jobKey(job)} is not running`);
      running.delete(jobKey(job));
      end();
    },
    /** Ends every run under way, and every later one as it starts. */
    finishAll() {
      finishAtOnce = true;
      for (const end of running.values()) end();
      running.clear();
    },
    /** Resolves once the started runs satisfy `done`. */
    until: (what: string, done: () => boolean) =>
      waitFor<void>(what, (resolve) => {
        const check = () => {
          if (!done()) return;
          checks.delete(check);
          resolve();
        };
        checks.add(check);
        check();
      }),
  };
}

const options = (processables: Processable[], concurrency = 2): ProcessorOptions => ({
  db: server.db,
  storage: server.app.ctx.storage,
  stepMs: 0,
  concurrency,
  processables,
});

describe('the in-process queue', () => {
  it("starts a user's job at once, before the background jobs waiting and beside the one running", async () => {
    // Two slots; one job resumed on start and three of the demo content's wait, all background work.
    const runs = controlledRuns([{ entity: ENTITY, id: 90, attempt: 1 }]);
    const queue = new InProcessQueue(options([runs.processable]));
    queue.hold();
    await queue.start(server.app);
    for (const id of [1, 2, 3]) await queue.enqueue(background(id));
    queue.release();
    // Background work takes one slot: the resumed job, which is background work too.
    expect(runs.started).toEqual([{ entity: ENTITY, id: 90, attempt: 1, priority: 'background' }]);

    // A user's job starts at once in the free slot, and a second one beside the background run: none waits for it.
    await queue.enqueue(user(10));
    await queue.enqueue(user(11));
    expect(runs.ids()).toEqual([90, 10, 11]);
    // The users' slots are full: the third waits for one of them.
    await queue.enqueue(user(12));
    expect(runs.ids()).toEqual([90, 10, 11]);

    // A user's run ends: the user's job that waited starts, before the background jobs that waited longer.
    runs.finish(user(10));
    await runs.until('user job 12 started', () => runs.ids().includes(12));
    expect(runs.ids()).toEqual([90, 10, 11, 12]);
    // The background run ends: users' runs hold both slots, so no background job starts.
    runs.finish(background(90));
    await settled();
    expect(runs.ids()).toEqual([90, 10, 11, 12]);
    // A slot is free: the next background job starts in it, in the order they came.
    runs.finish(user(11));
    await runs.until('background job 1 started', () => runs.ids().includes(1));
    // Another slot is free, but background jobs run one at a time.
    runs.finish(user(12));
    await settled();
    expect(runs.ids()).toEqual([90, 10, 11, 12, 1]);
    runs.finish(background(1));
    await runs.until('background job 2 started', () => runs.ids().includes(2));
    runs.finishAll();
    await queue.idle();
    expect(runs.ids()).toEqual([90, 10, 11, 12, 1, 2, 3]);
    expect(runs.mostBackground()).toBe(1);
    await queue.stop();
  });

  it("paces a background run's steps (stepMs) and not a user's", async () => {
    const paced = new Map<number, 'waiting' | 'went on' | 'stopped'>();
    let userWentOn = () => {};
    const userDone = new Promise<void>((resolve) => (userWentOn = resolve));
    const processable: Processable = {
      entity: ENTITY,
      table: 'project_models',
      unfinished: async () => [],
      async run(context, job) {
        paced.set(job.id, 'waiting');
        const outcome = await context.pause().then(
          () => 'went on' as const,
          () => 'stopped' as const,
        );
        paced.set(job.id, outcome);
        if (job.priority === 'user') userWentOn();
      },
    };
    // A pace no test waits out: a run that keeps to it is still waiting when the queue stops.
    const queue = new InProcessQueue({ ...options([processable]), stepMs: 600_000 });
    await queue.start(server.app);
    await queue.enqueue(background(1));
    await queue.enqueue(user(2));
    await userDone;
    await settled();
    expect(Object.fromEntries(paced)).toEqual({ 1: 'waiting', 2: 'went on' });
    await queue.stop();
    expect(paced.get(1)).toBe('stopped');
  });

  it('keeps a pipeline process started ahead of the first run while it works, with `warmProcess`', async () => {
    endWaitingPipelineProcesses();
    const cold = new InProcessQueue(options([]));
    await cold.start(server.app);
    expect(waitingPipelineProcessIds()).toEqual([]);
    await cold.stop();
    const warm = new InProcessQueue({ ...options([]), warmProcess: true });
    await warm.start(server.app);
    expect(waitingPipelineProcessIds()).toHaveLength(1);
    await warm.stop();
    endWaitingPipelineProcesses();
  });

  it('starts a background job only in a free slot, even with one slot', async () => {
    const runs = controlledRuns();
    const queue = new InProcessQueue(options([runs.processable], 1));
    await queue.start(server.app);
    await queue.enqueue(user(1));
    await queue.enqueue(background(2));
    expect(runs.ids()).toEqual([1]);
    runs.finish(user(1));
    await runs.until('background job 2 started', () => runs.ids().includes(2));
    // The one slot is the background run's: a user's job starts beside it all the same.
    await queue.enqueue(user(3));
    expect(runs.ids()).toEqual([1, 2, 3]);
    runs.finishAll();
    await queue.idle();
    await queue.stop();
  });

  it("lets a user's job take a waiting background job's place: the same attempt runs once, as the user's", async () => {
    const runs = controlledRuns();
    const queue = new InProcessQueue(options([runs.processable]));
    queue.hold();
    await queue.start(server.app);
    await queue.enqueue(background(5));
    await queue.enqueue(user(5));
    runs.finishAll();
    queue.release();
    await queue.idle();
    expect(runs.started).toEqual([user(5)]);
    await queue.stop();
  });

  it("lowers a background job's pipeline process once a user's job is under way, and starts the next one lowered", async () => {
    const lowered = Math.min(19, getPriority() + BACKGROUND_NICENESS);
    /** The pipeline processes of the background jobs, stopped as they start, and their priority then. */
    const pipes: Array<{ pid: number; atStart: number }> = [];
    const checks = new Set<() => void>();
    const piped: Processable = {
      entity: 'piped',
      table: 'project_models',
      unfinished: async () => [],
      async run(context) {
        // As a file's run does (file-processing.ts): no priority passed, the job's own is taken.
        await runPipeline<ModelPipelineResult>(cubeJob, {
          signal: context.signal,
          onStart: (pid) => {
            process.kill(pid, 'SIGSTOP');
            pipes.push({ pid, atStart: getPriority(pid) });
            checks.forEach((check) => check());
          },
        });
      },
    };
    const pipeStarted = (count: number) =>
      waitFor<void>(`pipeline process ${count}`, (resolve) => {
        const check = () => {
          if (pipes.length < count) return;
          checks.delete(check);
          resolve();
        };
        checks.add(check);
        check();
      });
    const users = controlledRuns();
    const queue = new InProcessQueue(options([piped, users.processable]));
    await queue.start(server.app);

    // With no user's run to give way to, it keeps the worker's priority.
    await queue.enqueue({ entity: 'piped', id: 1, attempt: 1, priority: 'background' });
    await pipeStarted(1);
    expect(pipes[0].atStart).toBe(getPriority());
    await stopped(pipes[0].pid);
    // A user's job starts: every thread of the background run's process is lowered at once.
    await queue.enqueue(user(10));
    const threads = threadPriorities(pipes[0].pid);
    expect(threads.length).toBeGreaterThan(0);
    expect(threads).toEqual(threads.map(() => lowered));
    process.kill(pipes[0].pid, 'SIGCONT');
    // The next background job, while the user's job runs: lowered from its start.
    await queue.enqueue({ entity: 'piped', id: 2, attempt: 1, priority: 'background' });
    await pipeStarted(2);
    expect(pipes[1].atStart).toBe(lowered);
    process.kill(pipes[1].pid, 'SIGCONT');
    users.finishAll();
    await queue.idle();
    await queue.stop();
  });
});

describe('a pipeline run', () => {
  /** The priority of a run's pipeline process as it starts (the run is ended there). */
  async function priorityAtStart(priority: JobPriority): Promise<number> {
    let atStart = Number.NaN;
    await runPipeline(cubeJob, {
      signal: new AbortController().signal,
      priority,
      onStart: (pid) => {
        atStart = getPriority(pid);
        process.kill(pid, 'SIGKILL');
      },
    }).catch(() => undefined);
    return atStart;
  }

  it("runs a background run's process lower than a user's run's while a user's run is under way", async () => {
    expect(await priorityAtStart('user')).toBe(getPriority());
    expect(await priorityAtStart('background')).toBe(getPriority());
    await withRunPriority('user', async () => {
      expect(await priorityAtStart('user')).toBe(getPriority());
      expect(await priorityAtStart('background')).toBe(Math.min(19, getPriority() + BACKGROUND_NICENESS));
    });
  });

  it('counts the CPU time of a process and of the processes it started', async () => {
    expect(await processTreeCpuMs(process.pid)).toBeGreaterThan(0);
    const before = (await processTreeCpuMs(process.pid))!;
    // A child that keeps a core busy until it is killed.
    const busy: ChildProcess = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    try {
      let childMs = 0;
      while (childMs < 200) {
        childMs = (await processTreeCpuMs(busy.pid!)) ?? 0;
        await settled();
      }
      expect(await processTreeCpuMs(process.pid)).toBeGreaterThanOrEqual(before + childMs);
    } finally {
      busy.kill('SIGKILL');
    }
    expect(await processTreeCpuMs(2 ** 22 + 1)).toBeNull();
  });
});

describe("a background run's time limit", () => {
  const limits: PipelineLimits = { timeMs: 1000, heapMb: 512, backstopMs: 3_600_000 };

  it('is passed once both its wall-clock time and its CPU time are over it, or its wall-clock time over the backstop', () => {
    const passed = (elapsedMs: number, cpuMs: number) => passedTimeLimit(limits, { elapsedMs, cpuMs });
    // Waiting for the CPU: ten minutes on the clock, a quarter of a second of CPU.
    expect(passed(600_000, 250)).toBe(false);
    // On several cores at once: more CPU time than wall-clock time, within the limit on the clock.
    expect(passed(900, 1800)).toBe(false);
    expect(passed(1001, 1001)).toBe(true);
    expect(passed(3_600_001, 0)).toBe(true);
  });

  /**
   * A background run of the cube whose process is stopped as soon as it starts (it uses no CPU, as a run that waits
   * for the CPU), on a clock the test sets and ticks; the CPU time is the process's own, from /proc, plus what the
   * test adds.
   */
  function stoppedRun() {
    let check: (() => Promise<void>) | null = null;
    const clock: RunClock & { elapsed: number; addedCpu: number } = {
      elapsed: 0,
      addedCpu: 0,
      elapsedMs: () => clock.elapsed,
      // The CPU time at the moment of asking: what the test adds later is not in an earlier reading.
      cpuMs: (pid: number) => {
        const added = clock.addedCpu;
        return processTreeCpuMs(pid).then((used) => (used === null ? null : used + added));
      },
      every: (next: () => Promise<void>) => {
        check = next;
        return () => {
          check = null;
        };
      },
    };
    let pid = 0;
    const run = runPipeline<ModelPipelineResult>(cubeJob, {
      signal: new AbortController().signal,
      priority: 'background',
      limits,
      clock,
      onStart: (started) => {
        pid = started;
        process.kill(pid, 'SIGSTOP');
      },
    });
    const outcome = run.then(
      (result) => ({ result, failure: null }),
      (error: unknown) => ({ result: null, failure: error }),
    );
    return {
      clock,
      /** Runs the time limit's check as its clock would. */
      tick: () => check?.() ?? Promise.reject(new Error('The time limit is not being checked')),
      resume: () => process.kill(pid, 'SIGCONT'),
      outcome,
    };
  }

  it('is not passed while the run waits for the CPU, however long the wall-clock time', async () => {
    const run = stoppedRun();
    run.clock.elapsed = 600_000;
    await run.tick();
    run.resume();
    const { result, failure } = await run.outcome;
    expect(failure).toBeNull();
    expect(result?.statistics.triangles).toBe(12);
  });

  it('kills the run once it has had its CPU time, or once the backstop has passed', async () => {
    const spinning = stoppedRun();
    spinning.clock.elapsed = 2000;
    spinning.clock.addedCpu = 1500;
    await spinning.tick();
    const spun = await spinning.outcome;
    expect(spun.failure).toBeInstanceOf(GeometryFailure);
    expect(spun.failure).toMatchObject({ code: 'timeLimit', params: { seconds: 1 } });

    const starved = stoppedRun();
    starved.clock.elapsed = 3_600_001;
    await starved.tick();
    expect((await starved.outcome).failure).toMatchObject({ code: 'timeLimit', params: { seconds: 3600 } });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL job queue', () => {
  const schema = () => `${server.schema}_priority`;
  const pgBossQueue = (processables: Processable[], work = true) =>
    new PgBossQueue({
      ...options(processables),
      work,
      databaseUrl: server.config.databaseUrl ?? '',
      schema: schema(),
    });

  afterAll(async () => {
    await withSchemaChangeLock(server.db, () =>
      sql`drop schema if exists ${sql.id(schema())} cascade`.execute(server.db),
    );
  });

  it("works a user's job queued after 50 background jobs next, beside the one background run", async () => {
    const runs = controlledRuns();
    const queue = pgBossQueue([runs.processable]);
    for (let id = 1; id <= 50; id += 1) await queue.enqueue(background(id));
    // A user's job as the jobs without a priority are (an item's, a material import's).
    await queue.enqueue({ entity: ENTITY, id: 100, attempt: 1 });
    await queue.start(server.app);
    await runs.until("the user's job started", () => runs.ids().includes(100));
    // It did not wait for a background run to end, nor for the background jobs queued before it: at most the one
    // background run a free slot took had started.
    expect(runs.ids().indexOf(100)).toBeLessThanOrEqual(1);
    runs.finish(user(100));
    // The background jobs, each ended once it has started: one at a time, each once.
    for (let count = 1; count <= 50; count += 1) {
      await runs.until(`${count} background jobs started`, () => runs.started.length === count + 1);
      runs.finish(runs.running()[0]);
    }
    await queue.idle();
    await queue.stop();
    expect(runs.mostBackground()).toBe(1);
    expect(new Set(runs.ids()).size).toBe(51);
  });

  it('on start leaves the jobs pg-boss holds in their queue and queues only the lost ones again, as background work', async () => {
    // Both rows are unfinished; pg-boss holds the first one's user's job (queued by an API process), not the second's.
    const runs = controlledRuns([
      { entity: ENTITY, id: 1, attempt: 1 },
      { entity: ENTITY, id: 2, attempt: 1 },
    ]);
    const api = pgBossQueue([], false);
    await api.enqueue(user(1));
    await api.stop();
    runs.finishAll();
    const worker = pgBossQueue([runs.processable]);
    await worker.start(server.app);
    await worker.idle();
    await worker.stop();
    // Each once: queued again in the background queue, the first would have run in both.
    expect([...runs.started].sort((a, b) => a.id - b.id)).toEqual([user(1), background(2)]);
  });

  it("lets a user's job take a waiting background job's place, and leaves an attempt the users' queue holds there", async () => {
    const runs = controlledRuns();
    const api = pgBossQueue([], false);
    await api.enqueue(background(7));
    await api.enqueue(user(7));
    await api.enqueue(user(8));
    await api.enqueue(background(8));
    await api.stop();
    runs.finishAll();
    const worker = pgBossQueue([runs.processable]);
    await worker.start(server.app);
    await worker.idle();
    await worker.stop();
    expect([...runs.started].sort((a, b) => a.id - b.id)).toEqual([user(7), user(8)]);
  });
});
