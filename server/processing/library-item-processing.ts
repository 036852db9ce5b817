/**
 * Library items as a processed file entity (file-processing.ts), the same run as models' but for the baking step:
 * QUEUED → PROCESSING → 'Reading geometry', 'Geometry read: …', 'Optimising meshes', 'Generating preview', a step's
 * time apart → FINISHED (a generated preview) or FAILED (the event says why). Every change is saved with its event
 * and published on the company's LibraryItem channel (library-item-state.ts).
 */
import { LIBRARY_ITEM_STATUS_COLORS } from '../db/status-colors';
import { fileProcessing, type ProcessedFiles } from './file-processing';
import {
  ITEM_ENTITY,
  ITEM_EVENTS,
  publishItemEvent,
  publishItemRefresh,
  queueItem,
} from './library-item-state';

export const ITEM_FILES: ProcessedFiles = {
  entity: ITEM_ENTITY,
  table: 'library_items',
  fileLabel: 'item file',
  colors: LIBRARY_ITEM_STATUS_COLORS,
  events: ITEM_EVENTS,
  versions: { table: 'library_item_versions', owner: 'item_id' },
  publishProgress: publishItemEvent,
  publishRefresh: publishItemRefresh,
  queue: (trx, id, message, changes) => queueItem(trx, id, message, changes),
};

export const libraryItemProcessing = fileProcessing(ITEM_FILES);
