/**
 * `npm test`: type-check, lint, unit and component tests, server tests (on PGlite; when TEST_DATABASE_URL is
 * set, on PostgreSQL, and the engine-specific files again on PGlite), the resource generator's test and end-to-end tests in Chromium. Independent suites run in parallel; each
 * suite's output is printed when it ends, then one summary line per suite and the total duration. Exit code 1 if
 * any failed.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ENGINE_SPECIFIC_SERVER_TESTS } from '../tests/server/engine-specific';

interface Stage {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Picks the runner's own summary line out of its output. */
  summary: RegExp;
  /** Picks the lines naming each failed test, repeated under the summary (CI keeps only the tail of the output). */
  failures?: RegExp;
}

const VITEST_FAILURES = /^\s*FAIL\s+.*$/gm;

const e2e: Stage = {
  name: 'e2e',
  command: ['npx', 'playwright', 'test'],
  summary: /^\s*\d+ (passed|failed).*$|^\s*\d+ flaky.*$/m,
  // The list reporter's line of a failed test: "✘  12 [portal] › tests/e2e/….spec.ts:40:3 › title (31.2s)".
  failures: /^\s*✘.*$/gm,
};
const unit: Stage = {
  name: 'unit',
  command: ['npx', 'vitest', 'run', '--project', 'unit'],
  summary: /^\s*Tests\s+.*$/m,
  failures: VITEST_FAILURES,
};
const pglite: Stage = {
  // With a PostgreSQL server to test on, PGlite runs the files of what differs between the engines
  // (tests/server/engine-specific.ts); without one, every file.
  name: process.env.TEST_DATABASE_URL ? 'server (PGlite, engine-specific files)' : 'server (PGlite)',
  command: [
    'npx',
    'vitest',
    'run',
    '--project',
    'server',
    ...(process.env.TEST_DATABASE_URL ? ENGINE_SPECIFIC_SERVER_TESTS : []),
  ],
  summary: /^\s*Tests\s+.*$/m,
  failures: VITEST_FAILURES,
};
const postgres: Stage | null = process.env.TEST_DATABASE_URL
  ? {
      name: 'server (PostgreSQL)',
      command: ['npx', 'vitest', 'run', '--project', 'server'],
      env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
      summary: /^\s*Tests\s+.*$/m,
      failures: VITEST_FAILURES,
    }
  : null;
const generator: Stage = {
  // make:resource in a copy of the repository: its generated entity type-checks, lints and passes its own test
  // (on PostgreSQL when there is one: it is no engine-specific test, and PGlite's migrated and seeded template
  // costs more than a schema on the server).
  name: 'generator',
  command: ['npx', 'vitest', 'run', '--project', 'generator'],
  ...(process.env.TEST_DATABASE_URL ? { env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } } : {}),
  summary: /^\s*Tests\s+.*$/m,
  failures: VITEST_FAILURES,
};
const typecheck: Stage = {
  name: 'typecheck',
  command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'],
  summary: /error TS\d+/,
};
const lint: Stage = {
  name: 'lint',
  command: ['npx', 'eslint', '--max-warnings', '0', '.'],
  summary: /\d+ problems?.*/,
};

/**
 * The longest first, as a scheduler of unequal jobs does: end-to-end, the whole server suite (on PostgreSQL when
 * there is one, else on PGlite) and unit start at once; the short suites fill the slots they leave, instead of a
 * long one starting late and running on alone at the end (the PostgreSQL suite after the PGlite files did).
 */
const stages: Stage[] = [
  e2e,
  postgres ?? pglite,
  unit,
  ...(postgres ? [pglite] : []),
  generator,
  typecheck,
  lint,
];

// A renamed or removed file would silently drop out of the PGlite run.
const missing = ENGINE_SPECIFIC_SERVER_TESTS.filter((file) => !existsSync(file));
if (missing.length) {
  console.error(`tests/server/engine-specific.ts names files that do not exist: ${missing.join(', ')}`);
  process.exit(1);
}

const concurrency = Number(process.env.TEST_CONCURRENCY ?? 3);
/**
 * A suite still running after this long is stuck, not slow: it is stopped and reported as failed with what it
 * printed so far, so a hang ends the run with the place it hung instead of running into CI's own limit with nothing
 * to show. Beside the other suites on two cores, end-to-end and the PostgreSQL server suite each took 56 minutes
 * here (2026-12-02) and over 50 on CI, where a limit of 50 stopped a run that would have passed: 80 leaves room
 * above that for a slower machine.
 */
const stageLimitMinutes = Number(process.env.TEST_STAGE_LIMIT_MINUTES ?? 80);
const ANSI_ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const stripAnsi = (text: string) => text.replace(ANSI_ESCAPE, '');

interface Result {
  stage: Stage;
  ok: boolean;
  seconds: number;
  summary: string;
  /** The lines naming the failed tests (at most MAX_FAILURES_LISTED). */
  failed: string[];
}

const MAX_FAILURES_LISTED = 15;

/** Process groups of the suites running now: an interrupted `npm test` stops them with it. */
const running = new Set<number>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const group of running) process.kill(-group, 'SIGKILL');
    process.exit(130);
  });
}

function run(stage: Stage): Promise<Result> {
  const started = Date.now();
  return new Promise((resolve) => {
    // Suites without TEST_DATABASE_URL of their own run on PGlite.
    const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', ...(stage.env ?? {}) };
    if (!stage.env?.TEST_DATABASE_URL) delete env.TEST_DATABASE_URL;
    // Its own process group, so a stuck suite is stopped with every process it started (workers, servers).
    const child = spawn(stage.command[0], stage.command.slice(1), {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child.pid!);
    let timedOut = false;
    const limit = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, stageLimitMinutes * 60_000);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      clearTimeout(limit);
      running.delete(child.pid!);
      if (timedOut) output += `\n${stage.name} stopped: still running after ${stageLimitMinutes} minutes.\n`;
      const text = stripAnsi(output)
        .split('\n')
        .filter((line) => !line.includes('Unknown user config') && !line.includes('Unknown env config'))
        .join('\n');
      const ok = code === 0;
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `\n===== ${stage.name} ${ok ? 'passed' : 'FAILED'} (${seconds.toFixed(1)} s) =====\n${text.trim()}`,
      );
      const matched = text.match(stage.summary)?.[0]?.trim();
      const failure = timedOut ? `stopped after ${stageLimitMinutes} min` : `exit code ${code}`;
      const failed =
        ok || !stage.failures
          ? []
          : [...new Set(text.match(stage.failures) ?? [])].map((line) => line.trim());
      resolve({
        stage,
        ok,
        seconds,
        summary: timedOut ? failure : (matched ?? (ok ? 'clean' : failure)),
        failed: failed.slice(0, MAX_FAILURES_LISTED),
      });
    });
  });
}

const startedAt = Date.now();
const queue = [...stages];
const results: Result[] = [];
await Promise.all(
  Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    for (let stage = queue.shift(); stage; stage = queue.shift()) results.push(await run(stage));
  }),
);

console.log('\n===== summary =====');
for (const stage of stages) {
  const result = results.find((r) => r.stage === stage)!;
  console.log(
    `${result.ok ? 'PASS' : 'FAIL'}  ${stage.name.padEnd(20)} ${result.seconds.toFixed(1).padStart(6)} s  ${result.summary}`,
  );
  for (const line of result.failed) console.log(`        ${line}`);
}
const totalSeconds = (Date.now() - startedAt) / 1000;
const minutes = Math.floor(totalSeconds / 60);
console.log(
  `total ${minutes} min ${(totalSeconds - minutes * 60).toFixed(1)} s (${totalSeconds.toFixed(1)} s)`,
);
process.exit(results.every((result) => result.ok) ? 0 : 1);
