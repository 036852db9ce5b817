/** Resumable uploads of model files (kind 'model-file', the default): the model file rules of model-file-rules.ts. */
import { anyOf } from '../../shared/abilities';
import { MODEL_ABILITIES } from '../../shared/entities/model-values';
import { MODEL_FILE_UPLOAD, modelFileNameAndSizeErrors, uploadContentErrors } from './model-file-rules';
import type { UploadKind } from './upload-kind';

export { MODEL_FILE_UPLOAD };

export const modelUploadKind: UploadKind<typeof MODEL_FILE_UPLOAD> = {
  name: MODEL_FILE_UPLOAD,
  ability: anyOf(MODEL_ABILITIES.create, MODEL_ABILITIES.update),
  maxBytes: (config) => config.modelUploadMaxBytes,
  creationErrors: (name, size, config) =>
    modelFileNameAndSizeErrors('file', name, size, config.modelUploadMaxBytes),
  contentErrors: uploadContentErrors,
};
