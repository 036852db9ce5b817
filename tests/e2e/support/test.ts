/**
 * Playwright's `test` for the end-to-end specs: every worker starts its own contract server
 * (./worker-server.ts) before its first test, and its pages, API requests and the helpers of ./portal.ts
 * (`origin`, `API`, `apiHeaders`) go to that server. `baseURL` is its Acme host.
 */
import { test as base } from '@playwright/test';
import { origin, useWorkerServer } from './portal';
import { recordBrowserTrouble } from './browser-trouble';
import { recordShownMessages } from './shown-messages';
import { startWorkerServer, type WorkerServer } from './worker-server';

export * from '@playwright/test';

export const test = base.extend<object, { workerServer: WorkerServer }>({
  workerServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.workerIndex);
      useWorkerServer(server.port);
      await use(server);
      await server.stop();
    },
    // A bound on a server that never starts, not a measure of speed: a start takes a few seconds, and over a
    // minute on a machine busy with other builds and runs.
    { scope: 'worker', auto: true, timeout: 240_000 },
  ],
  // Every page records the messages it shows for a while and then takes away (./shown-messages.ts); what went
  // wrong in the browser is printed when the test fails (./browser-trouble.ts).
  context: async ({ context }, use, testInfo) => {
    await recordShownMessages(context);
    const trouble = recordBrowserTrouble(context);
    await use(context);
    await trouble.report(testInfo);
  },
  baseURL: async ({ workerServer }, use) => {
    void workerServer;
    await use(origin('acme'));
  },
});
