/** The messages between the worker and a pipeline's process (pipeline-process.ts). */
import type { FailureReport } from './failures';
import type { MaterialPipelineInput, MaterialPipelineResult } from './material-pipeline';
import type { SwatchArchiveInput } from './material-swatches';
import type { ModelPipelineInput, ModelPipelineResult, PipelineReport } from './model-pipeline';

export type PipelineJob =
  | { kind: 'model'; input: ModelPipelineInput }
  | { kind: 'material'; input: MaterialPipelineInput }
  | { kind: 'swatches'; input: SwatchArchiveInput };

export type PipelineResult = ModelPipelineResult | MaterialPipelineResult | { archive: string };

export type PipelineMessage =
  | { type: 'report'; found: PipelineReport }
  /** `heapUsedMb`: the process's heap in use after the run (whether it is kept for another: pipeline-processes.ts). */
  | { type: 'done'; result: PipelineResult; heapUsedMb: number }
  | { type: 'failed'; failure: FailureReport; detail: string };
