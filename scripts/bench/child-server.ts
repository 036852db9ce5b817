/**
 * What the benchmark scripts share: each benchmark server runs in a child process of its own (so the load
 * generator does not share its event loop), announces itself with one JSON line on stdout and stops on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';

export interface BenchChild<Announcement> {
  child: ChildProcess;
  announcement: Announcement;
}

/**
 * Runs `script ...args` under tsx and resolves with the first line it prints, parsed as JSON. With
 * BENCH_CPU_PROFILE set to a folder, the server writes a V8 CPU profile there when it stops (open it in Chrome's
 * DevTools, Performance panel).
 */
export function startBenchChild<Announcement>(
  script: string,
  args: string[],
): Promise<BenchChild<Announcement>> {
  const profile = process.env.BENCH_CPU_PROFILE;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'error' },
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve({ child, announcement: JSON.parse(line) as Announcement }));
    child.once('exit', (code) =>
      reject(new Error(`benchmark server (${args.join(' ')}) exited with ${code}`)),
    );
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
