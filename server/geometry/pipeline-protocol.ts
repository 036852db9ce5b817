/** The messages between the worker and a pipeline's process (pipeline-process.ts). */
import type { FailureReport } from './failures';
import type { MaterialPipelineInput, MaterialPipelineResult } from './material-pipeline';
import type { ModelPipelineInput, ModelPipelineResult, PipelineReport } from './model-pipeline';

/**
 * A job: the model or the material pipeline, or a `task`: CPU work of a layer above (the demo's material maps,
 * server/seed/material-swatches.ts) as the default export of the module at `module` (a file URL), called with
 * `input` and answering a result that the IPC channel can carry.
 */
export type PipelineJob =
  | { kind: 'model'; input: ModelPipelineInput }
  | { kind: 'material'; input: MaterialPipelineInput }
  | { kind: 'task'; module: string; input: unknown };

/** A task module's default export (`PipelineJob` of kind `task`). */
export type PipelineTask<I, R extends object> = (input: I) => Promise<R>;

export type PipelineResult = ModelPipelineResult | MaterialPipelineResult | object;

export type PipelineMessage =
  | { type: 'report'; found: PipelineReport }
  /** `heapUsedMb`: the process's heap in use after the run (whether it is kept for another: pipeline-processes.ts). */
  | { type: 'done'; result: PipelineResult; heapUsedMb: number }
  | { type: 'failed'; failure: FailureReport; detail: string };
