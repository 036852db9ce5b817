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
  | { type: 'done'; result: PipelineResult }
  | { type: 'failed'; failure: FailureReport; detail: string };
