/**
 * The server project's files share a worker process one after another (vite.config.ts, `isolate: false`): what a
 * file changes of the process for its tests is put back when it ends, even when a test failed half way.
 */
import { afterAll, vi } from 'vitest';
import { endWaitingPipelineProcesses } from '../../server/processing/pipeline-processes';

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  // The pipeline processes kept warm by a file's runs: the next file starts with none (a test of their reuse
  // counts on which process a run gets).
  endWaitingPipelineProcesses();
});
