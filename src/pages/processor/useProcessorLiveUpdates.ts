/**
 * The processor's live cards (spec 2 §Processor, §4, §7): models and library items follow their company channels
 * (`Company.{id}.ProjectModel`, `Company.{id}.LibraryItem`) through the live provider: `GeometryEventsUpdated`
 * changes the record in every cached list in place (status, colour, times, message), `RefreshProcessorIndex`
 * refetches the lists on screen (the visible tab). No polling.
 */
import { libraryItems } from '@/resources/library-items/library-items.resource';
import {
  type LiveProcessing,
  useModelLiveUpdates,
  useProcessingLiveUpdates,
} from '@/components/processing/useModelLiveUpdates';

const ITEMS: LiveProcessing = {
  resource: libraryItems.name,
  channel: libraryItems.liveChannel ?? 'LibraryItem',
};

export function useProcessorLiveUpdates(): void {
  useModelLiveUpdates();
  useProcessingLiveUpdates(ITEMS);
}
