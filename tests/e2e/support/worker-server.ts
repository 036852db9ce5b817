/**
 * A contract server per Playwright worker: ./server-process.ts in a child process, on a free port of its own, over
 * an in-memory PGlite database copied from the run's seeded template, with a storage folder of its own and the
 * run's one portal build (./global-setup.ts). A worker's tests run one after another, so nothing a test changes on
 * the server (maintenance mode, a company's colours) meets a test running at the same time, and a worker started
 * again after a failed test starts a new server.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { E2E_DOMAIN } from './portal';
import { runFolders } from './run-folder';

const ENTRY = fileURLToPath(new URL('./server-process.ts', import.meta.url));

export interface WorkerServer {
  port: number;
  /**
   * Holds the server's processing: records queue but none starts until the returned release is called (a test
   * looks at a record while it is QUEUED, however fast the machine would process it).
   */
  holdProcessing(): Promise<() => Promise<void>>;
  /** Stops the server (its process ends with the worker in any case). */
  stop(): Promise<void>;
}

type ProcessingSwitch = 'hold-processing' | 'release-processing';

/** Tells the server process to hold or release its processing; resolves once it has. */
function switchProcessing(child: ChildProcess, message: ProcessingSwitch): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (answer: unknown) => {
      if ((answer as { done?: string } | null)?.done !== message) return;
      child.off('message', done);
      resolve();
    };
    child.on('message', done);
    child.send(message, (error) => {
      if (!error) return;
      child.off('message', done);
      reject(error);
    });
  });
}

/** The server's environment: as `npm run server` reads it (server/config.ts). */
function serverEnvironment(workerIndex: number): NodeJS.ProcessEnv {
  const run = runFolders();
  return {
    ...process.env,
    NODE_OPTIONS: '',
    HOST: '127.0.0.1',
    APP_DOMAIN: E2E_DOMAIN,
    PGLITE_DIR: 'memory://',
    STORAGE_DIR: run.storage(workerIndex),
    PORTAL_DIR: run.portal,
    // The template holds the seed; the seeded rows keep the fixture's values (the tests upload the files they
    // process).
    SEED: '0',
    DEMO_FILES: '0',
    E2E_PGLITE_TEMPLATE: run.templateDataDir,
    E2E_TEMPLATE_FILES: run.templateFiles,
    // Tests sign in many times from one address; the limits themselves are covered by the server tests.
    LOGIN_RATE_LIMIT_PER_IDENTITY: '1000',
    LOGIN_RATE_LIMIT_PER_ADDRESS: '10000',
    // No busy 503s: the servers share two cores with the other suites of `npm test`, whose bursts would otherwise
    // have a page's request refused more often than the portal asks again (overload has its server tests).
    OVERLOAD_SHED_AFTER_MS: '0',
    // Processing as fast as the machine allows: no pace between the steps. A test that looks at a state on the
    // way waits for that state (a push, a held request), not for time.
    PROCESSING_STEP_MS: '0',
    // No spare pipeline process started ahead of each run (about 130 MB and a start's CPU per worker): the tests
    // wait for processing by its pushes, not for its speed, and share the machine with the other suites.
    PROCESSING_WARM_PROCESS: '0',
  };
}

export function startWorkerServer(workerIndex: number): Promise<WorkerServer> {
  const child: ChildProcess = fork(ENTRY, [], {
    execArgv: ['--import', 'tsx'],
    env: serverEnvironment(workerIndex),
    // Its warnings and errors go with the worker's output; its standard output (nothing a test needs) does not.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('message', (message) => {
      const { port } = message as { port: number };
      resolve({
        port,
        async holdProcessing() {
          await switchProcessing(child, 'hold-processing');
          return () => switchProcessing(child, 'release-processing');
        },
        async stop() {
          if (child.exitCode === null && child.signalCode === null) {
            child.disconnect();
            await exited;
          }
        },
      });
    });
    child.once('exit', (code, signal) =>
      reject(
        new Error(`The worker's contract server ended before it listened (${signal ?? `exit code ${code}`})`),
      ),
    );
    child.once('error', reject);
  });
}
