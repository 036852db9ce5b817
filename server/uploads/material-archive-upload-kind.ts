/**
 * Resumable uploads of a material archive (kind 'material-archive', a .matz or .zip the material import reads): up
 * to the model upload limit, for whoever may update materials in a company holding the hatch licence.
 */
import { MATERIAL_ABILITIES } from '../../shared/entities/material-values';
import { MATERIAL_ARCHIVE_UPLOAD } from '../../shared/entities/materials';
import { fileUploadKind } from './upload-kind';

export const materialArchiveUploadKind = fileUploadKind({
  name: MATERIAL_ARCHIVE_UPLOAD,
  ability: MATERIAL_ABILITIES.update,
  licence: 'hatch',
  maxBytes: (config) => config.modelUploadMaxBytes,
});
