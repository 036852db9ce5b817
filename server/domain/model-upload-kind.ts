/** Resumable uploads of model files (kind 'model-file', the default): the model file rules of model-file.ts. */
import { MODEL_FILE_UPLOAD, modelFileNameAndSizeErrors, uploadContentErrors } from '../processing/model-file';
import type { UploadKind } from './upload-kind';

export { MODEL_FILE_UPLOAD };

export const modelUploadKind: UploadKind<typeof MODEL_FILE_UPLOAD> = {
  name: MODEL_FILE_UPLOAD,
  ability: 'create-project-models|update-project-models',
  maxBytes: (config) => config.modelUploadMaxBytes,
  creationErrors: (name, size, config) =>
    modelFileNameAndSizeErrors('file', name, size, config.modelUploadMaxBytes),
  contentErrors: uploadContentErrors,
};
