/**
 * The server project's files share a worker process one after another (vite.config.ts, `isolate: false`): what a
 * file changes of the process for its tests is put back when it ends, even when a test failed half way.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
