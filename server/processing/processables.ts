/** Every processed entity the worker knows; an entity processed after upload adds its declaration here. */
import { libraryItemProcessing } from './library-item-processing';
import { materialImportProcessing } from './material-import-processing';
import { modelProcessing } from './model-processing';
import type { Processable } from './processable';

export const PROCESSABLES: readonly Processable[] = [
  modelProcessing,
  libraryItemProcessing,
  materialImportProcessing,
];
