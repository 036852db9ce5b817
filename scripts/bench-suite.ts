/**
 * `npm run bench:suite [-- command …]`: where a test run's CPU goes. Runs the command (default `npm test`) and
 * reads /proc once a second meanwhile: every process's CPU time, by what it is (Chromium by process type, the
 * Playwright runner and workers, the e2e contract servers, Vitest, PostgreSQL, tsc, ESLint). Prints the wall time,
 * the machine's busy core-seconds over the run (from /proc/stat: every process, this one's included) and the table.
 * Figures only: nothing here asserts a time. Linux only. A process that starts and ends between two readings is
 * missed (the machine's total still counts it).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;
const SAMPLE_MS = 1000;

/** What a process is, from its command line. */
function processKind(commandLine: string): string {
  if (commandLine.includes('chromium')) {
    const type = /--type=([a-z-]+)/.exec(commandLine)?.[1] ?? 'browser';
    const utility = /--utility-sub-type=([\w.]+)/.exec(commandLine)?.[1];
    return `Chromium ${type}${utility ? ` (${utility})` : ''}`;
  }
  if (commandLine.includes('postgres')) return 'PostgreSQL';
  if (commandLine.includes('server-process.ts')) return 'e2e contract servers';
  if (commandLine.includes('playwright')) return 'Playwright runner and workers';
  if (commandLine.includes('vitest')) return 'Vitest (unit, server, generator)';
  if (/\btsc\b/.test(commandLine)) return 'tsc';
  if (commandLine.includes('eslint')) return 'ESLint';
  return 'other';
}

/** A process's user + system CPU time in ticks, from /proc/<pid>/stat (null when it has gone). */
function cpuTicks(pid: string): number | null {
  try {
    // The command name (field 2) may hold spaces: the fields after its closing parenthesis are fixed.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** The machine's busy ticks over all cores (everything but idle and I/O wait), from /proc/stat. */
function machineBusyTicks(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return user + nice + system + irq + softirq + steal;
}

class CpuByKind {
  private readonly seen = new Map<string, { kind: string; ticks: number }>();
  readonly ticks = new Map<string, number>();

  /** Processes running when the run starts count from there on, not with what they used before. */
  constructor() {
    this.read(false);
  }

  read(count = true): void {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      const ticks = cpuTicks(pid);
      if (ticks === null) continue;
      let known = this.seen.get(pid);
      if (!known) {
        let commandLine = '';
        try {
          commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        } catch {
          continue;
        }
        // A new process counts from its start: everything it used is the run's.
        known = { kind: processKind(commandLine), ticks: count ? 0 : ticks };
        this.seen.set(pid, known);
      }
      if (count) this.ticks.set(known.kind, (this.ticks.get(known.kind) ?? 0) + ticks - known.ticks);
      known.ticks = ticks;
    }
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.length > 2 ? process.argv.slice(2) : ['npm', 'test'];
  const byKind = new CpuByKind();
  const busyBefore = machineBusyTicks();
  const started = performance.now();
  const sampling = setInterval(() => byKind.read(), SAMPLE_MS);
  const exitCode = await new Promise<number>((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('exit', (code) => resolve(code ?? 1));
  });
  clearInterval(sampling);
  byKind.read();
  const seconds = (performance.now() - started) / 1000;
  const busy = (machineBusyTicks() - busyBefore) / TICKS_PER_SECOND;
  const cores = availableParallelism();

  console.log(`\n===== bench:suite: ${[command, ...args].join(' ')} (exit code ${exitCode}) =====`);
  console.log(
    `wall ${seconds.toFixed(0)} s; machine busy ${busy.toFixed(0)} core-seconds of ${(seconds * cores).toFixed(0)} ` +
      `(${cores} cores, ${((100 * busy) / (seconds * cores)).toFixed(0)} %)`,
  );
  console.log('\n| processes | CPU (core-seconds) | share |\n| --- | --- | --- |');
  const rows = [...byKind.ticks].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, ticks]) => sum + ticks, 0);
  for (const [kind, ticks] of rows) {
    if (ticks < TICKS_PER_SECOND) continue;
    console.log(
      `| ${kind} | ${(ticks / TICKS_PER_SECOND).toFixed(0)} | ${((100 * ticks) / total).toFixed(0)} % |`,
    );
  }
  process.exitCode = exitCode;
}

await main();
