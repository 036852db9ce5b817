/**
 * A library item as a processor card (spec 2 §Processor, §4): preview, name, status badge in its `status_color`,
 * while PROCESSING the latest geometry event's message followed by '...', the elapsed time (start to finish,
 * running while unfinished), 'Finished at' (local date and time) and 'Uploaded by', each '---' when unknown; the
 * processing details are the model card's pieces (`CardFacts`). Pushes change the item in the cache, and the card
 * with it.
 */
import { useTranslation } from 'react-i18next';
import { PreviewCard } from '@/components/PreviewCard';
import { CardFacts, ProcessingMessage, useCardFacts } from '@/components/processing/CardFacts';
import type { LibraryItem } from '@/resources/library-items/library-items.resource';
import '@/components/processing/processing.css';

export type ItemCardRecord = Pick<
  LibraryItem,
  | 'name'
  | 'status'
  | 'status_color'
  | 'preview_image_url'
  | 'started_at'
  | 'finished_at'
  | 'uploader_name'
  | 'latest_geometry_event'
>;

export function ItemCard({ item }: { item: ItemCardRecord }) {
  const { t } = useTranslation('processor');
  const { processing } = useCardFacts();
  return (
    <PreviewCard
      image={item.preview_image_url}
      name={item.name}
      status={t(`values.${item.status}`, { defaultValue: item.status })}
      statusColor={item.status_color}
      details={
        <>
          <ProcessingMessage record={item} />
          <CardFacts facts={processing(item)} />
        </>
      }
    />
  );
}
