/**
 * The process a pipeline runs in (started by server/processing/pipeline-runner.ts with Node's IPC channel): it
 * takes a job message, runs it, sends each step's report, then the result or the failure with its heap in use, and
 * waits for the next job (the worker keeps it warm: server/processing/pipeline-processes.ts) until the worker ends
 * it or its channel closes. Its own process keeps the CPU-heavy conversion off the API's event loop and lets the
 * worker hold it to a time and a memory limit; whatever a hostile file does to it, the worker only sees the process
 * end, and a run that did not end with a result is never followed by another in the same process.
 */
import { failureReport } from './failures';
import type { PipelineJob, PipelineMessage, PipelineTask } from './pipeline-protocol';
import { runMaterialPipeline } from './material-pipeline';
import { runModelPipeline } from './model-pipeline';

const send = (message: PipelineMessage) =>
  new Promise<void>((resolve, reject) =>
    process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())),
  );

const heapUsedMb = () => process.memoryUsage().heapUsed / 2 ** 20;

/** A task's module, loaded by its URL (the layer that sends it owns it), and its default export run. */
async function runTask(module: string, input: unknown): Promise<object> {
  const task = ((await import(module)) as { default: PipelineTask<unknown, object> }).default;
  return task(input);
}

async function run(job: PipelineJob): Promise<void> {
  try {
    const result =
      job.kind === 'model'
        ? await runModelPipeline(job.input, (found) => send({ type: 'report', found }))
        : job.kind === 'material'
          ? await runMaterialPipeline(job.input)
          : await runTask(job.module, job.input);
    await send({ type: 'done', result, heapUsedMb: heapUsedMb() });
  } catch (error) {
    await send({ type: 'failed', failure: failureReport(error), detail: String(error) });
  }
}

// One job at a time: the worker sends the next only after this one's answer.
process.on('message', (job: PipelineJob) => {
  void run(job).catch(() => process.exit(1));
});
// The worker has ended (or ended this process's wait): nothing more will come.
process.on('disconnect', () => process.exit(0));
