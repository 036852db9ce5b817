/**
 * What the benchmark scripts share: each benchmark server runs in a child process of its own (so the load
 * generator does not share its event loop), announces itself with one JSON line on stdout and stops on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface BenchChild<Announcement> {
  child: ChildProcess;
  announcement: Announcement;
}

/** Runs `tsx script ...args` and resolves with the first line it prints, parsed as JSON. */
export function startBenchChild<Announcement>(
  script: string,
  args: string[],
): Promise<BenchChild<Announcement>> {
  const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
  const child = spawn(tsx, [script, ...args], {
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
