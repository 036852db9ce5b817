/** The colour a status is shown with (spec 2: cards and badges take `status_color` from the API; models store it). */
import type { LibraryItemStatus, LibraryStatus, MaterialStatus, ModelStatus } from './schema';

export const MODEL_STATUS_COLORS: Record<ModelStatus, string> = {
  FINISHED: '#52c41a',
  PROCESSING: '#1677ff',
  QUEUED: '#8c8c8c',
  UPLOADING: '#13c2c2',
  FAILED: '#f5222d',
};

export const LIBRARY_STATUS_COLORS: Record<LibraryStatus, string> = {
  ACTIVE: '#52c41a',
  ARCHIVED: '#8c8c8c',
};

export const LIBRARY_ITEM_STATUS_COLORS: Record<LibraryItemStatus, string> = {
  ...MODEL_STATUS_COLORS,
  CANCELLED: '#faad14',
  ARCHIVED: '#595959',
};

export const MATERIAL_STATUS_COLORS: Record<MaterialStatus, string> = {
  ACTIVE: '#52c41a',
  ARCHIVED: '#8c8c8c',
};
