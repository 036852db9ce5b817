/**
 * Resumable uploads of a library item's file (kind 'library-item-file'): the types of shared/upload-kinds.ts up to
 * the model upload limit, their content checked as a model file's as the last byte arrives; for whoever may update
 * library items.
 */
import { LIBRARY_ITEM_ABILITIES } from '../../shared/entities/library-item-values';
import { uploadContentErrors } from './model-file-rules';
import { fileUploadKind } from './upload-kind';

export const libraryItemUploadKind = fileUploadKind({
  name: 'library-item-file',
  ability: LIBRARY_ITEM_ABILITIES.update,
  maxBytes: (config) => config.modelUploadMaxBytes,
  contentErrors: uploadContentErrors,
});
