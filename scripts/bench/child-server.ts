/**
 * What the benchmark scripts share: each benchmark server runs in a child process of its own (so the load
 * generator does not share its event loop), announces itself with one JSON line on stdout and stops on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { spawnWithListeningSocket } from '../../server/listening-socket';

export interface BenchChild<Announcement> {
  child: ChildProcess;
  announcement: Announcement;
  /** Sends a command line to the child (`answerBenchCommands`) and resolves with its one-line JSON answer. */
  ask: <Answer>(command: string) => Promise<Answer>;
}

/**
 * Runs `script ...args` under tsx and resolves with the first line it prints, parsed as JSON. With
 * `listeningSocketCopies`, this process binds a port on 127.0.0.1 and gives the child its listening socket that
 * many times, as `npm run server` does (server/listening-socket.ts). With BENCH_CPU_PROFILE set to a folder, the
 * server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools, Performance panel).
 */
export async function startBenchChild<Announcement>(
  script: string,
  args: string[],
  listeningSocketCopies?: number,
): Promise<BenchChild<Announcement>> {
  const profile = process.env.BENCH_CPU_PROFILE;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const command = [...profiling, '--import', 'tsx', script, ...args];
  const env = { ...process.env, LOG_LEVEL: 'error' };
  const { child } = listeningSocketCopies
    ? await spawnWithListeningSocket(process.execPath, command, {
        port: 0,
        host: '127.0.0.1',
        copies: listeningSocketCopies,
        stdio: ['pipe', 'pipe', 'inherit'],
        env,
      })
    : { child: spawn(process.execPath, command, { stdio: ['pipe', 'pipe', 'inherit'], env }) };
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const ask = <Answer>(command: string) =>
      new Promise<Answer>((answered) => {
        lines.once('line', (line) => answered(JSON.parse(line) as Answer));
        child.stdin!.write(`${command}\n`);
      });
    lines.once('line', (line) => resolve({ child, announcement: JSON.parse(line) as Announcement, ask }));
    child.once('exit', (code) =>
      reject(new Error(`benchmark server (${args.join(' ')}) exited with ${code}`)),
    );
  });
}

/** In the child: answers each command line on stdin with its handler's result as one JSON line on stdout. */
export function answerBenchCommands(handlers: Record<string, () => unknown>): void {
  createInterface({ input: process.stdin }).on('line', (command) => {
    const handler = handlers[command.trim()];
    process.stdout.write(`${JSON.stringify(handler ? handler() : { unknownCommand: command })}\n`);
  });
}

export interface LoopDelay {
  /** Event-loop delay percentiles and maximum, in ms, since the last `loop-delay:reset`. */
  p50: number;
  p99: number;
  max: number;
}

/**
 * In the child: measures how late the event loop runs timers (perf_hooks' monitorEventLoopDelay, 10 ms
 * resolution) and answers the commands `loop-delay:reset` and `loop-delay`.
 */
export function answerLoopDelayQueries(): void {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;
  answerBenchCommands({
    'loop-delay:reset': () => {
      histogram.reset();
      return {};
    },
    'loop-delay': (): LoopDelay => ({
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
    }),
  });
}

export async function stopBenchChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The machine's load average, printed next to the figures (other load skews them). */
export const machineLoad = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`;

/** Linux's clock ticks per second in /proc (USER_HZ, 100 on every common architecture). */
const TICK_MS = 10;

/** CPU time (user + system, all threads) a process has used so far, in ms; null where /proc is not. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** CPU time of every PostgreSQL process on the machine so far, in ms (null where /proc is not). */
export function postgresCpuMs(): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let total = 0;
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    total += processCpuMs(Number(pid)) ?? 0;
  }
  return total;
}
