/**
 * The process a pipeline runs in (started by server/processing/pipeline-runner.ts with Node's IPC channel): it
 * takes one job message, runs it, sends each step's report, then the result or the failure, and exits. A process
 * per file keeps the CPU-heavy conversion off the API's event loop and lets the worker hold it to a time and a
 * memory limit; whatever a hostile file does to it, the worker only sees the process end.
 */
import { failureReport } from './failures';
import type { PipelineJob, PipelineMessage } from './pipeline-protocol';
import { runMaterialPipeline } from './material-pipeline';
import { writeSwatchArchive } from './material-swatches';
import { runModelPipeline } from './model-pipeline';

const send = (message: PipelineMessage) =>
  new Promise<void>((resolve, reject) =>
    process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())),
  );

async function run(job: PipelineJob): Promise<void> {
  try {
    const result =
      job.kind === 'model'
        ? await runModelPipeline(job.input, (found) => send({ type: 'report', found }))
        : job.kind === 'material'
          ? await runMaterialPipeline(job.input)
          : await writeSwatchArchive(job.input);
    await send({ type: 'done', result });
  } catch (error) {
    await send({ type: 'failed', failure: failureReport(error), detail: String(error) });
  }
}

process.once('message', (job: PipelineJob) => {
  void run(job).finally(() => process.exit(0));
});
